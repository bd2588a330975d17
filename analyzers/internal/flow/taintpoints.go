package flow

// Taint points: which instruction runs before which, for clears (a sort
// clears what runs after it) and for reads of memory, with a closure's
// instructions placed where the closure is made.

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// sortedAfter reports whether the slice v is cleared (sorted in place)
// after instr.
func (t *Taint[L]) sortedAfter(v ssa.Value, instr ssa.Instruction) bool {
	if _, isSlice := v.Type().Underlying().(*types.Slice); !isSlice {
		return false
	}
	for _, c := range t.clears[t.canon(v)] {
		if a := t.anchor(instr, c.Parent()); a != nil && t.precedes(a, c) {
			return true
		}
	}
	return false
}

func (t *Taint[L]) cleared(v ssa.Value, instr ssa.Instruction) bool {
	for _, c := range t.clears[t.canon(v)] {
		if t.precedes(c, t.anchor(instr, c.Parent())) {
			return true
		}
	}
	return false
}

func (t *Taint[L]) clearedMem(s slot, instr ssa.Instruction) bool {
	for _, c := range t.clearMem[s] {
		if t.precedes(c, t.anchor(instr, c.Parent())) {
			return true
		}
	}
	return false
}

// anchor returns the instruction of fn that instr runs under: itself, or
// for an instruction of a closure written in fn, the making of the
// closure. nil when instr is not in fn or its closures.
func (t *Taint[L]) anchor(instr ssa.Instruction, fn *ssa.Function) ssa.Instruction {
	for depth := 0; instr != nil && instr.Parent() != fn && depth < maxClosureDepth; depth++ {
		makers := t.r.graph.makersOf(instr.Parent())
		if len(makers) == 0 {
			return nil
		}
		instr = makers[0]
	}
	if instr == nil || instr.Parent() != fn {
		return nil
	}
	return instr
}

// precedes reports whether a runs before b in their function: earlier in
// the source, and on a path of the control-flow graph that leads to b.
func (t *Taint[L]) precedes(a, b ssa.Instruction) bool {
	if b == nil || a.Parent() != b.Parent() {
		return false
	}
	if _, phi := b.(*ssa.Phi); !phi { // a phi is placed at its variable's declaration
		if pa, pb := a.Pos(), b.Pos(); pa.IsValid() && pb.IsValid() && pa >= pb {
			return false
		}
	}
	return leadsTo(a, b, func(from, to *ssa.BasicBlock) bool {
		r, ok := t.reach[from]
		if !ok {
			r = map[*ssa.BasicBlock]bool{}
			for _, x := range reachable(from) {
				r[x] = true
			}
			t.reach[from] = r
		}
		return r[to]
	})
}
