package fieldfight

// Carry-overs: an owned field whose value is read from the live object
// (the same object, or one of the same kind read from the server) keeps
// the owner's value, and the fight is off.

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/astutil"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/funcs"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/k8s"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/live"
)

// fromLive reports whether e reads the owned field of r (or a part that
// holds it) from the live object: from root, the object written, or from
// a live variable of r's kind or of a type on r's path (DeploymentSpec),
// directly or through the locals it was computed from.
func (c *checker) fromLive(e ast.Expr, r *row, root *types.Var, depth int) bool {
	if e == nil || depth > aliasDepth {
		return false
	}
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if found {
			return false
		}
		switch x := n.(type) {
		case *ast.Ident, *ast.SelectorExpr, *ast.IndexExpr, *ast.StarExpr:
			// A location is judged whole: `dep.Name` is not the object's spec.
			found = c.liveLocation(x.(ast.Expr), r, root, depth)
			return false
		}
		return true
	})
	return found
}

// liveLocation reports whether x, a location, holds the owned field of r
// (or a part holding it) of the live object.
func (c *checker) liveLocation(x ast.Expr, r *row, root *types.Var, depth int) bool {
	info := c.pass.TypesInfo
	if !c.relevant(info.TypeOf(x), r) {
		return false
	}
	v := astutil.RootVar(info, x)
	if v == nil {
		return false
	}
	if v == root || c.onPath(v.Type(), r) && c.live.At(v, x.Pos()) != live.NotLive {
		return true
	}
	if init := c.inits[v]; init != nil {
		return c.fromLive(init, r, root, depth+1)
	}
	return false
}

// carriedBefore reports whether, before pos, the new value (held by d,
// nil when it is not a variable) took the owned field from the live object
// at root: an assignment of the field (by its name) from the live object,
// or a helper handed both a part of d and a part of the live object
// (`keepReplicas(&desired, dep.Spec)`).
func (c *checker) carriedBefore(d *types.Var, r *row, root *types.Var, pos token.Pos) bool {
	info := c.pass.TypesInfo
	last := r.path[len(r.path)-1]
	found := false
	ast.Inspect(c.fd.Body, func(n ast.Node) bool {
		if found || n == nil || n.Pos() >= pos {
			return false
		}
		switch x := n.(type) {
		case *ast.AssignStmt:
			for i, l := range x.Lhs {
				if i < len(x.Rhs) && lastField(info, l) == last && c.fromLive(x.Rhs[i], r, root, 0) {
					found = true
				}
			}
		case *ast.CallExpr:
			if d != nil && c.handedBoth(x, d, r, root) {
				found = true
			}
		}
		return !found
	})
	return found
}

// handedBoth reports whether call is given a part of the value rooted at
// d (not its metadata) and a part of the live object.
func (c *checker) handedBoth(call *ast.CallExpr, d *types.Var, r *row, root *types.Var) bool {
	info := c.pass.TypesInfo
	mine, theirs := false, false
	for _, arg := range call.Args {
		if t := info.TypeOf(arg); t != nil && k8s.IsNamed(t, k8s.MetaV1, "ObjectMeta") {
			continue // a metadata merge carries no spec field
		}
		if astutil.RootVar(info, arg) == d && d != root {
			mine = true
		} else if c.fromLive(arg, r, root, 0) {
			theirs = true
		}
	}
	return mine && theirs
}

// writtenAfter reports whether the owned field of r on root is written
// after as, in the same function: that write is checked on its own.
func (c *checker) writtenAfter(root *types.Var, r *row, as *ast.AssignStmt) bool {
	found := false
	ast.Inspect(c.fd.Body, func(n ast.Node) bool {
		if found || n == nil {
			return false
		}
		x, ok := n.(*ast.AssignStmt)
		if !ok || x.Pos() < as.End() {
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

// lastField returns the name of the field e selects last, or "".
func lastField(info *types.Info, e ast.Expr) string {
	p, ok := astutil.PathOf(info, e)
	if !ok {
		return ""
	}
	for i := len(p.Steps) - 1; i >= 0; i-- {
		if f := p.Steps[i].Field; f != nil {
			return f.Name()
		}
	}
	return ""
}

// pathTypes returns the types along r's path from its kind, the owned
// field's included (struct fields through pointers, slices' elements).
func pathTypes(r *row, kind types.Type) []types.Type {
	out := []types.Type{kind}
	t := kind
	for _, name := range r.path {
		obj, _, _ := types.LookupFieldOrMethod(t, true, nil, name)
		f, ok := obj.(*types.Var)
		if !ok {
			break
		}
		t = f.Type()
		out = append(out, t)
		if s, ok := types.Unalias(t).Underlying().(*types.Slice); ok {
			t = s.Elem()
			out = append(out, t)
		}
	}
	return out
}

// use records the types along r's path from kind, the type its kind has
// in this package, for relevant and onPath.
func (c *checker) use(r *row, kind types.Type) {
	if c.types == nil {
		c.types = map[*row][]types.Type{}
	}
	if _, ok := c.types[r]; !ok {
		c.types[r] = pathTypes(r, kind)
	}
}

// relevant reports whether a value of type t can hold r's owned field:
// the kind, a type on its path, or the field's own type (a pointer's
// element included).
func (c *checker) relevant(t types.Type, r *row) bool {
	if t == nil {
		return false
	}
	for _, p := range c.types[r] {
		if identicalDeref(t, p) {
			return true
		}
	}
	return false
}

// onPath reports whether t is r's kind or a struct type on its path: a
// variable of such a type is a live object, or a part of one, whose owned
// field a carry-over reads.
func (c *checker) onPath(t types.Type, r *row) bool {
	ts := c.types[r]
	if len(ts) == 0 {
		return false
	}
	for _, p := range ts[:len(ts)-1] {
		if n := k8s.Named(p); n != nil && identicalDeref(t, n) {
			return true
		}
	}
	return false
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

// builtHere reports whether the value e is built by the module: a
// literal, a call of a function of the module, or a local computed from
// one. A parameter, or an element of a list a caller passed, is not
// known: a caller may have filled what the evidence cannot tell (a
// caBundle set by a test environment before the objects reach here).
func (c *checker) builtHere(e ast.Expr, depth int) bool {
	if e == nil || depth > aliasDepth {
		return false
	}
	if astutil.IsFresh(e) {
		return true
	}
	if call, ok := ast.Unparen(e).(*ast.CallExpr); ok {
		fn := k8s.Callee(c.pass.TypesInfo, call)
		return fn != nil && funcs.InModule(c.pass, fn.Pkg())
	}
	v := astutil.RootVar(c.pass.TypesInfo, e)
	if v == nil {
		return false
	}
	return c.builtHere(c.inits[v], depth+1)
}
