// Package kv is a module's generic map library.
package kv

// Union returns a new map with the entries of every map, later ones
// winning.
func Union[M ~map[K]V, K comparable, V any](ms ...M) M {
	out := M{}
	for _, m := range ms {
		for k, v := range m {
			out[k] = v
		}
	}
	return out
}

// Filter returns the entries of m that keep accepts.
func Filter[M ~map[K]V, K comparable, V any](m M, keep func(K, V) bool) M {
	out := M{}
	for k, v := range m {
		if keep(k, v) {
			out[k] = v
		}
	}
	return out
}
