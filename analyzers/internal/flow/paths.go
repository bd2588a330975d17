package flow

// Paths: whether every path of a function that does its work passes a
// point, on the function's control-flow graph.

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/k8s"
)

// Always reports whether every path of a function that does its work
// passes one of the points (expressions with a value in the SSA form, as
// for Reaches). The paths that count are those from the function's entry
// to until, when until is not nil and in the points' function; else to
// each of the function's writes of an object that a point leads to (a
// reconciler that returns early when nothing changed writes nothing on
// that path, and a write made before the points carries nothing they
// did); else, in a function with no such write (a builder, a helper
// called for its effect), to each return that gives no error (see
// succeeds). A branch that handles an error and returns leaves no point
// conditional; a branch, a loop body, or a successful return of a
// builder before the points does (`if !cr.Metrics { return anns }` before
// `anns[k] = v`). A point in a closure is passed when the closure passes
// it on each of its own paths and is made on each of its maker's. Points
// in several functions answer for the function that passes them, if one
// does. known is false when a point has no instruction.
func (r *Result) Always(until ast.Expr, points ...ast.Expr) (always, known bool) {
	if !r.ready() || len(points) == 0 {
		return false, false
	}
	var end ssa.Instruction
	if until != nil {
		end = r.point(until)
	}
	byFn := map[*ssa.Function][]ssa.Instruction{}
	var order []*ssa.Function
	for _, e := range points {
		in := r.point(e)
		if in == nil || in.Block() == nil {
			return false, false
		}
		fn := in.Parent()
		if byFn[fn] == nil {
			order = append(order, fn)
		}
		byFn[fn] = append(byFn[fn], in)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, fn := range order {
		if r.alwaysIn(fn, byFn[fn], end) {
			return true, true
		}
	}
	return false, true
}

// maxClosureDepth bounds the makers Always climbs from a closure.
const maxClosureDepth = 8

// alwaysIn reports whether every path of fn that counts (see Always)
// passes one of points, and, for a closure, whether its makers are
// passed in turn. r.mu is held.
func (r *Result) alwaysIn(fn *ssa.Function, points []ssa.Instruction, end ssa.Instruction) bool {
	for range maxClosureDepth {
		if end != nil && end.Parent() == fn {
			return passes(fn, points, []ssa.Instruction{end})
		}
		if !passes(fn, points, after(points, r.writeSites(fn))) {
			return false
		}
		parent := fn.Parent()
		if parent == nil {
			return true
		}
		if r.graph == nil {
			return true
		}
		makers := r.graph.makersOf(fn)
		if len(makers) == 0 {
			return true
		}
		fn, points = parent, makers
	}
	return true
}

// writeSites returns the calls of fn that may send an object to the API
// server: a write (see siteWrites) or a Create. r.mu is held.
func (r *Result) writeSites(fn *ssa.Function) []ssa.Instruction {
	if out, ok := r.sitesMemo[fn]; ok {
		return out
	}
	var out []ssa.Instruction
	defer func() { r.sitesMemo[fn] = out }()
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			site, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			if callee := calleeObject(site.Common()); callee != nil && (IsClientMethod(callee, "Create") || k8s.IsClientMethod(callee, "Create")) || r.siteWrites(site) {
				out = append(out, instr)
			}
		}
	}
	return out
}

// after returns the sites that a path from one of points leads to: the
// writes that may carry what the points did.
func after(points, sites []ssa.Instruction) []ssa.Instruction {
	if len(sites) == 0 {
		return nil
	}
	later := map[*ssa.BasicBlock]bool{}
	for _, p := range points {
		for _, b := range reachable(p.Block()) {
			later[b] = true
		}
	}
	var out []ssa.Instruction
	for _, site := range sites {
		b := site.Block()
		if later[b] || slices.ContainsFunc(points, func(p ssa.Instruction) bool {
			return p.Block() == b && index(b, p) < index(b, site)
		}) {
			out = append(out, site)
		}
	}
	return out
}

// passes reports whether no path from fn's entry to one of ends (to a
// successful return, when there is none) avoids points.
func passes(fn *ssa.Function, points, ends []ssa.Instruction) bool {
	if len(fn.Blocks) == 0 {
		return true
	}
	// A block is passed when a point in it comes before the block's
	// first end; a block holding an end before any point is reached.
	first := map[*ssa.BasicBlock]int{} // index of the first end
	for _, e := range ends {
		if i, ok := first[e.Block()]; !ok || index(e.Block(), e) < i {
			first[e.Block()] = index(e.Block(), e)
		}
	}
	passed := map[*ssa.BasicBlock]bool{}
	for _, p := range points {
		if i, ok := first[p.Block()]; !ok || index(p.Block(), p) < i {
			passed[p.Block()] = true
		}
	}
	seen := map[*ssa.BasicBlock]bool{}
	work := []*ssa.BasicBlock{fn.Blocks[0]}
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[b] || passed[b] {
			continue
		}
		seen[b] = true
		if _, ok := first[b]; ok {
			return false
		}
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && len(ends) == 0 && succeeds(fn, ret) {
			return false
		}
		work = append(work, b.Succs...)
	}
	return true
}

// succeeds reports whether ret is a return of fn's work: it gives no
// error made there (errors.New, fmt.Errorf), and it is not in a branch
// taken when an error is not nil (`if err != nil { return ..., err }`,
// wrapped or not, or `return nil` when the object was not found). A
// return of another function's error (`return c.Update(ctx, obj)`) is
// the path that succeeds.
func succeeds(fn *ssa.Function, ret *ssa.Return) bool {
	res := fn.Signature.Results()
	for i := range res.Len() {
		if !types.Identical(res.At(i).Type(), errorType) || i >= len(ret.Results) {
			continue
		}
		v := ret.Results[i]
		if c, ok := v.(*ssa.Const); ok && c.IsNil() {
			continue
		}
		if madeError(v) {
			return false
		}
	}
	return !onErrorBranch(ret.Block())
}

// madeError reports whether v is an error made to be returned: a call of
// fmt.Errorf or of a constructor of an errors package (New, Errorf, Wrap,
// of the standard library's, github.com/pkg/errors, the API machinery's
// NewNotFound...), a package
// variable (a sentinel error), or a value of the function's own making
// converted to error (`&ConfigError{...}`).
func madeError(v ssa.Value) bool {
	if x, ok := v.(*ssa.MakeInterface); ok {
		switch y := x.X.(type) {
		case *ssa.Alloc, *ssa.Const:
			return true
		case *ssa.UnOp:
			_, global := y.X.(*ssa.Global)
			return global
		}
		v = x.X
	}
	switch x := v.(type) {
	case *ssa.UnOp:
		_, global := x.X.(*ssa.Global)
		return global && x.Op == token.MUL
	case *ssa.Call:
		fn := calleeObject(x.Common())
		if fn == nil || fn.Pkg() == nil {
			return false
		}
		if fn.Pkg().Path() == "fmt" {
			return fn.Name() == "Errorf"
		}
		if !strings.HasSuffix(fn.Pkg().Name(), "errors") {
			return false
		}
		switch fn.Name() {
		case "Errorf", "Wrap", "Wrapf", "WithStack", "WithMessage", "WithMessagef":
			return true
		}
		// New, NewNotFound, ...; an aggregate of a list is nil when the
		// list is empty: the return of a function that succeeded.
		return strings.HasPrefix(fn.Name(), "New") && fn.Name() != "NewAggregate"
	}
	return false
}

// onErrorBranch reports whether b runs only on the side of a test of an
// error against nil where the error is not nil.
func onErrorBranch(b *ssa.BasicBlock) bool {
	for ; b != nil; b = b.Idom() {
		if len(b.Preds) != 1 {
			continue
		}
		p := b.Preds[0]
		test, ok := p.Instrs[len(p.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		cmp, ok := test.Cond.(*ssa.BinOp)
		if !ok || (cmp.Op != token.NEQ && cmp.Op != token.EQL) {
			continue
		}
		x, y := cmp.X, cmp.Y
		if c, ok := x.(*ssa.Const); ok && c.IsNil() {
			x, y = y, x
		}
		if c, ok := y.(*ssa.Const); !ok || !c.IsNil() || !types.Identical(x.Type(), errorType) {
			continue
		}
		notNil := p.Succs[0] // err != nil: the true side
		if cmp.Op == token.EQL {
			notNil = p.Succs[1]
		}
		if b == notNil {
			return true
		}
	}
	return false
}
