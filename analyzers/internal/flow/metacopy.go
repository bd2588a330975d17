package flow

// Metadata copies: which parameter of a function takes its
// resourceVersion from which other (`cloneMeta(desired, current)` that
// calls desired.SetResourceVersion(current.GetResourceVersion())). An
// object sent with Update after such a copy is the inverse form of a
// wholesale replacement (live.Inverse), and so is a call of a function
// that makes the copy and sends the object itself (Overwrites), of any
// package.

import (
	"go/token"
	"go/types"
	"slices"

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
	f := r.function(fn)
	if f == nil {
		return nil
	}
	var out [][2]int
	for _, c := range r.metaCopies(f) {
		out = append(out, c.pair)
	}
	return out
}

// Overwrites returns the pairs (into, from) of parameter indexes of fn (the
// receiver of a method is 0) such that fn sends parameter into with the
// client's Update after a metadata copy (MetaCopies) from parameter from
// that runs before it on every path: the caller's object into is written
// over the object from holds. For a function of another package, what its
// Summary fact says.
func (r *Result) Overwrites(fn *types.Func) [][2]int {
	if fn == nil {
		return nil
	}
	if f := r.function(fn); f != nil {
		return r.overwrites(f)
	}
	if fn.Pkg() != nil {
		if sum := r.importSummary(fn.Origin()); sum != nil {
			return sum.Overwrites
		}
	}
	return nil
}

// function returns the SSA function of fn, a function of this package with
// a body, made ready for the questions of this file; nil otherwise.
func (r *Result) function(fn *types.Func) *ssa.Function {
	r.ensure()
	if r.Pkg == nil || fn == nil || fn.Pkg() != r.Pkg.Pkg {
		return nil
	}
	f := r.Pkg.Prog.FuncValue(fn)
	if f == nil || len(f.Blocks) == 0 {
		return nil
	}
	return f
}

type metaCopy struct {
	pair  [2]int
	instr ssa.Instruction
}

// metaCopies returns the metadata copies f makes between its parameters.
func (r *Result) metaCopies(f *ssa.Function) []metaCopy {
	var out []metaCopy
	add := func(into, from ssa.Value, instr ssa.Instruction) {
		// The indexes Locate needs are made only for a function that
		// sets a resourceVersion.
		r.indexOnce.Do(r.index)
		r.carryOnce.Do(r.indexVars)
		i, j := r.paramIndex(f, into), r.versionSource(f, from)
		if i >= 0 && j >= 0 && i != j {
			out = append(out, metaCopy{[2]int{i, j}, instr})
		}
	}
	for _, b := range f.Blocks {
		for _, instr := range b.Instrs {
			switch x := instr.(type) {
			case *ssa.Call:
				if recv, arg, ok := setResourceVersion(x.Common()); ok {
					add(recv, arg, x)
				}
			case *ssa.Store:
				if fa, ok := x.Addr.(*ssa.FieldAddr); ok && isResourceVersion(fa) {
					add(fa.X, x.Val, x)
				}
			}
		}
	}
	return out
}

// overwrites answers Overwrites for a function of this package.
func (r *Result) overwrites(f *ssa.Function) [][2]int {
	copies := r.metaCopies(f)
	if len(copies) == 0 {
		return nil
	}
	var out [][2]int
	for _, b := range f.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			c := call.Common()
			fn := calleeObject(c)
			args := argsOf(c)
			if fn == nil || !IsClientMethod(fn, "Update") || len(args) < 2 {
				continue
			}
			// Every path that succeeds sends the object: a helper that
			// decides by itself whether to send it (a comparison of the
			// two, a patch found empty) is not an overwrite, since its
			// decision may spare the live object's template.
			into := r.paramIndex(f, args[1])
			if into < 0 || !passes(f, []ssa.Instruction{call}, nil) {
				continue
			}
			for _, mc := range copies {
				if mc.pair[0] == into && passes(f, []ssa.Instruction{mc.instr}, []ssa.Instruction{call}) && !slices.Contains(out, mc.pair) {
					out = append(out, mc.pair)
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
