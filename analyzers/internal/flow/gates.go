package flow

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"iter"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/k8s"
)

// Decisions: does a boolean decide whether an object is written, and
// under which answer of which callback does a callback run? Both are read
// off the SSA form's control flow: a branch decides a write when a write
// is reachable from one of its successors and not from the other (each
// without passing the branch again, so a loop around it does not count),
// and a callback runs under an answer when the call of the callback is
// dominated by the branch on that answer. A framework of another package
// says both in its Summary (Gates, Decides, Writes), so the callbacks a
// caller hands it in a struct of function values are understood without
// a rule for any framework.

// A Hook names a function parameter, or a field of a struct
// parameter (or of the struct it points to) that holds a function.
type Hook struct {
	Index int
	Field string
}

// A Gate says that the callback Run is called only when the callback When
// returned Want: `if p.NeedsUpdate() { p.UpdateReconciled(); ... }`.
type Gate struct {
	Run, When Hook
	Want      bool
}

// A Cond is a condition under which a function literal runs: one of the
// expressions a sibling callback returns, which must be Want.
type Cond struct {
	Expr ast.Expr
	Want bool
}

// IsWrite reports whether fn sends an object to the API server: a
// client's Update, Patch or Apply, or controllerutil's CreateOrUpdate or
// CreateOrPatch.
func IsWrite(fn *types.Func) bool {
	return k8s.IsClientMethod(fn, "Update", "Patch", "Apply") ||
		k8s.IsFunc(fn, k8s.Controllerutil, "CreateOrUpdate") || k8s.IsFunc(fn, k8s.Controllerutil, "CreateOrPatch")
}

// WrittenObject returns the object argument of call, a write (IsWrite):
// the second of a client's method, the third of CreateOrUpdate and
// CreateOrPatch (a typed clientset's Patch is handed a name there).
func WrittenObject(info *types.Info, call *ast.CallExpr) (ast.Expr, bool) {
	fn := k8s.Callee(info, call)
	if !IsWrite(fn) {
		return nil, false
	}
	i := 1
	if fn.Signature().Recv() == nil {
		i = 2
	}
	if len(call.Args) <= i {
		return nil, false
	}
	return call.Args[i], true
}

// CallsWrite reports whether the syntax n itself calls a write (IsWrite),
// not following any function: a statement-level shape.
func CallsWrite(info *types.Info, n ast.Node) bool { return CallsWriteOf(info, n, nil) }

// CallsWriteOf is CallsWrite for the writes whose object (WrittenObject)
// accept takes; every write when accept is nil.
func CallsWriteOf(info *types.Info, n ast.Node, accept func(obj ast.Expr) bool) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		if call, ok := m.(*ast.CallExpr); ok && !found {
			if obj, ok := WrittenObject(info, call); ok {
				found = accept == nil || accept(obj)
			} else {
				found = accept == nil && IsWrite(k8s.Callee(info, call))
			}
		}
		return !found
	})
	return found
}

// maxReturns bounds how many returns a boolean is followed through to
// the calls that use it.
const maxReturns = 3

// Decides reports whether the boolean e (a comparison, say) decides
// whether an object is written: a branch on it, or on a value it flows
// into (a negation, a variable, a result returned to the function's
// callers or to the framework its closure is handed to), has a write
// reachable on one side only. A write is a call of IsWrite, of a function
// of the package that makes one, or of another package's function whose
// Summary says it writes.
func (r *Result) Decides(e ast.Expr) bool {
	if !r.ready() {
		return false
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	var vals []ssa.Value
	for _, ref := range r.exprs[ast.Unparen(e)] {
		vals = append(vals, ref.X)
	}
	return r.decides(vals, maxReturns, map[ssa.Value]bool{})
}

// decides follows the booleans vals to the branches they decide.
func (r *Result) decides(vals []ssa.Value, returns int, seen map[ssa.Value]bool) bool {
	for len(vals) > 0 {
		v := vals[len(vals)-1]
		vals = vals[:len(vals)-1]
		if seen[v] {
			continue
		}
		seen[v] = true
		for _, instr := range r.uses(v) {
			switch x := instr.(type) {
			case *ssa.If:
				if r.branchWrites(x) {
					return true
				}
				vals = append(vals, shortCircuit(x)...)
				vals = append(vals, flags(x)...)
				// `if stale { return false }`: the function's answer
				// is the branch's, at its callers.
				for _, i := range answers(x) {
					if returns > 0 && r.decidesResult(x.Parent(), i, returns, seen) {
						return true
					}
				}
			case *ssa.Phi:
				vals = append(vals, x)
			case *ssa.UnOp:
				if x.Op == token.NOT || x.Op == token.MUL {
					vals = append(vals, x)
				}
			case *ssa.BinOp:
				if x.Op == token.EQL || x.Op == token.NEQ || x.Op == token.LAND || x.Op == token.LOR {
					vals = append(vals, x)
				}
			case *ssa.Store:
				if x.Val == v && isCell(x.Addr) {
					vals = append(vals, x.Addr)
				}
			case *ssa.Return:
				if returns == 0 {
					continue
				}
				for i, res := range x.Results {
					if res != v {
						continue
					}
					if r.decidesResult(x.Parent(), i, returns, seen) {
						return true
					}
				}
			}
		}
	}
	return false
}

// decidesResult reports whether result i of fn decides a write where fn
// is called, or in the framework its closure is handed to.
func (r *Result) decidesResult(fn *ssa.Function, i, returns int, seen map[ssa.Value]bool) bool {
	var next []ssa.Value
	for _, site := range r.graph.sites(fn) {
		next = append(next, resultValues(site, i)...)
	}
	if r.decides(next, returns-1, seen) {
		return true
	}
	for _, h := range r.handOffs(fn) {
		for _, sum := range r.summariesAt(h.site) {
			if slices.Contains(sum.Decides, h.cb) {
				return true
			}
		}
	}
	return false
}

// answers returns the boolean results of br's function that a return
// under one side of br gives as a constant while a return not under it
// gives something else: the function answers what br tested.
func answers(br *ssa.If) []int {
	b := br.Block()
	fn := b.Parent()
	sig := fn.Signature.Results()
	var out []int
	for i := range sig.Len() {
		if !types.Identical(sig.At(i).Type().Underlying(), types.Typ[types.Bool]) {
			continue
		}
		for _, side := range b.Succs {
			if len(side.Preds) != 1 {
				continue
			}
			var under, other []ssa.Value
			for _, blk := range fn.Blocks {
				if len(blk.Instrs) == 0 {
					continue
				}
				ret, ok := blk.Instrs[len(blk.Instrs)-1].(*ssa.Return)
				if !ok || i >= len(ret.Results) {
					continue
				}
				if side.Dominates(blk) {
					under = append(under, ret.Results[i])
				} else {
					other = append(other, ret.Results[i])
				}
			}
			if len(under) > 0 && len(other) > 0 && allConst(under) && !sameConsts(under, other) {
				out = append(out, i)
				break
			}
		}
	}
	return out
}

func allConst(vs []ssa.Value) bool {
	for _, v := range vs {
		if _, ok := v.(*ssa.Const); !ok {
			return false
		}
	}
	return true
}

// sameConsts reports whether every value of others is a constant equal to
// the first of under (the answer would not depend on the branch).
func sameConsts(under, others []ssa.Value) bool {
	u := under[0].(*ssa.Const)
	for _, v := range others {
		c, ok := v.(*ssa.Const)
		if !ok || c.Value == nil || u.Value == nil || c.Value.ExactString() != u.Value.ExactString() {
			return false
		}
	}
	return true
}

// resultValues returns the values that hold result i of a call.
func resultValues(site ssa.CallInstruction, i int) []ssa.Value {
	call, ok := site.(*ssa.Call)
	if !ok {
		return nil
	}
	if call.Common().Signature().Results().Len() == 1 {
		if i == 0 {
			return []ssa.Value{call}
		}
		return nil
	}
	var out []ssa.Value
	for _, ref := range *call.Referrers() {
		if ex, ok := ref.(*ssa.Extract); ok && ex.Index == i {
			out = append(out, ex)
		}
	}
	return out
}

// branchWrites reports whether a write depends on the branch: some block
// that writes is on every path from one successor and not on every path
// from the other (it is control dependent on the branch). `if !stale &&
// pinned { return }; update()` decides the update on stale; `if stale {
// log() }; update()` does not, nor does a write under a later, unrelated
// branch.
func (r *Result) branchWrites(br *ssa.If) bool {
	b := br.Block()
	if len(b.Succs) != 2 {
		return false
	}
	for _, w := range b.Parent().Blocks {
		if !r.blockWrites(w) {
			continue
		}
		if postDominated(b.Succs[0], w) != postDominated(b.Succs[1], w) {
			return true
		}
		// The rest of a short-circuit condition: `if stale && err == nil
		// { update() }` decides the update on stale too.
		for i := range 2 {
			s, other := chained(b.Succs[i], b.Succs[1-i]), b.Succs[1-i]
			if s != b.Succs[i] && postDominated(s, w) && !postDominated(other, w) {
				return true
			}
		}
	}
	return false
}

// shortCircuit returns the phis that hold the value of a || or && whose
// left operand the branch br tests: `a || b` is true on the edge from a's
// branch, so the phi carries a's answer.
func shortCircuit(br *ssa.If) []ssa.Value {
	var out []ssa.Value
	b := br.Block()
	for _, s := range b.Succs {
		for _, instr := range s.Instrs {
			phi, ok := instr.(*ssa.Phi)
			if !ok {
				break
			}
			for k, pred := range s.Preds {
				if c, ok := phi.Edges[k].(*ssa.Const); ok && pred == b && c.Value != nil && c.Value.Kind() == constant.Bool {
					out = append(out, phi)
				}
			}
		}
	}
	return out
}

// flags returns the phis that record the branch br took in a flag: a
// constant arrives on an edge reached only through one side of br, and
// another value on an edge not through that side (`if stale(p) { found =
// true }`; later `if !found { delete(p) }`). The side may be the body of
// a || or && chain that br's test is one condition of.
func flags(br *ssa.If) []ssa.Value {
	b := br.Block()
	var out []ssa.Value
	for _, blk := range b.Parent().Blocks {
		for _, instr := range blk.Instrs {
			phi, ok := instr.(*ssa.Phi)
			if !ok {
				break
			}
			for _, side := range b.Succs {
				if side == blk || len(side.Preds) != 1 && !chainBody(b, side) {
					continue // not the branch's own block
				}
				via, other := false, false
				for k, pred := range blk.Preds {
					if side.Dominates(pred) {
						if _, isConst := phi.Edges[k].(*ssa.Const); isConst {
							via = true
						}
					} else {
						other = true
					}
				}
				if via && other {
					out = append(out, phi)
					break
				}
			}
		}
	}
	return out
}

// chainBody reports whether s, a successor of b with several
// predecessors, is the block that the conditions of a || chain lead to:
// every other predecessor is an earlier condition of the chain, whose
// failing side reaches b through blocks that only test (`if a || stale(x)
// { dirty = true }`). What s does, it does when b's test holds and the
// earlier conditions failed.
func chainBody(b, s *ssa.BasicBlock) bool {
	for _, p := range s.Preds {
		if p == b {
			continue
		}
		next, ok := otherSucc(p, s)
		for range 4 {
			if !ok || next == b {
				break
			}
			if !onlyTests(next) {
				ok = false
				break
			}
			next, ok = otherSucc(next, s)
		}
		if !ok || next != b {
			return false
		}
	}
	return true
}

// otherSucc returns the successor of p, a block branching two ways, that
// is not s, when the other is s.
func otherSucc(p, s *ssa.BasicBlock) (*ssa.BasicBlock, bool) {
	if len(p.Succs) != 2 {
		return nil, false
	}
	switch s {
	case p.Succs[0]:
		return p.Succs[1], true
	case p.Succs[1]:
		return p.Succs[0], true
	}
	return nil, false
}

// chained follows, from s, the blocks that only test another condition
// and branch to other when it fails (the rest of a && or || chain), and
// returns the block reached when every condition holds.
func chained(s, other *ssa.BasicBlock) *ssa.BasicBlock {
	for range 4 {
		if len(s.Succs) != 2 || len(s.Preds) != 1 || !onlyTests(s) {
			return s
		}
		switch other {
		case s.Succs[1]:
			s = s.Succs[0]
		case s.Succs[0]:
			s = s.Succs[1]
		default:
			return s
		}
	}
	return s
}

// onlyTests reports a block that computes a condition without calls and
// branches on it.
func onlyTests(b *ssa.BasicBlock) bool {
	for _, instr := range b.Instrs {
		switch instr.(type) {
		case *ssa.If, *ssa.BinOp, *ssa.UnOp, *ssa.FieldAddr, *ssa.Field, *ssa.DebugRef, *ssa.IndexAddr, *ssa.Index:
		default:
			return false
		}
	}
	return true
}

// postDominated reports whether every path from s to the function's exit
// passes through w.
func postDominated(s, w *ssa.BasicBlock) bool {
	seen := map[*ssa.BasicBlock]bool{w: true}
	stack := []*ssa.BasicBlock{s}
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[b] {
			continue
		}
		seen[b] = true
		if len(b.Succs) == 0 {
			return false // an exit reached without w
		}
		stack = append(stack, b.Succs...)
	}
	return true
}

// blockWrites reports whether b calls something that writes.
func (r *Result) blockWrites(b *ssa.BasicBlock) bool {
	for _, instr := range b.Instrs {
		if site, ok := instr.(ssa.CallInstruction); ok && r.siteWrites(site) {
			return true
		}
	}
	return false
}

// siteWrites reports whether the call may write an object: a write
// itself, a client's Delete (the object is recreated, as a Pod that a
// comparison judges stale), a function of the package that writes, or a
// function of another package whose Summary says it writes.
func (r *Result) siteWrites(site ssa.CallInstruction) bool {
	if fn := calleeObject(site.Common()); fn != nil && (IsWrite(fn) || k8s.IsClientMethod(fn, "Delete")) {
		return true
	}
	for _, callee := range r.graph.callees(site) {
		if r.funcWrites(callee) {
			return true
		}
	}
	for _, sum := range r.summariesAt(site) {
		if sum.Writes {
			return true
		}
	}
	return false
}

// funcWrites reports whether fn, or what it calls, writes an object.
func (r *Result) funcWrites(fn *ssa.Function) bool {
	if w, ok := r.writesMemo[fn]; ok {
		return w
	}
	r.writesMemo[fn] = false // a recursive call adds nothing
	w := false
	for _, b := range fn.Blocks {
		if r.blockWrites(b) {
			w = true
			break
		}
	}
	r.writesMemo[fn] = w
	return w
}

// summariesAt returns the Summaries of the other packages' functions a
// call may run.
func (r *Result) summariesAt(site ssa.CallInstruction) []*Summary {
	c := site.Common()
	if sums, ok := r.summaryOf[c]; ok {
		return sums
	}
	r.sumMu.Lock()
	defer r.sumMu.Unlock()
	if sums, ok := r.asked[c]; ok {
		return sums
	}
	var sums []*Summary
	if r.factsOf != nil {
		if fn := calleeObject(c); fn != nil {
			sums = r.factsOf(c, fn)
		}
	}
	if r.asked == nil {
		r.asked = map[*ssa.CallCommon][]*Summary{}
	}
	r.asked[c] = sums
	return sums
}

// A handOff is a call of another function that fn, a function value of
// the package, is handed to: as argument cb.Index, or stored in the field
// cb.Field of a struct that is.
type handOff struct {
	site   ssa.CallInstruction
	cb     Hook
	fields *ssa.Alloc // the struct the field is stored in, or nil
}

// handOffs returns the calls fn is handed to as a callback.
func (r *Result) handOffs(fn *ssa.Function) []handOff {
	var vals []ssa.Value
	if len(fn.FreeVars) == 0 {
		vals = append(vals, fn)
	}
	for _, mc := range r.graph.closures[fn] {
		vals = append(vals, mc)
	}
	var out []handOff
	for _, v := range vals {
		for _, instr := range r.uses(v) {
			switch x := instr.(type) {
			case ssa.CallInstruction:
				for i, a := range argsOf(x.Common()) {
					if a == v {
						out = append(out, handOff{site: x, cb: Hook{Index: i}})
					}
				}
			case *ssa.Store:
				fa, ok := x.Addr.(*ssa.FieldAddr)
				if !ok || x.Val != v {
					continue
				}
				alloc, ok := fa.X.(*ssa.Alloc)
				if !ok {
					continue
				}
				name := fieldName(fa.X.Type(), fa.Field, true)
				for site, i := range structArgs(alloc) {
					out = append(out, handOff{site: site, cb: Hook{Index: i, Field: name}, fields: alloc})
				}
			}
		}
	}
	return out
}

// structArgs returns the calls that the struct held by alloc is passed to
// (by value or by pointer), with the argument's index.
func structArgs(alloc *ssa.Alloc) map[ssa.CallInstruction]int {
	out := map[ssa.CallInstruction]int{}
	add := func(v ssa.Value) {
		for _, instr := range *v.Referrers() {
			if site, ok := instr.(ssa.CallInstruction); ok {
				for i, a := range argsOf(site.Common()) {
					if a == v {
						out[site] = i
					}
				}
			}
		}
	}
	add(alloc)
	for _, instr := range *alloc.Referrers() {
		if load, ok := instr.(*ssa.UnOp); ok && load.Op == token.MUL {
			add(load)
		}
	}
	return out
}

// CalledWhen returns the conditions under which the function literal lit
// runs, when the only use of lit is as a callback that a framework calls
// under the answer of a sibling callback (Gate): the expressions the
// sibling returns, and the answer required. It returns nothing when lit
// is called in any other way, or the framework calls it whatever the
// answer.
func (r *Result) CalledWhen(lit *ast.FuncLit) []Cond {
	r.ensure()
	if r.Pkg == nil {
		return nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	fn := r.literal(lit)
	if fn == nil {
		return nil
	}
	offs := r.handOffs(fn)
	if len(offs) != 1 || r.calledHere(fn) {
		return nil
	}
	h := offs[0]
	var out []Cond
	for _, g := range r.gatesAt(h.site) {
		if g.Run != h.cb {
			continue
		}
		for _, sib := range r.sibling(h, g.When) {
			for _, e := range returned(sib) {
				out = append(out, Cond{Expr: e, Want: g.Want})
			}
		}
	}
	return out
}

// calledHere reports whether fn is called in the package other than as a
// callback of another package's function.
func (r *Result) calledHere(fn *ssa.Function) bool {
	for _, site := range r.graph.sites(fn) {
		if site.Common().StaticCallee() != nil || site.Common().IsInvoke() {
			return true
		}
		// A dynamic call: a framework of the package calling its
		// parameter. Its own gates answer for it.
		if len(r.gates(site.Parent())) == 0 {
			return true
		}
	}
	return false
}

// gatesAt returns the Gates of the function a call runs: from its SSA
// form when it is of the package, from its Summary otherwise. Every
// function the call may run must say a gate for it to count.
func (r *Result) gatesAt(site ssa.CallInstruction) []Gate {
	var all [][]Gate
	for _, callee := range r.graph.callees(site) {
		all = append(all, r.gates(callee))
	}
	for _, sum := range r.summariesAt(site) {
		all = append(all, sum.Gates)
	}
	if len(all) == 0 {
		return nil
	}
	out := all[0]
	for _, gs := range all[1:] {
		out = slices.DeleteFunc(slices.Clone(out), func(g Gate) bool { return !slices.Contains(gs, g) })
	}
	return out
}

// sibling returns the function literal the caller hands over as the
// callback When, beside the hand-off h.
func (r *Result) sibling(h handOff, when Hook) []*ast.FuncLit {
	var vals []ssa.Value
	if h.fields != nil {
		if when.Index != h.cb.Index || when.Field == "" {
			return nil
		}
		for _, instr := range *h.fields.Referrers() {
			fa, ok := instr.(*ssa.FieldAddr)
			if !ok || fieldName(fa.X.Type(), fa.Field, true) != when.Field {
				continue
			}
			for _, ref := range *fa.Referrers() {
				if st, ok := ref.(*ssa.Store); ok && st.Addr == fa {
					vals = append(vals, st.Val)
				}
			}
		}
	} else if args := argsOf(h.site.Common()); when.Field == "" && when.Index < len(args) {
		vals = append(vals, args[when.Index])
	}
	var out []*ast.FuncLit
	for _, v := range vals {
		if fn := funcValue(v); fn != nil {
			if lit, ok := fn.Syntax().(*ast.FuncLit); ok {
				out = append(out, lit)
			}
		}
	}
	return out
}

// returned returns the expressions lit returns, not counting those of the
// function literals inside it.
func returned(lit *ast.FuncLit) []ast.Expr {
	var out []ast.Expr
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(x.Results) == 1 {
				out = append(out, x.Results[0])
			}
		}
		return true
	})
	return out
}

// literal returns the SSA function of the function literal lit.
func (r *Result) literal(lit *ast.FuncLit) *ssa.Function {
	for _, fn := range r.funcs {
		if fn.Syntax() == lit {
			return fn
		}
	}
	return nil
}

// gates returns the Gates of fn: for each callback it calls, the answer
// of another callback that every call of it is dominated by.
func (r *Result) gates(fn *ssa.Function) []Gate {
	if gs, ok := r.gatesMemo[fn]; ok {
		return gs
	}
	runs := map[Hook][]ssa.CallInstruction{}
	var order []Hook
	for cb, site := range callbackCalls(fn) {
		if runs[cb] == nil {
			order = append(order, cb)
		}
		runs[cb] = append(runs[cb], site)
	}
	var out []Gate
	for _, cb := range order {
		var common []Gate
		for i, site := range runs[cb] {
			gs := guards(site, cb)
			if i == 0 {
				common = gs
			} else {
				common = slices.DeleteFunc(common, func(g Gate) bool { return !slices.Contains(gs, g) })
			}
		}
		out = append(out, common...)
	}
	r.gatesMemo[fn] = out
	return out
}

// guards returns the answers of callbacks that the call site of run is
// dominated by.
func guards(site ssa.CallInstruction, run Hook) []Gate {
	var out []Gate
	at := site.Block()
	for d := at.Idom(); d != nil; d = d.Idom() {
		br, ok := d.Instrs[len(d.Instrs)-1].(*ssa.If)
		if !ok || len(d.Succs) != 2 || d.Succs[0] == d.Succs[1] {
			continue
		}
		var want bool
		switch t, f := d.Succs[0].Dominates(at), d.Succs[1].Dominates(at); {
		case t && !f:
			want = true
		case f && !t:
			want = false
		default:
			continue
		}
		cond := br.Cond
		for {
			not, ok := cond.(*ssa.UnOp)
			if !ok || not.Op != token.NOT {
				break
			}
			cond, want = not.X, !want
		}
		call, ok := cond.(*ssa.Call)
		if !ok || call.Common().IsInvoke() {
			continue
		}
		if when, ok := callbackOf(call.Common().Value); ok && when != run {
			out = append(out, Gate{Run: run, When: when, Want: want})
		}
	}
	return out
}

// decidingCallbacks returns the callbacks of fn whose answer decides a
// write in fn.
func (r *Result) decidingCallbacks(fn *ssa.Function) []Hook {
	var out []Hook
	for cb, site := range callbackCalls(fn) {
		call, ok := site.(*ssa.Call)
		if !ok || slices.Contains(out, cb) || !isBool(call.Type()) {
			continue
		}
		if r.decides([]ssa.Value{call}, 0, map[ssa.Value]bool{}) {
			out = append(out, cb)
		}
	}
	return out
}

func isBool(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsBoolean != 0
}

// callbackCalls yields the static calls (go and defer included) in fn of
// one of its callbacks, with the callback each calls, in block order.
func callbackCalls(fn *ssa.Function) iter.Seq2[Hook, ssa.CallInstruction] {
	return func(yield func(Hook, ssa.CallInstruction) bool) {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				site, ok := instr.(ssa.CallInstruction)
				if !ok || site.Common().IsInvoke() {
					continue
				}
				if cb, ok := callbackOf(site.Common().Value); ok && !yield(cb, site) {
					return
				}
			}
		}
	}
}

// callbackOf returns the callback v is: a function parameter, or a field
// of a struct parameter, loaded directly or from the parameter's spilled
// variable.
func callbackOf(v ssa.Value) (Hook, bool) {
	var x ssa.Value
	var field string
	switch f := v.(type) {
	case *ssa.Parameter:
		if i := sigIndex(f); i >= 0 {
			return Hook{Index: i}, true
		}
		return Hook{}, false
	case *ssa.Field:
		x, field = f.X, fieldName(f.X.Type(), f.Field, false)
	case *ssa.UnOp:
		fa, ok := f.X.(*ssa.FieldAddr)
		if !ok || f.Op != token.MUL {
			return Hook{}, false
		}
		x, field = fa.X, fieldName(fa.X.Type(), fa.Field, true)
	default:
		return Hook{}, false
	}
	if p := paramOf(x); p != nil {
		if i := sigIndex(p); i >= 0 && field != "" {
			return Hook{Index: i, Field: field}, true
		}
	}
	return Hook{}, false
}

// paramOf returns the parameter x is, or whose spilled variable x is
// (or was loaded from), or nil.
func paramOf(x ssa.Value) *ssa.Parameter {
	if load, ok := x.(*ssa.UnOp); ok && load.Op == token.MUL {
		x = load.X
	}
	switch v := x.(type) {
	case *ssa.Parameter:
		return v
	case *ssa.Alloc:
		var p *ssa.Parameter
		for _, ref := range *v.Referrers() {
			if st, ok := ref.(*ssa.Store); ok && st.Addr == v {
				q, ok := st.Val.(*ssa.Parameter)
				if !ok || p != nil {
					return nil // written other than once, from the parameter
				}
				p = q
			}
		}
		return p
	}
	return nil
}
