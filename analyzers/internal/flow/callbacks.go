package flow

import (
	"golang.org/x/tools/go/ssa"
)

// A HandOff says that a function calls one of its function parameters,
// Fn, with the object of another, From, as argument Arg: a
// create-or-update helper of another package handing the object it read
// to the mutate function its caller passes (`kube.CreateOrUpdate(ctx, c,
// obj, func(live *appsv1.Deployment) {...})`). Why is From's liveness
// inside the helper (NotLive when it depends on the caller's argument).
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
	index := func(v ssa.Value) int {
		for {
			x := convertedFrom(v)
			if x == nil {
				break
			}
			v = x
		}
		for i, p := range params {
			if p == v {
				return i
			}
		}
		return -1
	}
	var calls []HandOff
	var rets []Returned
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch in := instr.(type) {
			case ssa.CallInstruction:
				c := in.Common()
				f := index(c.Value)
				if c.IsInvoke() || f < 0 {
					continue
				}
				for j, a := range c.Args {
					if from := index(a); from >= 0 && isObjectLike(a.Type()) {
						calls = append(calls, HandOff{Fn: f, Arg: j, From: from, Why: s.evidence[params[from]]})
					}
				}
			case *ssa.Return:
				for i, res := range in.Results {
					call, k := calledResult(res)
					if call == nil {
						continue
					}
					if f := index(call.Call.Value); f >= 0 && !call.Call.IsInvoke() {
						rets = append(rets, Returned{Result: i, Fn: f, FnResult: k})
					}
				}
			}
		}
	}
	return calls, rets
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
		fn := funcValue(args[cb.Fn])
		if fn == nil || cb.Arg >= len(fn.Params) {
			continue
		}
		s.handed = append(s.handed, handedParam{from: args[cb.From], param: fn.Params[cb.Arg], why: cb.Why})
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
