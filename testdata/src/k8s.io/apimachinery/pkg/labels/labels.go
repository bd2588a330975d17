// Minimal stand-in for testing reconcilelint. Mirrors k8s.io/apimachinery v0.37.0 pkg/labels;
// only the declarations the tests use, with upstream signatures.
package labels

import "sort"

type Set map[string]string

// String returns the set as selector text, sorted by key.
func (ls Set) String() string {
	keys := make([]string, 0, len(ls))
	for k := range ls {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	s := ""
	for i, k := range keys {
		if i > 0 {
			s += ","
		}
		s += k + "=" + ls[k]
	}
	return s
}

func (ls Set) Has(label string) bool { _, ok := ls[label]; return ok }

func (ls Set) Get(label string) string { return ls[label] }

// Merge combines two sets; labels2 wins on conflicts.
func Merge(labels1, labels2 Set) Set {
	merged := Set{}
	for k, v := range labels1 {
		merged[k] = v
	}
	for k, v := range labels2 {
		merged[k] = v
	}
	return merged
}

type Selector interface {
	String() string
}

type setSelector Set

func (s setSelector) String() string { return Set(s).String() }

func SelectorFromSet(ls Set) Selector { return setSelector(ls) }
