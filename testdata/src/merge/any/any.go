package any // want `merges: true`

// The overlay loop comes first; the loop after it merges nothing, and must
// not hide it.
func overlay(live, desired map[string]string) int {
	for k, v := range desired {
		live[k] = v
	}
	n := 0
	for range live {
		n++
	}
	return n
}
