package none // want `merges: false`

import "maps"

// Maps read, cloned and ranged over, but nothing copied into another map.
func keys(m map[string]string) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	_ = maps.Clone(m)
	return out
}
