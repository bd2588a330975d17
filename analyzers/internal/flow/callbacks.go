package flow

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// A HandOff says that a function calls one of its function parameters,
// Fn, with the object of another, From, as argument Arg: a
// create-or-update helper of another package handing the object it read
// to the mutate function its caller passes (`kube.CreateOrUpdate(ctx, c,
// obj, func(live *appsv1.Deployment) {...})`). Why is From's liveness
// inside the helper (NotLive when it depends on the caller's argument).
// From is -1 when the object is the helper's own (it makes it and reads
// it, `var obj T` handed to controllerutil.CreateOrUpdate), and Why says
// why it is live. Fn may be a list of functions, each of which is called
// (`mutators ...Mutator[T]`), and the call may be made in a closure of
// the helper.
type HandOff struct {
	Fn, Arg, From int
	Why           Reason
}

// A Returned says that result Result of a function is result FnResult of
// a call of its function parameter Fn: `return items(list)`.
type Returned struct {
	Result, Fn, FnResult int
}

// callbacks returns what fn does with its function parameters: which it
// calls with which of its objects, and whose results it returns.
func (s *solver) callbacks(fn *ssa.Function) ([]HandOff, []Returned) {
	params := sigParams(fn)
	index := func(v ssa.Value) int { return s.paramIndex(params, v, false) }
	var calls []HandOff
	var rets []Returned
	for _, f := range withClosures(fn) {
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				switch in := instr.(type) {
				case ssa.CallInstruction:
					c := in.Common()
					fi := s.paramIndex(params, c.Value, true)
					if c.IsInvoke() || fi < 0 {
						continue
					}
					for j, a := range c.Args {
						if !isObjectLike(a.Type()) {
							continue
						}
						if from := index(a); from >= 0 {
							calls = append(calls, HandOff{Fn: fi, Arg: j, From: from, Why: s.evidence[params[from]]})
						} else if why := s.r.live[a]; why != NotLive && why != LiveArgument {
							calls = append(calls, HandOff{Fn: fi, Arg: j, From: -1, Why: why})
						}
					}
				case *ssa.Return:
					if f != fn {
						continue
					}
					for i, res := range in.Results {
						call, k := calledResult(res)
						if call == nil {
							continue
						}
						if fi := index(call.Call.Value); fi >= 0 && !call.Call.IsInvoke() {
							rets = append(rets, Returned{Result: i, Fn: fi, FnResult: k})
						}
					}
				}
			}
		}
	}
	return calls, rets
}

// cellValue returns the one value stored into the local cell addr (an
// Alloc, or a closure's free variable bound to one), or nil.
func (c *calls) cellValue(addr ssa.Value) ssa.Value {
	if fv, ok := addr.(*ssa.FreeVar); ok {
		bs := c.bindings(fv)
		if len(bs) != 1 {
			return nil
		}
		addr = bs[0]
	}
	a, ok := addr.(*ssa.Alloc)
	if !ok {
		return nil
	}
	vs := storedInto(a)
	if len(vs) != 1 {
		return nil
	}
	return vs[0]
}

// withClosures returns fn and the closures nested in it.
func withClosures(fn *ssa.Function) []*ssa.Function {
	out := []*ssa.Function{fn}
	for i := 0; i < len(out); i++ {
		out = append(out, out[i].AnonFuncs...)
	}
	return out
}

// paramIndex returns the index of the parameter of params that v is
// (through conversions, and a closure's free variables to what its
// makers bind), or -1; with elems, v may also be an element read from a
// list parameter (`for _, m := range mutators { m(obj) }`).
func (s *solver) paramIndex(params []*ssa.Parameter, v ssa.Value, elems bool) int {
	for depth := 0; v != nil && depth < 8; depth++ {
		for x := convertedFrom(v); x != nil; x = convertedFrom(v) {
			v = x
		}
		for i, p := range params {
			if p == v {
				return i
			}
		}
		switch x := v.(type) {
		case *ssa.FreeVar:
			bs := s.r.graph.bindings(x)
			if len(bs) != 1 {
				return -1
			}
			v = bs[0]
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return -1
			}
			if ia, ok := x.X.(*ssa.IndexAddr); ok && elems {
				v, elems = ia.X, false
				continue
			}
			v = s.r.graph.cellValue(x.X)
		case *ssa.Index:
			if !elems {
				return -1
			}
			v, elems = x.X, false
		default:
			return -1
		}
	}
	return -1
}

// calledResult returns the call whose result k v is, or nil.
func calledResult(v ssa.Value) (*ssa.Call, int) {
	if ex, ok := v.(*ssa.Extract); ok {
		if call, ok := ex.Tuple.(*ssa.Call); ok {
			return call, ex.Index
		}
		return nil, 0
	}
	if call, ok := v.(*ssa.Call); ok {
		return call, 0
	}
	return nil, 0
}

// funcValue returns the function of the package that v is (a declared
// function or a closure), or nil.
func funcValue(v ssa.Value) *ssa.Function {
	switch x := v.(type) {
	case *ssa.Function:
		return origin(x)
	case *ssa.MakeClosure:
		return x.Fn.(*ssa.Function)
	}
	return nil
}

// handOver applies a callee's Callbacks and Returneds at a call site:
// the function value the caller passes gets the objects the callee hands
// it, and the call returns what that function returns.
func (s *solver) handOver(site ssa.CallInstruction, sum *Summary) {
	args := argsOf(site.Common())
	for _, cb := range sum.Callbacks {
		if cb.Fn >= len(args) || cb.From >= len(args) {
			continue
		}
		var from ssa.Value
		if cb.From >= 0 {
			from = args[cb.From]
		}
		for _, fn := range funcValues(args[cb.Fn], 0) {
			if cb.Arg < len(fn.Params) {
				s.handed = append(s.handed, handedParam{from: from, param: fn.Params[cb.Arg], why: cb.Why})
			}
		}
	}
	for _, ret := range sum.Returneds {
		if ret.Fn >= len(args) {
			continue
		}
		if fn := funcValue(args[ret.Fn]); fn != nil {
			s.returnsOf[fn] = append(s.returnsOf[fn], returnSite{site: site, result: ret.Result, of: ret.FnResult})
		}
	}
}

// funcValues returns the functions of the package that v may be: a
// declared function or a closure, what a factory of the package returns
// (`a.specMutator()`), and for a list of functions its elements (built
// for a variadic call, or appended to a list made empty).
func funcValues(v ssa.Value, depth int) []*ssa.Function {
	if depth > 4 {
		return nil
	}
	for x := convertedFrom(v); x != nil; x = convertedFrom(v) {
		v = x
	}
	if fn := funcValue(v); fn != nil {
		return []*ssa.Function{fn}
	}
	var out []*ssa.Function
	switch x := v.(type) {
	case *ssa.Call:
		if b, ok := x.Call.Value.(*ssa.Builtin); ok && b.Name() == "append" {
			for _, a := range x.Call.Args {
				out = append(out, funcValues(a, depth+1)...)
			}
			return out
		}
		callee := x.Call.StaticCallee()
		if callee == nil || callee.Signature.Results().Len() != 1 {
			return nil
		}
		for _, r := range returnedAt(callee, 0) {
			out = append(out, funcValues(r, depth+1)...)
		}
	case *ssa.Slice:
		for _, e := range variadicElems(x) {
			out = append(out, funcValues(e, depth+1)...)
		}
	case *ssa.Phi:
		for _, e := range x.Edges {
			out = append(out, funcValues(e, depth+1)...)
		}
	}
	return out
}

// Funcs returns the declared functions the value of e may be where e is
// evaluated: a function named, the functions a local list of them holds
// (given in a literal, appended, built for a variadic call), what a
// factory of the package returns, through phis, conversions and the cell
// of a captured variable. Closures are left out: they have no name to
// summarise.
func (r *Result) Funcs(e ast.Expr) []*types.Func {
	if !r.readyRefs() {
		return nil
	}
	var out []*types.Func
	for _, ref := range r.exprs[ast.Unparen(e)] {
		if ref.IsAddr {
			continue
		}
		vals := []ssa.Value{ref.X}
		if load, ok := ref.X.(*ssa.UnOp); ok && load.Op == token.MUL && isCell(load.X) {
			vals = storedInto(load.X)
		}
		for _, v := range vals {
			for _, fn := range funcValues(v, 0) {
				if obj, ok := fn.Object().(*types.Func); ok && !slices.Contains(out, obj) {
					out = append(out, obj)
				}
			}
		}
	}
	return out
}

// returnedAt returns the values fn's returns give as its result i.
func returnedAt(fn *ssa.Function, i int) []ssa.Value {
	var out []ssa.Value
	for _, b := range fn.Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && i < len(ret.Results) {
			out = append(out, ret.Results[i])
		}
	}
	return out
}

// A handedParam is a parameter of a function of the package that another
// package's function calls with the caller's object from.
type handedParam struct {
	from  ssa.Value
	param *ssa.Parameter
	why   Reason // the object's liveness inside the other function
}

// A returnSite is a call of another package's function that returns, as
// its result, result of of a function of this package.
type returnSite struct {
	site       ssa.CallInstruction
	result, of int
}
