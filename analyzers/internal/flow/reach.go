package flow

// Reach: whether one point of a function can run before another, on the
// function's control-flow graph.

import (
	"go/ast"
	"go/token"
	"slices"

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
	if !r.ready() {
		return true
	}
	f, t := r.point(from), r.point(to)
	if f == nil || t == nil || f.Parent() != t.Parent() {
		return true
	}
	return leadsTo(f, t, func(from, to *ssa.BasicBlock) bool { return slices.Contains(reachable(from), to) })
}

// leadsTo reports whether a path of their function's control-flow graph
// leads from the instruction a to b: b comes later in a's block, or in a
// block that reach says a path from a's block leads to (a's own, again,
// in a loop).
func leadsTo(a, b ssa.Instruction, reach func(from, to *ssa.BasicBlock) bool) bool {
	ab, bb := a.Block(), b.Block()
	if ab == bb && index(ab, a) < index(bb, b) {
		return true
	}
	return reach(ab, bb)
}

// Precedes reports whether a runs before b: a starts first in the source
// and a path of the control-flow graph leads from a to b, each placed by
// Anchor. A statement on a branch b is not on does not precede it, nor
// does a later statement of a loop body precede an earlier one through
// the loop's back edge. Like Reaches it answers true, the text order
// kept, when the graph cannot tell.
func (r *Result) Precedes(a, b ast.Node) bool {
	if a.Pos() >= b.Pos() {
		return false
	}
	ea, eb := Anchor(a), Anchor(b)
	return ea == nil || eb == nil || r.Reaches(ea, eb)
}

// Anchor returns the expression that places the statement or expression
// n on the control-flow graph, for Reaches and Always: an expression
// itself, an assignment's first value, a range statement's ranged
// expression; nil for other statements.
func Anchor(n ast.Node) ast.Expr {
	switch x := n.(type) {
	case *ast.AssignStmt:
		if len(x.Rhs) > 0 {
			return x.Rhs[0]
		}
	case *ast.RangeStmt:
		return x.X
	case ast.Expr:
		return x
	}
	return nil
}

// reachable returns the blocks a path from the end of b leads to: its
// successors and theirs, b itself again in a loop.
func reachable(b *ssa.BasicBlock) []*ssa.BasicBlock {
	var out []*ssa.BasicBlock
	seen := map[*ssa.BasicBlock]bool{}
	work := append([]*ssa.BasicBlock(nil), b.Succs...)
	for len(work) > 0 {
		next := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[next] {
			continue
		}
		seen[next] = true
		out = append(out, next)
		work = append(work, next.Succs...)
	}
	return out
}

// point returns the first instruction that refers to the value of e, or
// for a call without one (a call whose results are returned or assigned
// as a tuple) the call itself, and for a composite literal built in
// place (a field's value in a struct literal) the instruction that makes
// it.
func (r *Result) point(e ast.Expr) ssa.Instruction {
	e = ast.Unparen(e)
	if refs := r.exprs[e]; len(refs) > 0 {
		return refs[0]
	}
	var open token.Pos
	switch x := e.(type) {
	case *ast.SelectorExpr:
		// A field assigned to is referenced by its selector's name.
		if refs := r.exprs[x.Sel]; len(refs) > 0 {
			return refs[0]
		}
		return nil
	case *ast.CallExpr:
		open = x.Lparen
	case *ast.CompositeLit:
		open = x.Lbrace
	default:
		return nil
	}
	r.lparenOnce.Do(func() {
		r.lparens = map[token.Pos]ssa.Instruction{}
		for _, fn := range r.funcs {
			for _, b := range fn.Blocks {
				for _, instr := range b.Instrs {
					switch x := instr.(type) {
					case ssa.CallInstruction:
						r.lparens[x.Common().Pos()] = instr
					case *ssa.MakeMap, *ssa.Alloc, *ssa.MakeSlice:
						if _, seen := r.lparens[instr.Pos()]; !seen && instr.Pos().IsValid() {
							r.lparens[instr.Pos()] = instr
						}
					}
				}
			}
		}
	})
	return r.lparens[open]
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
