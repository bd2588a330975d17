package fieldfight

// Carry-overs: an owned field whose value is read from the live object
// (the same object, or one of the same kind read from the server) keeps
// the owner's value, and the fight is off.

import (
	"go/ast"
	"go/types"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/flow"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/k8s"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/live"
)

// fromLive reports whether the value of e carries the owned field of r
// over from the live object. The engine answers (live.CarriesFrom): the
// value is built from a read of the owned field, of a part holding it, or
// of what holds it, on root (the object written) or on a live variable of
// r's kind or of a struct type on its path (a DeploymentSpec), through
// locals, phis, literals and calls; the parts of the new value set from
// the live object before e count (`spec.Replicas = dep.Spec.Replicas`),
// and so does a helper handed both (`keepReplicas(&spec, dep.Spec)`).
// self, when not nil, is the new value's own variable: not a source,
// though it is live when it is the object written back.
func (c *checker) fromLive(e ast.Expr, r *row, root, self *types.Var) bool {
	pos := e.Pos()
	return c.live.CarriesFrom(e, flow.Carry{Match: func(o types.Object, fields []*types.Var) bool {
		v, ok := o.(*types.Var)
		if !ok || v.IsField() || v == self && v != root {
			return false
		}
		at := 0
		if v != root {
			if at = c.offset(r, v.Type()); at < 0 || c.live.At(v, pos) == live.NotLive {
				return false
			}
		}
		// The fields read and the owned path from v's type are one within
		// the other: `dep.Spec` holds Spec.Replicas, `dep.Spec.Selector`
		// does not.
		rest := r.path[at:]
		for i, f := range fields {
			if i == len(rest) {
				break
			}
			if f.Name() != rest[i] {
				return false
			}
		}
		return true
	}})
}

// writtenAfter reports whether the owned field r of the object held by
// root is assigned whole on a path after the statement or call n: a write
// later in the text but on a branch n is not on checks nothing of what n
// did.
func (c *checker) writtenAfter(root *types.Var, r *row, n ast.Node) bool {
	return c.writtenWhere(root, r, func(x *ast.AssignStmt) bool {
		return x.Pos() >= n.End() && c.flow.Precedes(n, x)
	})
}

// writtenBefore reports whether the owned field r of the object held by
// root is assigned whole before call, on a path that leads to it.
func (c *checker) writtenBefore(root *types.Var, r *row, call *ast.CallExpr) bool {
	return c.writtenWhere(root, r, func(x *ast.AssignStmt) bool {
		return c.flow.Precedes(x, call)
	})
}

// writtenWhere reports whether the owned field r of the object held by
// root is assigned whole by an assignment of the function that keep
// accepts.
func (c *checker) writtenWhere(root *types.Var, r *row, keep func(*ast.AssignStmt) bool) bool {
	found := false
	ast.Inspect(c.fd.Body, func(n ast.Node) bool {
		if found || n == nil {
			return false
		}
		x, ok := n.(*ast.AssignStmt)
		if !ok || !keep(x) {
			return true
		}
		for _, l := range x.Lhs {
			if t, ok := c.targetOf(l); ok && t.root == root {
				if r2, whole, ok := c.rowFor(t); ok && whole && r2 == r {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// use records the type r's kind has in this package, for offset.
func (c *checker) use(r *row, kind types.Type) {
	if c.kinds == nil {
		c.kinds = map[*row]types.Type{}
	}
	if _, ok := c.kinds[r]; !ok {
		c.kinds[r] = kind
	}
}

// offset returns how many of r's path steps lead from its kind to the
// struct type t (0 for the kind, 1 for a DeploymentSpec, 1 for a webhook
// of a configuration's Webhooks list), or -1 when t is not on the path:
// a variable of type t may hold the owned field.
func (c *checker) offset(r *row, t types.Type) int {
	cur := c.kinds[r]
	for i, name := range r.path {
		if n := k8s.Named(cur); n != nil && identicalDeref(t, n) {
			return i
		}
		obj, _, _ := types.LookupFieldOrMethod(cur, true, nil, name)
		f, ok := obj.(*types.Var)
		if !ok {
			return -1
		}
		cur = f.Type()
		if s, ok := types.Unalias(cur).Underlying().(*types.Slice); ok {
			cur = s.Elem()
		}
	}
	return -1
}

func identicalDeref(a, b types.Type) bool {
	if p, ok := types.Unalias(a).(*types.Pointer); ok {
		a = p.Elem()
	}
	if p, ok := types.Unalias(b).(*types.Pointer); ok {
		b = p.Elem()
	}
	return types.Identical(a, b)
}
