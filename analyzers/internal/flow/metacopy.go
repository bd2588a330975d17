package flow

// Metadata copies: which parameter of a function takes its
// resourceVersion from which other (`cloneMeta(desired, current)` that
// calls desired.SetResourceVersion(current.GetResourceVersion())). An
// object sent with Update after such a copy is the inverse form of a
// wholesale replacement (live.Inverse).

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/k8s"
)

// MetaCopies returns the pairs (into, from) of parameter indexes of fn, a
// function of this package (the receiver of a method is 0), such that fn
// sets parameter into's resourceVersion to parameter from's: with
// SetResourceVersion(GetResourceVersion()) on the objects or their
// ObjectMeta, or by storing one ObjectMeta.ResourceVersion into the
// other. It returns nil for a function of another package.
func (r *Result) MetaCopies(fn *types.Func) [][2]int {
	r.ensure()
	if r.Pkg == nil || fn == nil || fn.Pkg() != r.Pkg.Pkg {
		return nil
	}
	r.indexOnce.Do(r.index)
	r.carryOnce.Do(r.indexVars)
	f := r.Pkg.Prog.FuncValue(fn)
	if f == nil || len(f.Blocks) == 0 {
		return nil
	}
	var out [][2]int
	add := func(into, from int) {
		if into >= 0 && from >= 0 && into != from {
			out = append(out, [2]int{into, from})
		}
	}
	for _, b := range f.Blocks {
		for _, instr := range b.Instrs {
			switch x := instr.(type) {
			case *ssa.Call:
				recv, arg, ok := setResourceVersion(x.Common())
				if ok {
					add(r.paramIndex(f, recv), r.versionSource(f, arg))
				}
			case *ssa.Store:
				if fa, ok := x.Addr.(*ssa.FieldAddr); ok && isResourceVersion(fa) {
					add(r.paramIndex(f, fa.X), r.versionSource(f, x.Val))
				}
			}
		}
	}
	return out
}

// setResourceVersion returns the receiver and argument of a call of
// SetResourceVersion on an object or an ObjectMeta.
func setResourceVersion(c *ssa.CallCommon) (recv, arg ssa.Value, ok bool) {
	if c.IsInvoke() {
		if c.Method.Name() == "SetResourceVersion" && len(c.Args) == 1 {
			return c.Value, c.Args[0], true
		}
		return nil, nil, false
	}
	fn := calleeObject(c)
	if fn == nil || fn.Name() != "SetResourceVersion" || len(c.Args) != 2 {
		return nil, nil, false
	}
	return c.Args[0], c.Args[1], true
}

// isResourceVersion reports whether fa addresses ObjectMeta's
// ResourceVersion.
func isResourceVersion(fa *ssa.FieldAddr) bool {
	f := fieldOf(fa.X.Type(), fa.Field, true)
	return f != nil && f.Name() == "ResourceVersion" && f.Pkg() != nil && f.Pkg().Path() == k8s.MetaV1
}

// versionSource returns the parameter of f whose resourceVersion v is:
// GetResourceVersion() of it, or a load of its ResourceVersion field;
// -1 otherwise.
func (r *Result) versionSource(f *ssa.Function, v ssa.Value) int {
	switch x := v.(type) {
	case *ssa.Call:
		c := x.Common()
		if c.IsInvoke() {
			if c.Method.Name() == "GetResourceVersion" {
				return r.paramIndex(f, c.Value)
			}
			return -1
		}
		if fn := calleeObject(c); fn != nil && fn.Name() == "GetResourceVersion" && len(c.Args) == 1 {
			return r.paramIndex(f, c.Args[0])
		}
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL && isResourceVersion(fa) {
			return r.paramIndex(f, fa.X)
		}
	}
	return -1
}

// paramIndex returns the index in f.Params of the parameter that v is
// rooted at (Locate's root: through conversions, loads and field
// addresses, such as an ObjectMeta of it); -1 otherwise.
func (r *Result) paramIndex(f *ssa.Function, v ssa.Value) int {
	root := r.locate(v).Root
	for i, p := range f.Params {
		if root != nil && p.Object() == root {
			return i
		}
	}
	return -1
}
