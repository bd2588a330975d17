package off

import "maporder/settings/model"

func build(o *model.Options, m map[string]string) {
	for k := range m {
		o.Args = append(o.Args, k)
	}
}
