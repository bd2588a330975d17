// Package sets is a small generic set library, of the kind many operators
// import from a shared module. It knows nothing of Kubernetes.
package sets

import (
	"cmp"

	"github.com/reconcilelint/reconcilelint/examples/sets/order"
)

// Set holds each member once.
type Set[T comparable] map[T]struct{}

// New returns a set of the given members.
func New[T comparable](members ...T) Set[T] {
	s := make(Set[T], len(members))
	s.Insert(members...)
	return s
}

// Insert adds members.
func (s Set[T]) Insert(members ...T) {
	for _, m := range members {
		s[m] = struct{}{}
	}
}

// Has reports whether m is a member.
func (s Set[T]) Has(m T) bool {
	_, ok := s[m]
	return ok
}

// UnsortedList returns the members in no particular order.
func (s Set[T]) UnsortedList() []T {
	out := make([]T, 0, len(s))
	for m := range s {
		out = append(out, m)
	}
	return out
}

// SortedList returns the members in order, sorted by the library's own
// helper.
func SortedList[T cmp.Ordered](s Set[T]) []T {
	out := s.UnsortedList()
	order.Sort(out)
	return out
}
