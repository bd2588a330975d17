package flow

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/k8s"
)

// BeforeCreation reports whether the point pos runs only on the branch
// where the object v holds has not been created yet: under `if
// v.CreationTimestamp.IsZero()` or `if v.ResourceVersion == ""` (the
// GetCreationTimestamp and GetResourceVersion accessors too), or past the
// negation's other branch. In a CreateOrUpdate mutate function that branch
// runs only before the Create: the object there is not the server's, and
// a field set wholesale there (an immutable selector, a Pod's spec) is
// set once. The test must be in pos's own function and its branch must
// be entered from the test alone.
func (r *Result) BeforeCreation(v *types.Var, pos token.Pos) bool {
	if !r.ready() || len(r.refs[v]) == 0 {
		return false
	}
	r.indexOnce.Do(r.index)
	r.carryOnce.Do(r.indexVars)
	point := r.points[pos]
	if point == nil || point.Block() == nil {
		return false
	}
	at := point.Block()
	for _, b := range point.Parent().Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		branch, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		want, ok := r.notCreatedTest(branch.Cond, v)
		if !ok {
			continue
		}
		succ := b.Succs[want]
		if len(succ.Preds) == 1 && succ.Dominates(at) {
			return true
		}
	}
	return false
}

// notCreatedTest reports whether cond tests that v's object has not been
// created, and which successor of the branch on it (0 for true, 1 for
// false) is the not-created one.
func (r *Result) notCreatedTest(cond ssa.Value, v *types.Var) (int, bool) {
	switch c := cond.(type) {
	case *ssa.UnOp:
		if c.Op == token.NOT {
			if want, ok := r.notCreatedTest(c.X, v); ok {
				return 1 - want, true
			}
		}
	case *ssa.Call:
		// v.CreationTimestamp.IsZero(), v.GetCreationTimestamp().IsZero()
		fn := calleeObject(c.Common())
		if fn == nil || !k8s.IsMethodIn(fn, k8s.MetaV1, "IsZero") || len(c.Call.Args) != 1 {
			return 0, false
		}
		if r.metaOf(c.Call.Args[0], v, "CreationTimestamp") {
			return 0, true
		}
	case *ssa.BinOp:
		// v.ResourceVersion == "", v.GetResourceVersion() != ""
		if c.Op != token.EQL && c.Op != token.NEQ {
			return 0, false
		}
		x, y := c.X, c.Y
		if isEmptyString(x) {
			x, y = y, x
		}
		if !isEmptyString(y) || !r.metaOf(x, v, "ResourceVersion") {
			return 0, false
		}
		if c.Op == token.EQL {
			return 0, true
		}
		return 1, true
	}
	return 0, false
}

// metaOf reports whether x is v's metadata field name: read through the
// fields (`v.CreationTimestamp`, its address, a copy of it in a local) or
// returned by its accessor (`v.GetResourceVersion()`).
func (r *Result) metaOf(x ssa.Value, v *types.Var, name string) bool {
	if a, ok := x.(*ssa.Alloc); ok {
		// A method called on a copy (`v.GetCreationTimestamp().IsZero()`).
		st := storedInto(a)
		if len(st) != 1 {
			return false
		}
		x = st[0]
	}
	if call, ok := x.(*ssa.Call); ok {
		fn := calleeObject(call.Common())
		if fn == nil || fn.Name() != "Get"+name || len(call.Call.Args) != 1 {
			return false
		}
		return r.rootedAt(call.Call.Args[0], v)
	}
	roots, fields := r.rootFields(x)
	return len(fields) > 0 && fields[len(fields)-1].Name() == name && slices.Contains(roots, v)
}

// rootedAt reports whether x is v's object, read through conversions and
// loads (a receiver handed on as an interface), or an embedded part of it
// (the ObjectMeta a promoted accessor is called on).
func (r *Result) rootedAt(x ssa.Value, v *types.Var) bool {
	if mi, ok := x.(*ssa.MakeInterface); ok {
		x = mi.X
	}
	roots, fields := r.rootFields(x)
	for _, f := range fields {
		if !f.Embedded() {
			return false // a part of the object, not the object (its ObjectMeta, for a promoted accessor, is)
		}
	}
	return slices.Contains(roots, v)
}

// rootFields returns the variables x is read from and the fields selected
// on the way, outermost first: ssaPath's walk, with the variable of a
// value a closure captured too.
func (r *Result) rootFields(x ssa.Value) ([]*types.Var, []*types.Var) {
	root, fields, ok := walkPath(x)
	if !ok {
		return nil, nil
	}
	return r.varsOf(root), fields
}

// isEmptyString reports whether v is the constant "".
func isEmptyString(v ssa.Value) bool {
	s, ok := constString(v)
	return ok && s == ""
}

// constString returns the value of v, a string constant.
func constString(v ssa.Value) (string, bool) {
	c, ok := v.(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(c.Value), true
}
