// Package order holds the set library's own sorting helper.
package order

import (
	"cmp"
	"slices"
)

// Sort sorts list in place.
func Sort[T cmp.Ordered](list []T) {
	slices.Sort(list)
}
