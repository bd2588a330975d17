package flow

// Reach: whether one point of a function can run before another, on the
// function's control-flow graph.

import (
	"go/ast"
	"go/token"

	"golang.org/x/tools/go/ssa"
)

// Reaches reports whether a path of the function's control-flow graph
// leads from from to to: from runs, and then, on some path, to does (a
// statement in a branch that returns first does not reach what follows
// the branch). Both are expressions with a value in the SSA form (a
// call, an assigned value). It answers true when it cannot tell: either
// has no value, or they are in different functions (a closure's body
// against its maker's).
func (r *Result) Reaches(from, to ast.Expr) bool {
	r.ensure()
	if r.Pkg == nil {
		return true
	}
	r.indexOnce.Do(r.index)
	f, t := r.point(from), r.point(to)
	if f == nil || t == nil || f.Parent() != t.Parent() {
		return true
	}
	fb, tb := f.Block(), t.Block()
	if fb == tb && index(fb, f) < index(tb, t) {
		return true
	}
	seen := map[*ssa.BasicBlock]bool{}
	work := append([]*ssa.BasicBlock(nil), fb.Succs...)
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		if b == tb {
			return true
		}
		if seen[b] {
			continue
		}
		seen[b] = true
		work = append(work, b.Succs...)
	}
	return false
}

// point returns the first instruction that refers to the value of e, or
// for a call without one (a call whose results are returned or assigned
// as a tuple) the call itself.
func (r *Result) point(e ast.Expr) ssa.Instruction {
	e = ast.Unparen(e)
	if refs := r.exprs[e]; len(refs) > 0 {
		return refs[0]
	}
	call, ok := e.(*ast.CallExpr)
	if !ok {
		return nil
	}
	r.lparenOnce.Do(func() {
		r.lparens = map[token.Pos]ssa.Instruction{}
		for _, fn := range r.funcs {
			for _, b := range fn.Blocks {
				for _, instr := range b.Instrs {
					if c, ok := instr.(ssa.CallInstruction); ok {
						r.lparens[c.Common().Pos()] = instr
					}
				}
			}
		}
	})
	return r.lparens[call.Lparen]
}

// index returns the position of in in b, or -1.
func index(b *ssa.BasicBlock, in ssa.Instruction) int {
	for i, x := range b.Instrs {
		if x == in {
			return i
		}
	}
	return -1
}
