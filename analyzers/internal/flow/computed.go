package flow

// Computed: the expression a value was computed by, read through the
// locals that carry it.

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// computedDepth bounds the locals and phis Computed crosses.
const computedDepth = 16

// Computed returns the expression that computes the value e holds, read
// through the locals it was handed on by, whatever statement gave them
// their value: `v := x` or `v = x` for a variable declared earlier, a
// variable whose address is taken (its one store), a phi whose one
// source is not nil (`var v T` given a value in a loop that finds it),
// and the value of a comma-ok lookup or assertion (`v, ok := m[k]`).
// `anns := live.GetAnnotations(); _, ok := anns[k]` reads a map computed
// by `live.GetAnnotations()`; a local whose address is taken there
// (`&t`) holds its cell's one store. It returns nil when e computes its own
// value (it is not a read of a local), when the engine has no value for
// e, and when the value has several sources or comes from a parameter.
func (r *Result) Computed(e ast.Expr) ast.Expr {
	e = ast.Unparen(e)
	if _, ok := e.(*ast.Ident); !ok || !r.readyRefs() {
		return nil
	}
	refs := r.exprs[e]
	if !slices.ContainsFunc(refs, func(ref *ssa.DebugRef) bool { return !ref.IsAddr }) {
		// Only its address is taken here (`&t`): the value is the cell's
		// one store.
		var out ast.Expr
		for _, ref := range refs {
			st := storedInto(ref.X)
			if !isCell(ref.X) || len(st) != 1 {
				return nil
			}
			c := computing(ref.Parent(), st[0])
			if c == nil || out != nil && c != out {
				return nil
			}
			out = c
		}
		return out
	}
	var out ast.Expr
	for _, ref := range refs {
		if ref.IsAddr {
			continue
		}
		c := computing(ref.Parent(), ref.X)
		if c == nil || out != nil && c != out {
			return nil
		}
		out = c
	}
	return out
}

// computing follows v, a value of fn, back through cells, phis and
// comma-ok extractions to a value that an expression other than a
// local's name computes.
func computing(fn *ssa.Function, v ssa.Value) ast.Expr {
	for range computedDepth {
		if e := computedBy(fn, v); e != nil {
			return e
		}
		var next ssa.Value
		switch x := v.(type) {
		case *ssa.Phi:
			next = phiSource(x)
		case *ssa.UnOp:
			if x.Op == token.MUL && isCell(x.X) {
				if st := storedInto(x.X); len(st) == 1 {
					next = st[0]
				}
			}
		case *ssa.Extract:
			if x.Index == 0 {
				next = x.Tuple
			}
		}
		if next == nil {
			return nil
		}
		v = next
	}
	return nil
}

// computedBy returns the expression that computes v: of the debug
// references to v, the first in the source that is not the name of a
// variable. A constant has no referrers: its reference is looked for in
// fn, the function the question is asked in.
func computedBy(fn *ssa.Function, v ssa.Value) ast.Expr {
	uses := *referrers(v)
	if _, ok := v.(*ssa.Const); ok && fn != nil {
		uses = nil
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if ref, ok := instr.(*ssa.DebugRef); ok && ref.X == v {
					uses = append(uses, ref)
				}
			}
		}
	}
	var out ast.Expr
	for _, use := range uses {
		ref, ok := use.(*ssa.DebugRef)
		if !ok || ref.IsAddr {
			continue
		}
		if _, isName := ref.Expr.(*ast.Ident); isName {
			continue
		}
		if out == nil || ref.Expr.Pos() < out.Pos() {
			out = ref.Expr
		}
	}
	return out
}

// Constant reports whether every value e holds is a constant, through the
// locals and phis that carry it (`flag := "true"`, then flag): the
// builder makes no reference to a constant expression, so Computed cannot
// name it.
func (r *Result) Constant(e ast.Expr) bool {
	if !r.ready() {
		return false
	}
	constant := func(v ssa.Value) bool {
		for x := convertedFrom(v); x != nil; x = convertedFrom(v) {
			v = x
		}
		srcs := []ssa.Value{v}
		if phi, ok := v.(*ssa.Phi); ok {
			srcs = phiSources(phi) // nil, which it leaves out, is a constant too
		}
		for _, s := range srcs {
			if _, ok := s.(*ssa.Const); !ok {
				return false
			}
		}
		return true
	}
	refs := r.exprs[ast.Unparen(e)]
	for _, ref := range refs {
		if ref.IsAddr || !constant(ref.X) {
			return false
		}
	}
	return len(refs) > 0
}

// holdsLimit bounds the values Holds collects for one expression.
const holdsLimit = 64

// Holds reports whether e may hold the value x computes or holds: a value
// of one, read back through the locals that carry it (phis on every
// edge, a cell's stores, conversions), is a value of the other. `merged
// := Merge(...)`, then `out := merged` on one branch and `obj.Annotations
// = out`: the stored out holds the merge. It answers false when the
// engine has no value for either.
func (r *Result) Holds(e, x ast.Expr) bool {
	if !r.readyRefs() {
		return false
	}
	of := r.heldBy(x)
	if len(of) == 0 {
		return false
	}
	for v := range r.heldBy(e) {
		if of[v] {
			return true
		}
	}
	return false
}

// heldBy returns the values the expression e has, with those they were
// handed on from through phis, cells and conversions; constants left out.
func (r *Result) heldBy(e ast.Expr) map[ssa.Value]bool {
	out := map[ssa.Value]bool{}
	var work []ssa.Value
	for _, ref := range r.exprs[ast.Unparen(e)] {
		if !ref.IsAddr {
			work = append(work, ref.X)
		}
	}
	for len(work) > 0 && len(out) < holdsLimit {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		if _, ok := v.(*ssa.Const); ok || out[v] {
			continue
		}
		out[v] = true
		switch x := v.(type) {
		case *ssa.Phi:
			work = append(work, x.Edges...)
		case *ssa.UnOp:
			if x.Op == token.MUL && isCell(x.X) {
				work = append(work, storedInto(x.X)...)
			}
		}
		if c := convertedFrom(v); c != nil {
			work = append(work, c)
		}
	}
	return out
}

// Declared returns the expression the local v is given where it is
// declared (`v := e`, `var v = e`), read through the locals that carry it
// (`v := w`, w declared with e): nil for a parameter, a variable declared
// without a value, or one the engine has no value for.
func (r *Result) Declared(v *types.Var) ast.Expr {
	if !r.readyRefs() {
		return nil
	}
	ref := r.defs[v]
	if ref == nil {
		return nil
	}
	if e := computing(ref.Parent(), ref.X); e != nil {
		return e
	}
	return nil
}
