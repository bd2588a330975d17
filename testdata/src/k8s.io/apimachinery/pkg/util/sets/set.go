// Minimal stand-in for testing reconcilelint. Mirrors k8s.io/apimachinery v0.37.0 pkg/util/sets;
// only the declarations the tests use, with upstream signatures.
package sets

import (
	"cmp"
	"slices"
)

type Empty struct{}

type Set[T comparable] map[T]Empty

func New[T comparable](items ...T) Set[T] {
	ss := make(Set[T], len(items))
	ss.Insert(items...)
	return ss
}

func (s Set[T]) Insert(items ...T) Set[T] {
	for _, item := range items {
		s[item] = Empty{}
	}
	return s
}

func (s Set[T]) Has(item T) bool { _, ok := s[item]; return ok }

func (s Set[T]) Len() int { return len(s) }

// List returns the contents as a sorted T slice.
func List[T cmp.Ordered](s Set[T]) []T {
	res := make([]T, 0, len(s))
	for key := range s {
		res = append(res, key)
	}
	slices.Sort(res)
	return res
}

// UnsortedList returns the slice with contents in random order.
func (s Set[T]) UnsortedList() []T {
	res := make([]T, 0, len(s))
	for key := range s {
		res = append(res, key)
	}
	return res
}

// String is a set of strings (deprecated upstream, still common).
type String map[string]Empty

func NewString(items ...string) String {
	ss := String{}
	for _, item := range items {
		ss[item] = Empty{}
	}
	return ss
}

func (s String) UnsortedList() []string {
	res := make([]string, 0, len(s))
	for key := range s {
		res = append(res, key)
	}
	return res
}

func (s String) List() []string {
	res := s.UnsortedList()
	slices.Sort(res)
	return res
}
