package flow

// Objects: which objects a value may be, within the package: through
// builders' returns, the lists they are appended to and read from, type
// switches, interfaces and the arguments of a parameter's calls.

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// objectsBudget bounds the values one objects question visits.
const objectsBudget = 128

// objects returns the values v may be: the allocations (and other values
// it cannot see through) that reach it through the returns of the
// package's functions, phis, interface conversions, type assertions (an
// object of another concrete type than the asserted one is left out),
// the elements of lists built by appends and literals, and a parameter's
// arguments at every call of the package. ok is false when a part of the
// way cannot be followed (a call of another package, a field, a map):
// then nothing is known of what v is.
func (r *Result) objects(v ssa.Value) (out []ssa.Value, ok bool) {
	o := &objectWalk{r: r, seen: map[ssa.Value]bool{}, budget: objectsBudget, ok: true}
	o.value(v, nil)
	return o.out, o.ok && o.budget > 0
}

type objectWalk struct {
	r      *Result
	seen   map[ssa.Value]bool
	budget int
	ok     bool
	out    []ssa.Value
}

// value collects what v may be; want, when not nil, is the concrete type
// a type assertion on the way asked for.
func (o *objectWalk) value(v ssa.Value, want types.Type) {
	if !o.ok || v == nil || o.seen[v] {
		return
	}
	if o.budget--; o.budget <= 0 {
		o.ok = false
		return
	}
	o.seen[v] = true
	switch x := v.(type) {
	case *ssa.Const:
		// nil: no object
	case *ssa.Alloc:
		if want == nil || types.Identical(x.Type(), want) {
			o.out = append(o.out, x)
		}
	case *ssa.Phi:
		for _, e := range x.Edges {
			o.value(e, want)
		}
	case *ssa.MakeInterface:
		if want != nil && !types.Identical(x.X.Type(), want) {
			return // another kind in the same interface
		}
		o.value(x.X, want)
	case *ssa.ChangeInterface:
		o.value(x.X, want)
	case *ssa.ChangeType:
		o.value(x.X, want)
	case *ssa.TypeAssert:
		if _, iface := x.AssertedType.Underlying().(*types.Interface); !iface {
			want = x.AssertedType
		}
		o.value(x.X, want)
	case *ssa.Extract:
		if ta, isAssert := x.Tuple.(*ssa.TypeAssert); isAssert && x.Index == 0 {
			o.value(ta, want) // v, ok := x.(T), a type switch's case
			return
		}
		o.returned(x.Tuple, x.Index, want)
	case *ssa.Call:
		o.returned(x, 0, want)
	case *ssa.Parameter:
		for _, a := range o.arguments(x) {
			o.value(a, want)
		}
	case *ssa.UnOp:
		if x.Op != token.MUL {
			o.ok = false
			return
		}
		switch a := x.X.(type) {
		case *ssa.IndexAddr:
			o.elements(a.X, want) // an element of a list
		case *ssa.Alloc:
			o.cell(a, want) // a local's cell
		case *ssa.FreeVar:
			// a variable a closure shares with the function making it
			for _, b := range o.r.graph.bindings(a) {
				if cell, isCell := b.(*ssa.Alloc); isCell {
					o.cell(cell, want)
				} else {
					o.ok = false
				}
			}
		default:
			o.ok = false
		}
	default:
		o.ok = false
	}
}

// cell collects what is stored in a local's cell.
func (o *objectWalk) cell(a *ssa.Alloc, want types.Type) {
	stored := storedInto(a)
	if len(stored) == 0 {
		o.ok = false
		return
	}
	for _, v := range stored {
		o.value(v, want)
	}
}

// returned collects what the i-th result of call may be, for a function
// of the package.
func (o *objectWalk) returned(v ssa.Value, i int, want types.Type) {
	for _, r := range o.results(v, i) {
		o.value(r, want)
	}
}

// results returns the values the function of the package that v calls
// returns as its i-th result; when v is no such call, nothing is known.
func (o *objectWalk) results(v ssa.Value, i int) []ssa.Value {
	call, isCall := v.(*ssa.Call)
	var fn *ssa.Function
	if isCall {
		fn = call.Common().StaticCallee()
	}
	if fn == nil {
		o.ok = false
		return nil
	}
	fn = origin(fn)
	if fn.Blocks == nil || fn.Pkg == nil || fn.Pkg.Pkg != o.r.Pkg.Pkg {
		o.ok = false
		return nil
	}
	return returnedAt(fn, i)
}

// arguments returns what every call of the package hands the parameter
// p; with none, nothing is known.
func (o *objectWalk) arguments(p *ssa.Parameter) []ssa.Value {
	i := sigIndex(p)
	sites := o.r.graph.sites(p.Parent())
	if i < 0 || len(sites) == 0 {
		o.ok = false
		return nil
	}
	var out []ssa.Value
	for _, site := range sites {
		args := argsOf(site.Common())
		if i >= len(args) {
			o.ok = false
			return nil
		}
		out = append(out, args[i])
	}
	return out
}

// elements collects what the elements of the list l may be.
func (o *objectWalk) elements(l ssa.Value, want types.Type) {
	if !o.ok || l == nil || o.seen[l] {
		return
	}
	if o.budget--; o.budget <= 0 {
		o.ok = false
		return
	}
	o.seen[l] = true
	switch x := l.(type) {
	case *ssa.MakeSlice, *ssa.Const:
		// empty: elements only come by appends
	case *ssa.Slice:
		if _, isAlloc := x.X.(*ssa.Alloc); isAlloc {
			for _, e := range variadicElems(x) { // a literal, or append's values
				o.value(e, want)
			}
			return
		}
		o.elements(x.X, want)
	case *ssa.Phi:
		for _, e := range x.Edges {
			o.elements(e, want)
		}
	case *ssa.Call:
		if b, isBuiltin := x.Call.Value.(*ssa.Builtin); isBuiltin && b.Name() == "append" && len(x.Call.Args) == 2 {
			o.elements(x.Call.Args[0], want)
			o.elements(x.Call.Args[1], want) // the appended values, or a list spread
			return
		}
		o.returnedList(x, 0, want)
	case *ssa.Extract:
		o.returnedList(x.Tuple, x.Index, want)
	case *ssa.UnOp:
		// a list held in a local's cell, or shared with a closure
		var cells []ssa.Value
		switch a := x.X.(type) {
		case *ssa.Alloc:
			cells = []ssa.Value{a}
		case *ssa.FreeVar:
			cells = o.r.graph.bindings(a)
		}
		if x.Op != token.MUL || len(cells) == 0 {
			o.ok = false
			return
		}
		for _, c := range cells {
			stored := storedInto(c)
			if len(stored) == 0 {
				o.ok = false
				return
			}
			for _, v := range stored {
				o.elements(v, want)
			}
		}
	case *ssa.Parameter:
		for _, a := range o.arguments(x) {
			o.elements(a, want)
		}
	default:
		o.ok = false
	}
}

// returnedList collects the elements of the list a function of the
// package returns.
func (o *objectWalk) returnedList(v ssa.Value, i int, want types.Type) {
	for _, r := range o.results(v, i) {
		o.elements(r, want)
	}
}
