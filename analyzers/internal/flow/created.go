package flow

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// OnlyCreatedAfter reports whether, from the point pos in its function
// (where an expression starts or ends: an assignment, a call), the object
// the variable v holds is sent to the API server with Create and with
// nothing that writes over a live object: the branch of `if err :=
// c.Get(ctx, key, obj); NotFound(err) { obj.Spec = ...; c.Create(ctx,
// obj) }`, where obj is live elsewhere in the function but not on this
// path. Any Update, Patch, CreateOrUpdate, a helper whose Summary writes
// it, a call of a function value given it, or a return of the object
// answers false, as does a path with no Create at all, or a point the
// engine has no SSA instruction for.
func (r *Result) OnlyCreatedAfter(v *types.Var, pos token.Pos) bool {
	refs := r.refs[v]
	if len(refs) == 0 {
		return false // not live anywhere: nothing to say
	}
	r.indexOnce.Do(r.index)
	point := r.points[pos]
	if point == nil {
		return false
	}
	same := map[ssa.Value]bool{}
	for _, ref := range refs {
		if ref.Parent() == point.Parent() {
			same[ref.X] = true
		}
	}
	if len(same) == 0 {
		return false
	}
	return r.onlyCreatedFrom(point, same)
}

// ParamOnlyCreated reports whether the parameter v is live only through
// arguments that are, from the call on, only created (OnlyCreatedAfter at
// the call): a helper that fills an object its callers create in the
// NotFound branch after a Get. Every call of v's function in the package
// that hands it a live object is such a call, and there is one.
func (r *Result) ParamOnlyCreated(v *types.Var) bool {
	_, i, sites := r.liveArgument(v)
	if sites == nil {
		return false
	}
	for _, site := range sites {
		args := argsOf(site.Common())
		if i >= len(args) {
			return false
		}
		if a := args[i]; r.live[a] != NotLive && !r.onlyCreatedFrom(site, map[ssa.Value]bool{a: true}) {
			return false // a live object handed over to be written
		}
	}
	return true
}

// liveArgument returns, for a parameter v live only through the
// arguments of its function's calls in the package (LiveArgument), its
// SSA parameter, its index and those calls; no calls otherwise.
func (r *Result) liveArgument(v *types.Var) (*ssa.Parameter, int, []ssa.CallInstruction) {
	if r.vars[v] != LiveArgument {
		return nil, -1, nil
	}
	r.indexOnce.Do(r.index)
	var p *ssa.Parameter
	for _, x := range r.values[v] {
		if q, ok := x.(*ssa.Parameter); ok {
			p = q
		}
	}
	if p == nil || r.graph == nil {
		return nil, -1, nil
	}
	i := sigIndex(p)
	sites := r.graph.sites(p.Parent())
	if i < 0 || len(sites) == 0 {
		return nil, -1, nil
	}
	return p, i, sites
}

// onlyCreatedFrom reports whether, from point on, the object whose values
// are same (with their conversions) is sent with Create and with nothing
// that writes over a live object (see OnlyCreatedAfter).
func (r *Result) onlyCreatedFrom(point ssa.Instruction, same map[ssa.Value]bool) bool {
	for changed := true; changed; {
		changed = false
		for x := range same {
			for _, instr := range *referrers(x) {
				y, ok := instr.(ssa.Value)
				if ok && convertedFrom(y) == x && !same[y] {
					same[y] = true
					changed = true
				}
			}
		}
	}
	created := false
	seen := map[*ssa.BasicBlock]bool{}
	var visit func(b *ssa.BasicBlock, from int) bool
	visit = func(b *ssa.BasicBlock, from int) bool {
		for _, instr := range b.Instrs[from:] {
			switch in := instr.(type) {
			case *ssa.Return:
				for _, res := range in.Results {
					if same[res] {
						return false // the caller decides
					}
				}
			case ssa.CallInstruction:
				switch r.sends(in.Common(), same) {
				case sendCreate:
					created = true
				case sendWrite:
					return false
				}
			}
		}
		for _, s := range b.Succs {
			if !seen[s] {
				seen[s] = true
				if !visit(s, 0) {
					return false
				}
			}
		}
		return true
	}
	at := 0
	for i, instr := range point.Block().Instrs {
		if instr == point {
			at = i
		}
	}
	return visit(point.Block(), at) && created
}

type send int

const (
	sendNone send = iota
	sendCreate
	sendWrite
)

// sends says what a call does with the object whose values are same.
func (r *Result) sends(c *ssa.CallCommon, same map[ssa.Value]bool) send {
	args := argsOf(c)
	passed := -1
	for i, a := range args {
		if same[a] {
			passed = i
		}
	}
	if passed < 0 {
		return sendNone
	}
	fn := calleeObject(c)
	switch {
	case fn == nil:
		return sendWrite // a function value: it may write
	case IsClientMethod(fn, "Create") || isClientsetMethod(fn, "Create"):
		return sendCreate
	case IsWrite(fn) || IsClientMethod(fn, "Update") || IsClientMethod(fn, "Patch"):
		return sendWrite // a write, or a wrapper client's of the same shape
	}
	for _, w := range r.writers[fn] {
		if w == passed {
			return sendWrite
		}
	}
	return sendNone
}

func referrers(v ssa.Value) *[]ssa.Instruction {
	if refs := v.Referrers(); refs != nil {
		return refs
	}
	return new([]ssa.Instruction)
}

// FreshMap reports whether every map the local v holds is made by its
// function (`make(map[K]V)`, a map literal; through phis, nil on the
// other paths): not a map read from an object, a parameter or a call.
// What is copied into it afterwards is not its concern.
func (r *Result) FreshMap(v *types.Var) bool {
	if !r.ready() {
		return false
	}
	r.indexOnce.Do(r.index)
	xs := r.values[v]
	seen := map[ssa.Value]bool{}
	var made func(x ssa.Value) bool
	made = func(x ssa.Value) bool {
		if seen[x] {
			return true
		}
		seen[x] = true
		switch x := x.(type) {
		case *ssa.MakeMap:
			return true
		case *ssa.Const:
			return x.IsNil()
		case *ssa.Phi:
			for _, e := range x.Edges {
				if !made(e) {
					return false
				}
			}
			return true
		}
		return false
	}
	for _, x := range xs {
		if !made(x) {
			return false
		}
	}
	return len(xs) > 0
}

// Allocated reports whether every object the local v holds is allocated
// by its function, whatever statement gives it: `&T{...}` or `new(T)`
// (on any path, through phis; nil on the others), or a struct variable
// built in place (`pod := corev1.Pod{...}`, `var pod corev1.Pod`) and
// never given another value whole. A variable given an object read from
// somewhere, a parameter, a call's result or a pointer into another
// variable answers false, as does a variable the engine has no value for.
// It says nothing of what fills the object later: a Get target allocated
// here is allocated (Reason says whether it is live).
func (r *Result) Allocated(v *types.Var) bool {
	if !r.ready() {
		return false
	}
	xs := r.values[v]
	seen := map[ssa.Value]bool{}
	found := false // an allocation, not only nil
	var alloc, cell func(x ssa.Value) bool
	alloc = func(x ssa.Value) bool {
		switch x := x.(type) {
		case *ssa.Alloc:
			if slices.Contains(r.cells[x], v) {
				return cell(x)
			}
			found = found || x.Comment == "complit" || x.Comment == "new"
			return x.Comment == "complit" || x.Comment == "new"
		case *ssa.Const:
			found = found || !x.IsNil() // the zero struct of a lifted local
			return true                 // or nil, on the paths that have none
		case *ssa.Phi:
			for _, src := range phiSources(x) { // nil left out
				if !alloc(src) {
					return false
				}
			}
			return true
		case *ssa.UnOp:
			return x.Op == token.MUL && alloc(x.X)
		}
		return false
	}
	// The variable's cell (its address taken, or a struct built field by
	// field): allocated here, never stored whole but with its zero value
	// or an allocation.
	cell = func(c ssa.Value) bool {
		a, ok := c.(*ssa.Alloc)
		if !ok || seen[a] {
			return ok
		}
		seen[a] = true
		for _, st := range storedInto(a) {
			if !alloc(st) {
				return false
			}
		}
		found = true
		return true
	}
	for _, c := range r.cellsOf[v] {
		if !cell(c) {
			return false
		}
	}
	for _, x := range xs {
		if !alloc(x) {
			return false
		}
	}
	return found
}
