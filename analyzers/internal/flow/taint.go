package flow

// Taint: labels that an analyzer puts on values where they enter (a range
// over a map, a call's result, a parameter), carried forward through one
// function's values and its closures.

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// A Taint carries labels of type L forward through the values of one
// declared function and of the closures written in it, on the SSA form:
//
//   - through phis (a value reassigned on one branch holds the labels of
//     every branch that reaches it), conversions, interface boxing, type
//     assertions, slicing, string concatenation and append, and the
//     variables a closure captures;
//   - through memory: the cell of a local whose address is taken or that a
//     closure captures, the fields of the function's own objects and of
//     what a pointer parameter points to (one level: x.f, *p), the
//     elements of a literal's array, and a map or slice a labelled value
//     is stored in (a container holds what it was given);
//   - through calls as the analyzer says (TaintRules.Call), the results
//     of append as its operands.
//
// The analyzer adds labels at the statements it recognises (AddValue,
// AddAt: an append in a loop over a map, a write to a builder) and
// removes them where a location is cleared (Clear: a sort in place): a
// cleared value or location carries nothing at the points that run after
// the clear, in the source and on a path of the control-flow graph. A read
// of a field of an object the function did not store into carries what
// TaintRules.Field adds (what other functions store there).
//
// SSA gives each assignment its own value; a read of memory sees what the
// writes that run before it (in the source and on a path to it) put
// there. A write does not take back what an earlier one put: a location
// keeps every label written into it before the read.
type Taint[L comparable] struct {
	r     *Result
	fns   []*ssa.Function // the declaration, then its closures
	own   map[*ssa.Function]bool
	rules TaintRules[L]

	val      map[ssa.Value][]L
	tuples   map[ssa.Value][][]L
	mem      map[slot][]entry[L] // what the function's stores put in memory
	litMem   map[slot][]L        // what literals store into their objects' fields
	stores   map[slot][]ssa.Instruction
	extra    map[ssa.Value][]L
	extraMem map[slot][]entry[L] // what the analyzer put there
	drops    map[ssa.Value][]L
	clears   map[ssa.Value][]ssa.Instruction
	clearMem map[slot][]ssa.Instruction
	reach    map[*ssa.BasicBlock]map[*ssa.BasicBlock]bool
	asked    map[*ssa.Call]int // the operands' label count when the analyzer was last asked a call's results
	dirty    bool
	// stale says a clear was added since the last Solve: the values
	// computed from the cleared one (a slice of a sorted list) still hold
	// what it held, so a read solves again first.
	stale   bool
	solving bool
}

// TaintRules are the analyzer's part of a Taint.
type TaintRules[L comparable] struct {
	// Param returns the labels parameter i of the declared function
	// starts with (not those of its closures).
	Param func(i int) []L
	// Call returns the labels of each result of a call, or nil. Of
	// answers for its arguments at the call.
	Call func(call *ast.CallExpr) [][]L
	// Field returns the labels a read of the field f carries besides
	// held, what the function put there: stored says whether the
	// function stores into that field of the object before the read,
	// local whether it allocates the object itself.
	Field func(f *types.Var, held []L, stored, local bool) []L
}

// NewTaint returns a Taint for the function fn declared in the package,
// or nil when the package has no SSA form or the function no body. Its
// labels are carried by Solve.
func NewTaint[L comparable](r *Result, fn *types.Func, rules TaintRules[L]) *Taint[L] {
	if !r.readyRefs() || r.graph == nil {
		return nil
	}
	f := r.Pkg.Prog.FuncValue(fn)
	if f == nil || f.Blocks == nil {
		return nil
	}
	t := &Taint[L]{r: r, own: map[*ssa.Function]bool{}, rules: rules,
		extra: map[ssa.Value][]L{}, extraMem: map[slot][]entry[L]{}, drops: map[ssa.Value][]L{},
		clears: map[ssa.Value][]ssa.Instruction{}, clearMem: map[slot][]ssa.Instruction{},
		reach: map[*ssa.BasicBlock]map[*ssa.BasicBlock]bool{}}
	var add func(fn *ssa.Function)
	add = func(fn *ssa.Function) {
		if fn.Blocks == nil || t.own[fn] {
			return
		}
		t.own[fn] = true
		t.fns = append(t.fns, fn)
		for _, anon := range fn.AnonFuncs {
			add(anon)
		}
	}
	add(f)
	return t
}

// Of returns the labels the value of e carries where e is evaluated: for
// a call with several results, its first; for a variable whose address
// is taken there (a method's receiver), what the variable holds.
func (t *Taint[L]) Of(e ast.Expr) []L {
	t.resolve()
	var out []L
	for _, ref := range t.refs(e, true) {
		switch {
		case ref.IsAddr:
			out = Union(out, t.load(ref.X, ref))
		case t.tuples[ref.X] != nil:
			if tup := t.tuples[ref.X]; len(tup) > 0 && !t.cleared(ref.X, ref) {
				out = Union(out, tup[0])
			}
		default:
			out = Union(out, t.at(ref.X, ref))
		}
	}
	return out
}

// AddValue adds labels to the value e computes or is given where it is
// evaluated, and so to every value it is handed on to: `out =
// append(out, k)` in a loop over a map.
func (t *Taint[L]) AddValue(e ast.Expr, ls []L) {
	if len(ls) == 0 {
		return
	}
	for _, ref := range t.refs(e, false) {
		t.addTo(t.extra, ref.X, ls)
	}
}

// AddAt adds labels to the location e denotes: a local variable, a field
// of one (x.f), what a pointer points to (*p), from where e is evaluated
// on: a builder written to, a list filled by a callee.
func (t *Taint[L]) AddAt(e ast.Expr, ls []L) {
	if len(ls) == 0 {
		return
	}
	for _, ref := range t.refs(e, true) {
		if s, ok := t.slotOf(ref); ok {
			if t.put(t.extraMem, s, ref, ls) {
				t.dirty = true
			}
			continue
		}
		t.addTo(t.extra, t.canon(ref.X), ls)
	}
}

// Clear removes every label from the location or value e denotes, for
// what runs after the point where e is evaluated: a sort in place.
func (t *Taint[L]) Clear(e ast.Expr) {
	for _, ref := range t.refs(e, true) {
		if s, ok := t.slotOf(ref); ok {
			if !slices.Contains(t.clearMem[s], ssa.Instruction(ref)) {
				t.clearMem[s] = append(t.clearMem[s], ref)
				t.dirty, t.stale = true, true
			}
			continue
		}
		x := t.canon(ref.X)
		if !slices.Contains(t.clears[x], ssa.Instruction(ref)) {
			t.clears[x] = append(t.clears[x], ref)
			t.dirty, t.stale = true, true
		}
	}
}

// Drop removes labels from the value e computes, wherever it goes.
func (t *Taint[L]) Drop(e ast.Expr, ls []L) {
	if len(ls) == 0 {
		return
	}
	for _, ref := range t.refs(e, false) {
		t.addTo(t.drops, ref.X, ls)
	}
}

// ParamHolds returns the labels parameter i of the declared function holds
// at its end, beyond those it started with: what was stored through it
// (a pointer parameter) or added to it (a slice filled in place).
func (t *Taint[L]) ParamHolds(i int) []L {
	t.resolve()
	i += t.recv()
	if i >= len(t.fns[0].Params) {
		return nil
	}
	p := t.fns[0].Params[i]
	out := slices.Clone(t.extra[p])
	out = Union(out, t.memAt(slot{p, whole}, nil))
	return out
}

// Returned returns the labels of each result the return statement ret
// of the declared function gives.
func (t *Taint[L]) Returned(ret *ast.ReturnStmt) [][]L {
	t.resolve()
	for _, b := range t.fns[0].Blocks {
		for _, instr := range b.Instrs {
			if r, ok := instr.(*ssa.Return); ok && r.Pos() == ret.Return {
				out := make([][]L, len(r.Results))
				for i, v := range r.Results {
					out[i] = t.at(v, r)
				}
				return out
			}
		}
	}
	return nil
}

// args returns what the calls of a closure of the function, made in it,
// hand its parameter p.
func (t *Taint[L]) args(p *ssa.Parameter) []L {
	fn := p.Parent()
	i := sigIndex(p)
	if fn == t.fns[0] || i < 0 {
		return nil
	}
	var ls []L
	for _, site := range t.r.graph.sites(fn) {
		if site.Common().StaticCallee() != fn || !t.own[site.Parent()] {
			continue // a call of another function value of its signature
		}
		if args := argsOf(site.Common()); i < len(args) {
			ls = Union(ls, t.at(args[i], site))
		}
	}
	return ls
}

// recv is 1 for a method (its receiver is its first SSA parameter), else 0.
func (t *Taint[L]) recv() int {
	if t.fns[0].Signature.Recv() != nil {
		return 1
	}
	return 0
}

// paramIndex returns the index of p among the declared function's
// parameters (the receiver not counted), or -1.
func (t *Taint[L]) paramIndex(p *ssa.Parameter) int {
	if p.Parent() != t.fns[0] {
		return -1
	}
	return slices.Index(p.Parent().Params, p) - t.recv()
}

// Dirty reports whether labels were added or cleared since the last
// Solve: the analyzer's statements must be read again.
func (t *Taint[L]) Dirty() bool { return t.dirty }

// maxSolve bounds the passes over the function's instructions.
const maxSolve = 16

// resolve solves again when a clear was added since the last Solve, so
// that a read after a sort sees what is derived from the sorted value
// without its order, and the analyzer does not put on other values the
// labels it no longer has (labels it adds are kept).
func (t *Taint[L]) resolve() {
	if t.stale && !t.solving {
		dirty := t.dirty
		t.Solve()
		t.dirty = dirty
	}
}

// Solve carries the labels to a fixed point.
func (t *Taint[L]) Solve() {
	t.solving = true
	defer func() { t.solving = false }()
	t.dirty, t.stale = false, false
	t.val = map[ssa.Value][]L{}
	t.tuples = map[ssa.Value][][]L{}
	t.mem = map[slot][]entry[L]{}
	t.asked = map[*ssa.Call]int{}
	t.litMem = map[slot][]L{}
	t.stores = map[slot][]ssa.Instruction{}
	for range maxSolve {
		grew := false
		for _, fn := range t.fns {
			for _, b := range fn.Blocks {
				for _, instr := range b.Instrs {
					if t.step(instr) {
						grew = true
					}
				}
			}
		}
		if !grew {
			return
		}
	}
}

// step applies instr once and reports whether a label set grew.
func (t *Taint[L]) step(instr ssa.Instruction) bool {
	switch x := instr.(type) {
	case *ssa.Phi:
		var ls []L
		for _, e := range x.Edges {
			ls = Union(ls, t.at(e, x))
		}
		return t.set(x, ls)
	case *ssa.UnOp:
		if x.Op == token.MUL {
			return t.set(x, t.load(x.X, x))
		}
	case *ssa.ChangeType, *ssa.Convert, *ssa.MultiConvert, *ssa.MakeInterface,
		*ssa.ChangeInterface, *ssa.SliceToArrayPointer, *ssa.Slice:
		from := instr.Operands(nil)[0] // the value converted or sliced
		return t.set(x.(ssa.Value), t.at(*from, x))
	case *ssa.TypeAssert:
		if x.CommaOk {
			return t.setTuple(x, [][]L{t.at(x.X, x), nil})
		}
		return t.set(x, t.at(x.X, x))
	case *ssa.BinOp:
		if x.Op == token.ADD {
			return t.set(x, Union(slices.Clone(t.at(x.X, x)), t.at(x.Y, x)))
		}
	case *ssa.Field:
		ls := t.at(x.X, x)
		if f := fieldOf(x.X.Type(), x.Field, false); f != nil && t.rules.Field != nil {
			ls = Union(ls, t.rules.Field(f, ls, false, false))
		}
		return t.set(x, ls)
	case *ssa.Lookup:
		if x.CommaOk {
			return t.setTuple(x, [][]L{t.at(x.X, x), nil})
		}
		return t.set(x, t.at(x.X, x))
	case *ssa.Extract:
		if tup := t.tuples[x.Tuple]; x.Index < len(tup) {
			return t.set(x, tup[x.Index])
		}
	case *ssa.Call:
		return t.call(x)
	case *ssa.Store:
		ls := t.at(x.Val, x)
		if t.sortedAfter(x.Val, x) {
			ls = nil // a list sorted in place afterwards: the copy stored shares its array
		}
		if s, ok := t.location(x.Addr); ok {
			if !slices.Contains(t.stores[s], ssa.Instruction(x)) {
				t.stores[s] = append(t.stores[s], x)
			}
			grew := len(ls) > 0 && t.put(t.mem, s, x, ls)
			if t.ofLiteral(s, x) {
				grew = len(ls) > 0 && t.grow(t.litMem, s, ls) || grew
			}
			if ia, ok := x.Addr.(*ssa.IndexAddr); ok && s.field != elems {
				// A slice given a labelled element holds it.
				grew = t.set(t.canon(ia.X), ls) || grew
			}
			return grew
		}
	case *ssa.MapUpdate:
		// A map given a labelled value holds it.
		return t.set(t.canon(x.Map), t.at(x.Value, x))
	}
	return false
}

// call applies a call: append's result holds its operands; another
// call's results are the analyzer's to say.
func (t *Taint[L]) call(c *ssa.Call) bool {
	common := c.Common()
	if b, ok := common.Value.(*ssa.Builtin); ok {
		if b.Name() != "append" {
			return false
		}
		var ls []L
		for _, a := range common.Args {
			ls = Union(ls, t.at(a, c))
		}
		return t.set(c, ls)
	}
	if callee := common.StaticCallee(); callee != nil && t.own[callee] && callee != t.fns[0] {
		// A closure of the function called in place: its results.
		results := make([][]L, common.Signature().Results().Len())
		for _, b := range callee.Blocks {
			if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
				for i, v := range ret.Results {
					if i < len(results) {
						results[i] = Union(results[i], t.at(v, ret))
					}
				}
			}
		}
		if len(results) > 1 {
			return t.setTuple(c, results)
		}
		return len(results) == 1 && t.set(c, results[0])
	}
	if t.rules.Call == nil {
		return false
	}
	call := t.r.callExprs[c]
	if call == nil {
		return false
	}
	// The analyzer's answer depends on the labels of the operands: asked
	// again only when they grew.
	size := 0
	for _, op := range c.Operands(nil) {
		if *op != nil {
			size += len(t.at(*op, c)) + len(t.load(*op, c))
		}
	}
	if last, ok := t.asked[c]; ok && last == size {
		return false
	}
	t.asked[c] = size
	results := t.rules.Call(call)
	if common.Signature().Results().Len() > 1 {
		return t.setTuple(c, results)
	}
	if len(results) > 0 {
		return t.set(c, results[0])
	}
	return false
}

// labels returns the labels of v where instr uses it (anywhere, for a
// nil instr), clears aside.
func (t *Taint[L]) labels(v ssa.Value, instr ssa.Instruction) []L {
	var ls []L
	switch x := v.(type) {
	case *ssa.Const, *ssa.Function, *ssa.Global, *ssa.Builtin:
		return nil
	case *ssa.Parameter:
		if i := t.paramIndex(x); i >= 0 && t.rules.Param != nil {
			ls = slices.Clone(t.rules.Param(i))
		}
		ls = Union(ls, t.args(x))
	case *ssa.FreeVar:
		i := slices.Index(x.Parent().FreeVars, x)
		for _, mc := range t.r.graph.closures[x.Parent()] {
			if i >= 0 && i < len(mc.Bindings) {
				ls = Union(ls, t.at(mc.Bindings[i], mc))
			}
		}
	case *ssa.Alloc:
		ls = t.whole(x, instr)
	default:
		ls = slices.Clone(t.val[v])
	}
	ls = Union(ls, t.extra[v])
	if d := t.drops[v]; len(d) > 0 {
		ls = slices.DeleteFunc(ls, func(l L) bool { return slices.Contains(d, l) })
	}
	return ls
}

// at returns the labels of v where instr uses it: none once a clear of v
// ran before.
func (t *Taint[L]) at(v ssa.Value, instr ssa.Instruction) []L {
	if t.cleared(v, instr) || t.loadCleared(v) {
		return nil
	}
	return t.labels(v, instr)
}

// loadCleared reports whether v is a load from a location cleared before
// it: what Solve's step gives the load, told at once. A clear added
// during the analyzer's pass (a sort of a variable a closure captures,
// which lives in memory) counts for the statements after it in the same
// pass, as a clear of a value does, and not only from the next Solve.
func (t *Taint[L]) loadCleared(v ssa.Value) bool {
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return false
	}
	s, ok := t.location(load.X)
	return ok && t.clearedMem(s, load)
}

func (t *Taint[L]) set(v ssa.Value, ls []L) bool {
	if u := Union(t.val[v], ls); len(u) > len(t.val[v]) {
		t.val[v] = u
		return true
	}
	return false
}

func (t *Taint[L]) setTuple(v ssa.Value, results [][]L) bool {
	tup := t.tuples[v]
	grew := false
	for len(tup) < len(results) {
		tup = append(tup, nil)
	}
	for i, ls := range results {
		if u := Union(tup[i], ls); len(u) > len(tup[i]) {
			tup[i], grew = u, true
		}
	}
	t.tuples[v] = tup
	return grew
}

// grow adds ls to m[k] and reports whether it grew.
func (t *Taint[L]) grow(m map[slot][]L, k slot, ls []L) bool {
	if u := Union(m[k], ls); len(u) > len(m[k]) {
		m[k] = u
		return true
	}
	return false
}

func (t *Taint[L]) addTo(m map[ssa.Value][]L, v ssa.Value, ls []L) {
	if u := Union(m[v], ls); len(u) > len(m[v]) {
		m[v], t.dirty = u, true
	}
}

// refs returns the references to e in the Taint's functions, those that
// take its address too when addrs is set. A field assigned to is
// referenced by its selector's name.
func (t *Taint[L]) refs(e ast.Expr, addrs bool) []*ssa.DebugRef {
	e = ast.Unparen(e)
	var out []*ssa.DebugRef
	for _, ref := range t.r.exprs[e] {
		if (addrs || !ref.IsAddr) && t.own[ref.Parent()] {
			out = append(out, ref)
		}
	}
	if sel, ok := e.(*ast.SelectorExpr); ok && len(out) == 0 {
		return t.refs(sel.Sel, addrs)
	}
	return out
}

// Union returns a with the labels of b it lacks appended: a set of
// labels, b one too.
func Union[L comparable](a, b []L) []L {
	if len(a) == 0 {
		return slices.Clone(b) // a set already
	}
	if len(a)*len(b) > 256 {
		in := make(map[L]bool, len(a)+len(b))
		for _, l := range a {
			in[l] = true
		}
		for _, l := range b {
			if !in[l] {
				in[l] = true
				a = append(a, l)
			}
		}
		return a
	}
	for _, l := range b {
		if !slices.Contains(a, l) {
			a = append(a, l)
		}
	}
	return a
}
