// Minimal stand-in for testing reconcilelint. Mirrors golang.org/x/exp
// v0.0.0-20240506185415 maps; only the declarations the tests use.
package maps

// Keys returns the keys of the map m, in indeterminate order.
func Keys[M ~map[K]V, K comparable, V any](m M) []K {
	r := make([]K, 0, len(m))
	for k := range m {
		r = append(r, k)
	}
	return r
}

// Values returns the values of the map m, in indeterminate order.
func Values[M ~map[K]V, K comparable, V any](m M) []V {
	r := make([]V, 0, len(m))
	for _, v := range m {
		r = append(r, v)
	}
	return r
}
