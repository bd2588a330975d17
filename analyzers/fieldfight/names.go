package fieldfight

// Names: an autoscaler scales the object its target names. When the
// target's name and the workload's name are both computed from things the
// flow engine can tell (flow.Sources), and they share none, the workload
// is another one of the same kind: `maintenanceName(cr)` is not the
// `baseName(cr)` the autoscaler targets.

import (
	"go/ast"
	"go/types"
	"maps"
	"strings"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/astutil"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/flow"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/k8s"
)

// sameName reports whether the object held by root may be the one target
// names: unless both names are known and computed from nothing in common.
func (c *checker) sameName(target ast.Expr, root *types.Var) bool {
	if target == nil || root == nil {
		return true
	}
	name := c.nameOf(root)
	if name == nil {
		return true
	}
	a, b := c.flow.Sources(target), c.flow.Sources(name)
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

// nameOf returns the expression the object held by root is named with in
// the function being checked: its literal's ObjectMeta.Name, an
// assignment of its Name, SetName, or the key it is read with.
func (c *checker) nameOf(root *types.Var) ast.Expr {
	info := c.pass.TypesInfo
	init := c.inits[root]
	if lit := compositeOf(init); lit != nil {
		if meta := fieldValue(lit, "ObjectMeta"); meta != nil {
			if m := compositeOf(meta); m != nil {
				if n := fieldValue(m, "Name"); n != nil {
					return n
				}
			}
		}
	}
	if call, ok := ast.Unparen(init).(*ast.CallExpr); ok && k8s.Callee(info, call) != nil {
		// A constructor: the name is made inside it from what it is
		// given, so the call stands for it (flow.Sources keeps the callee
		// and its constant arguments).
		return call
	}
	var found ast.Expr
	ast.Inspect(c.fd.Body, func(n ast.Node) bool {
		if found != nil {
			return false
		}
		switch x := n.(type) {
		case *ast.AssignStmt:
			for i, l := range x.Lhs {
				sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
				if !ok || i >= len(x.Rhs) || astutil.RootVar(info, sel.X) != root || sel.Sel.Name != "Name" {
					continue
				}
				if f, ok := info.Uses[sel.Sel].(*types.Var); ok && f.Pkg() != nil && f.Pkg().Path() == k8s.MetaV1 {
					found = x.Rhs[i]
				}
			}
		case *ast.CallExpr:
			fn := k8s.Callee(info, x)
			if fn == nil {
				return true
			}
			if k8s.IsMethodIn(fn, k8s.MetaV1, "SetName") && len(x.Args) == 1 {
				if sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr); ok && astutil.RootVar(info, sel.X) == root {
					found = x.Args[0]
				}
			}
			if fn.Name() == "Get" && len(x.Args) >= 3 && astutil.RootVar(info, x.Args[2]) == root {
				key := x.Args[1]
				if id, ok := ast.Unparen(key).(*ast.Ident); ok {
					if v := astutil.IdentVar(info, id); v != nil {
						key = c.inits[v]
					}
				}
				if lit := compositeOf(key); lit != nil {
					found = fieldValue(lit, "Name")
				}
			}
		}
		return found == nil
	})
	return found
}

// compositeOf returns e as a composite literal (through &), or nil.
func compositeOf(e ast.Expr) *ast.CompositeLit {
	if e == nil {
		return nil
	}
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok {
		e = ast.Unparen(u.X)
	}
	lit, _ := e.(*ast.CompositeLit)
	return lit
}

// fieldValue returns the value given to the field name in lit, or nil.
func fieldValue(lit *ast.CompositeLit, name string) ast.Expr {
	for _, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok && id.Name == name {
				return kv.Value
			}
		}
	}
	return nil
}
