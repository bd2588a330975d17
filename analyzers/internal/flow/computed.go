package flow

// Computed: the expression a value was computed by, read through the
// locals that carry it.

import (
	"go/ast"
	"go/token"

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
// by `live.GetAnnotations()`. It returns nil when e computes its own
// value (it is not a read of a local), when the engine has no value for
// e, and when the value has several sources or comes from a parameter.
func (r *Result) Computed(e ast.Expr) ast.Expr {
	if !r.ready() {
		return nil
	}
	r.compOnce.Do(r.indexComputed)
	e = ast.Unparen(e)
	if _, ok := e.(*ast.Ident); !ok {
		return nil
	}
	var out ast.Expr
	for _, ref := range r.exprs[e] {
		if ref.IsAddr {
			continue
		}
		c := r.computing(ref.X)
		if c == nil || out != nil && c != out {
			return nil
		}
		out = c
	}
	return out
}

// computing follows v back through cells, phis and comma-ok extractions
// to a value that an expression other than a local's name computes.
func (r *Result) computing(v ssa.Value) ast.Expr {
	for range computedDepth {
		if e := r.computedBy[v]; e != nil {
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

// indexComputed maps the package's values to the expression that
// computes each: the first one, in the order of the instructions, that
// is not the name of a variable.
func (r *Result) indexComputed() {
	r.computedBy = map[ssa.Value]ast.Expr{}
	for _, refs := range r.exprs {
		for _, ref := range refs {
			if _, isName := ref.Expr.(*ast.Ident); isName || ref.IsAddr {
				continue
			}
			if prev := r.computedBy[ref.X]; prev == nil || ref.Expr.Pos() < prev.Pos() {
				r.computedBy[ref.X] = ref.Expr
			}
		}
	}
}
