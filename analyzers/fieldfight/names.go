package fieldfight

// Names: an autoscaler scales the object its target names. When the
// target's name and the workload's name are both computed from things the
// flow engine can tell (flow.Sources, flow.NameSources), and they share
// none, the workload is another one of the same kind:
// `maintenanceName(cr)` is not the `baseName(cr)` the autoscaler targets.

import (
	"go/ast"
	"go/types"
	"maps"
	"strings"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/flow"
)

// sameName reports whether the object held by root may be the one target
// names: unless both names are known and computed from nothing in common.
func (c *checker) sameName(target ast.Expr, root *types.Var) bool {
	if target == nil || root == nil {
		return true
	}
	a, b := c.flow.Sources(target), c.flow.NameSources(root)
	if a == nil || b == nil {
		return true
	}
	shared := false
	for s := range a {
		if b[s] {
			shared = true
		}
	}
	if !shared {
		return false
	}
	// The same values with other constant text (`cr.Name` against
	// `cr.Name + "-router"`, or fmt.Sprintf("%s-router", cr.Name)) make
	// another name.
	return !sameValues(a, b) || maps.Equal(constText(a), constText(b))
}

// sameValues reports whether a and b are computed from the same values
// besides constants.
func sameValues(a, b map[flow.Source]bool) bool {
	count := 0
	for s := range a {
		if s.Obj != nil {
			if !b[s] {
				return false
			}
			count++
		}
	}
	for s := range b {
		if s.Obj != nil {
			count--
		}
	}
	return count == 0
}

// constText returns the constant text of a name's sources, formatting
// verbs dropped: "%s-router" and "-router" are the same text.
func constText(srcs map[flow.Source]bool) map[string]bool {
	out := map[string]bool{}
	for s := range srcs {
		if s.Obj != nil {
			continue
		}
		t := s.Const
		for _, verb := range []string{"%s", "%v", "%d", "%q"} {
			t = strings.ReplaceAll(t, verb, "")
		}
		if t != "" {
			out[t] = true
		}
	}
	return out
}
