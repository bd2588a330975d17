package flow

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// varsFrom maps the live values back to the variables of the source: a
// variable is live when a value it takes is, read off the parameters and
// the builder's debug references (one per use and definition of a
// variable). The best reason wins.
func (r *Result) varsFrom(funcs []*ssa.Function) {
	set := func(obj types.Object, v ssa.Value) {
		tv, ok := obj.(*types.Var)
		if !ok || !isObjectLike(tv.Type()) {
			return
		}
		why := r.live[v]
		if why == NotLive {
			return
		}
		if old := r.vars[tv]; old == NotLive || why < old {
			r.vars[tv] = why
		}
	}
	for _, fn := range funcs {
		for _, p := range fn.Params {
			if obj := p.Object(); obj != nil {
				set(obj, p)
			}
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if ref, ok := instr.(*ssa.DebugRef); ok && ref.Object() != nil {
					set(ref.Object(), ref.X)
					if tv, ok := ref.Object().(*types.Var); ok && !ref.IsAddr && r.live[ref.X] != NotLive {
						r.refs[tv] = append(r.refs[tv], ref)
					}
				}
			}
		}
	}
}
