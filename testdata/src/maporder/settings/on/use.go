package on

import "maporder/settings/model"

func build(o *model.Options, m map[string]string) {
	for k := range m { // want `range over map m feeds Options.Args in map order`
		o.Args = append(o.Args, k)
	}
}
