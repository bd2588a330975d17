package flow

// Origin: where a value comes from within its own function, for a
// question asked of the function's callers (is the value a caller hands
// over built by the module, or data nobody here can see?).

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// An Origin is where a value comes from, as far as its function tells:
// the parameters it is, or is read from; the functions whose results it
// is; whether the function allocates it itself (a literal, new, a local);
// the functions handed the address of such a local, or of one of its
// fields, which may fill it (a decoder, a library reading files); and
// whether anything else feeds it (a global, a dynamic call, a receive),
// which leaves the origin unknown.
type Origin struct {
	Params  []*types.Var
	Funcs   []*types.Func
	Calls   []*ast.CallExpr // the calls of Funcs, where the syntax has them
	Fresh   bool
	Consts  []constant.Value // the constants among what it is (Fresh too)
	Fillers []*types.Func
	Other   bool
}

// Param returns the parameter the value is, or is read from, when that is
// all it comes from: one parameter, nothing allocated here, no call's
// result, nothing else. Otherwise nil.
func (o Origin) Param() *types.Var {
	if o.Other || o.Fresh || len(o.Funcs) > 0 || len(o.Params) == 0 {
		return nil
	}
	for _, p := range o.Params[1:] {
		if p != o.Params[0] {
			return nil
		}
	}
	return o.Params[0]
}

// originBudget bounds the values visited for one question.
const originBudget = 64

// Origin returns where the value of e comes from: through phis,
// conversions, interface boxing, type assertions and type switches,
// fields, elements and pointers read from a value (a part of a parameter
// comes from that parameter), the locals a value is stored in, and the
// variables a closure captures. Calls are not entered: a static callee is
// the origin. ok is false when the engine has no value for e, or the
// budget ran out.
func (r *Result) Origin(e ast.Expr) (Origin, bool) {
	if !r.ready() || r.graph == nil {
		return Origin{}, false
	}
	refs := r.exprs[ast.Unparen(e)]
	if len(refs) == 0 {
		return Origin{}, false
	}
	o := &origins{r: r, seen: map[ssa.Value]bool{}, budget: originBudget}
	for _, ref := range refs {
		o.visit(ref.X)
	}
	if o.budget == 0 {
		return Origin{}, false
	}
	return o.out, true
}

type origins struct {
	r      *Result
	out    Origin
	seen   map[ssa.Value]bool
	budget int
}

func (o *origins) visit(v ssa.Value) {
	if v == nil || o.seen[v] || o.budget == 0 {
		return
	}
	o.seen[v] = true
	o.budget--
	switch x := v.(type) {
	case *ssa.Parameter:
		if p, ok := x.Object().(*types.Var); ok {
			o.out.Params = append(o.out.Params, p)
			return
		}
		o.out.Other = true
	case *ssa.Const:
		o.out.Fresh = true
		if x.Value != nil {
			o.out.Consts = append(o.out.Consts, x.Value)
		}
	case *ssa.Alloc:
		o.fillers(x, 0)
		stored := storedInto(x)
		if len(stored) == 0 {
			o.out.Fresh = true // filled through its fields, or by a callee handed &x
		}
		for _, s := range stored {
			o.visit(s)
		}
	case *ssa.MakeMap, *ssa.MakeSlice, *ssa.MakeChan, *ssa.MakeClosure:
		o.out.Fresh = true
	case *ssa.Phi:
		for _, e := range x.Edges {
			o.visit(e)
		}
	case *ssa.ChangeType:
		o.visit(x.X)
	case *ssa.Convert:
		o.visit(x.X)
	case *ssa.MakeInterface:
		o.visit(x.X)
	case *ssa.ChangeInterface:
		o.visit(x.X)
	case *ssa.TypeAssert:
		o.visit(x.X)
	case *ssa.Slice:
		o.visit(x.X)
	case *ssa.Field:
		o.visit(x.X)
	case *ssa.FieldAddr:
		o.visit(x.X)
	case *ssa.Index:
		o.visit(x.X)
	case *ssa.IndexAddr:
		o.visit(x.X)
	case *ssa.Lookup:
		o.visit(x.X)
	case *ssa.Extract:
		o.visit(x.Tuple)
	case *ssa.UnOp:
		if x.Op != token.MUL {
			o.out.Other = true
			return
		}
		o.visit(x.X)
	case *ssa.FreeVar:
		bound := o.r.graph.bindings(x)
		if len(bound) == 0 {
			o.out.Other = true
		}
		for _, b := range bound {
			o.visit(b)
		}
	case *ssa.Call:
		callee := x.Common().StaticCallee()
		if callee == nil {
			o.out.Other = true
			return
		}
		fn, ok := callee.Object().(*types.Func)
		if !ok {
			o.out.Other = true // a closure called in place
			return
		}
		o.out.Funcs = append(o.out.Funcs, fn.Origin())
		if call := o.r.callExprs[x]; call != nil {
			o.out.Calls = append(o.out.Calls, call)
		}
	default:
		o.out.Other = true
	}
}

// fillers records the calls handed addr, or the address of a field or
// element below it (two levels), as an argument: `json.Unmarshal(raw,
// &crd)`, `envtest.ReadCRDFiles(&opts)` before `opts.CRDs` is read.
func (o *origins) fillers(addr ssa.Value, depth int) {
	for _, use := range *referrers(addr) {
		switch u := use.(type) {
		case *ssa.Call:
			common := u.Common()
			if common.Signature().Recv() != nil && len(common.Args) > 0 && common.Args[0] == addr {
				continue // a method of the value itself (SetName) sets what the caller chose
			}
			var fn *types.Func
			if callee := common.StaticCallee(); callee != nil {
				fn, _ = callee.Object().(*types.Func)
			}
			if fn == nil {
				o.out.Other = true // handed to a dynamic call: anything may fill it
				continue
			}
			o.out.Fillers = append(o.out.Fillers, fn.Origin())
		case *ssa.FieldAddr:
			if depth < 2 {
				o.fillers(u, depth+1)
			}
		case *ssa.IndexAddr:
			if depth < 2 {
				o.fillers(u, depth+1)
			}
		}
	}
}

// Built reports whether e is a call that makes a new object rather than
// handing one on: a static call, given no value that it could return as
// its result (an argument of the result's type, or of an interface that
// type implements), of a function that returns no live object (of this
// package: none of its returned values is read from the server or copied
// from what was, or handed to it as a callback's object; of another: its
// Summary has no live result). `desired(cr)` is built; `fetch(ctx, key)`,
// `scaled(live.DeepCopy())` and a call of a function value are not.
func (r *Result) Built(e ast.Expr) bool {
	if !r.ready() {
		return false
	}
	var call *ssa.Call
	for _, ref := range r.exprs[ast.Unparen(e)] {
		if c, ok := ref.X.(*ssa.Call); ok && !ref.IsAddr {
			call = c
		}
	}
	if call == nil || call.Common().StaticCallee() == nil {
		return false
	}
	res := call.Type()
	for _, a := range call.Common().Args {
		t := a.Type()
		if types.Identical(t, res) || types.IsInterface(t) && types.Implements(res, t.Underlying().(*types.Interface)) {
			return false // may be the result
		}
	}
	fn := calleeObject(call.Common())
	if f := r.function(fn); f != nil {
		for _, b := range f.Blocks {
			if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && len(ret.Results) == 1 {
				if why := r.live[ret.Results[0]]; IsRead(why) || why == Derived || why == Callback {
					return false
				}
			}
		}
		return true
	}
	if fn == nil || fn.Pkg() == r.Pkg.Pkg {
		return false // a closure, or a function without a body
	}
	for _, sum := range r.summariesAt(call) {
		if len(sum.Results) > 0 {
			return false
		}
	}
	return true
}
