package flow

// Taint memory: the locations a Taint follows (a cell, a field of the
// function's own object, what a pointer parameter points to, a literal's
// array) and what a read of one sees: the labels the writes that run
// before it put there.

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// An entry is what one instruction puts in a slot: a read sees the
// entries of the instructions that run before it.
type entry[L comparable] struct {
	at ssa.Instruction
	ls []L
}

// A slot is a location in memory: a field of an object, the whole of a
// cell or of what a pointer points to (whole), or the elements of an
// array (elems).
type slot struct {
	base  ssa.Value
	field int
}

const (
	whole = -1
	elems = -2
)

// slotOf returns the location a reference to a variable, a field or a
// pointer's target stands for: the address taken, or the address a value
// was loaded from.
func (t *Taint[L]) slotOf(ref *ssa.DebugRef) (slot, bool) {
	if ref.IsAddr {
		return t.location(ref.X)
	}
	if load, ok := ref.X.(*ssa.UnOp); ok && load.Op == token.MUL {
		if _, isParam := t.canon(load).(*ssa.Parameter); !isParam {
			return t.location(load.X)
		}
	}
	return slot{}, false
}

// load returns the labels a load from addr carries at instr.
func (t *Taint[L]) load(addr ssa.Value, instr ssa.Instruction) []L {
	s, ok := t.location(addr)
	if !ok {
		return t.at(addr, instr)
	}
	if t.clearedMem(s, instr) {
		return nil
	}
	ls := t.memAt(s, instr)
	switch a := addr.(type) {
	case *ssa.FieldAddr:
		ls = Union(ls, t.at(a.X, instr)) // what the whole object holds
		if f := fieldOf(a.X.Type(), a.Field, true); f != nil && t.rules.Field != nil {
			stored := slices.ContainsFunc(t.stores[s], func(st ssa.Instruction) bool { return t.precedes(st, t.anchor(instr, st.Parent())) })
			ls = Union(ls, t.rules.Field(f, ls, stored, t.fresh(s.base)))
		}
	case *ssa.IndexAddr:
		if s.field != elems {
			return nil // an element of a list is its content, not its order
		}
	default:
		if alloc, ok := s.base.(*ssa.Alloc); ok {
			ls = Union(ls, t.whole(alloc, instr))
		}
	}
	return ls
}

// whole returns what a local object holds as a whole where instr reads
// it (everywhere, for a nil instr): what was stored into it whole, what
// its literal gave its fields, and what its array's elements hold. A
// field assigned after the literal is that field's, not the object's: an
// object whose field is a sink is not itself ordered.
func (t *Taint[L]) whole(alloc *ssa.Alloc, instr ssa.Instruction) []L {
	ls := t.memAt(slot{alloc, whole}, instr)
	for s, x := range t.litMem {
		if s.base == alloc {
			ls = Union(ls, x)
		}
	}
	if _, isArray := deref(alloc.Type()).Underlying().(*types.Array); isArray {
		ls = Union(ls, t.memAt(slot{alloc, elems}, instr))
	}
	return ls
}

// memAt returns what s holds where instr reads it: what the stores and
// the analyzer's additions that run before it put there (all of it, for a
// nil instr).
func (t *Taint[L]) memAt(s slot, instr ssa.Instruction) []L {
	var ls []L
	for _, m := range []map[slot][]entry[L]{t.mem, t.extraMem} {
		for _, e := range m[s] {
			if instr == nil || t.before(e.at, instr) {
				ls = Union(ls, e.ls)
			}
		}
	}
	return ls
}

// before reports whether a may run before b: a precedes b in their
// function, or in the function one of them is written in (a closure's
// instruction placed where the closure is made). Unrelated closures may
// run in any order.
func (t *Taint[L]) before(a, b ssa.Instruction) bool {
	if x := t.anchor(b, a.Parent()); x != nil {
		return t.precedes(a, x) || a == x
	}
	if x := t.anchor(a, b.Parent()); x != nil {
		return t.precedes(x, b)
	}
	return true
}

// put adds ls to what instr puts in s, and reports whether it grew.
func (t *Taint[L]) put(m map[slot][]entry[L], s slot, instr ssa.Instruction, ls []L) bool {
	for i, e := range m[s] {
		if e.at == instr {
			u := Union(e.ls, ls)
			m[s][i].ls = u
			return len(u) > len(e.ls)
		}
	}
	m[s] = append(m[s], entry[L]{instr, slices.Clone(ls)})
	return true
}

// ofLiteral reports whether the store st into s is made by the composite
// literal that allocates s's object.
func (t *Taint[L]) ofLiteral(s slot, st ssa.Instruction) bool {
	alloc, ok := s.base.(*ssa.Alloc)
	if !ok || s.field < 0 {
		return false
	}
	lit := t.r.lits[alloc.Pos()]
	return lit != nil && lit.Pos() <= st.Pos() && st.Pos() < lit.End()
}

// fresh reports whether the object v points to is built by the function:
// a literal, new(T), or a local given a literal's value.
func (t *Taint[L]) fresh(v ssa.Value) bool {
	alloc, ok := v.(*ssa.Alloc)
	if !ok {
		return false
	}
	if alloc.Comment == "new" || t.r.lits[alloc.Pos()] != nil {
		return true
	}
	for _, x := range storedInto(alloc) {
		if load, ok := x.(*ssa.UnOp); ok && load.Op == token.MUL {
			if src, ok := load.X.(*ssa.Alloc); ok && t.r.lits[src.Pos()] != nil {
				return true
			}
		}
	}
	return false
}

// location returns the slot addr is the address of, when it is one the
// Taint follows.
func (t *Taint[L]) location(addr ssa.Value) (slot, bool) {
	switch a := addr.(type) {
	case *ssa.Alloc, *ssa.Parameter:
		return slot{a, whole}, true
	case *ssa.FreeVar:
		if b := t.bound(a); b != nil {
			return t.location(b)
		}
		return slot{a, whole}, true
	case *ssa.FieldAddr:
		return slot{t.base(a.X), a.Field}, true
	case *ssa.IndexAddr:
		if alloc, ok := a.X.(*ssa.Alloc); ok {
			if _, isArray := deref(alloc.Type()).Underlying().(*types.Array); isArray {
				return slot{alloc, elems}, true
			}
		}
		return slot{t.base(a.X), elems - 1}, true // an element: not followed
	case *ssa.UnOp:
		if a.Op == token.MUL {
			return slot{t.base(a), whole}, true // *p, p a local pointer
		}
	}
	return slot{}, false
}

// base returns the value that stands for the object v points to: the
// binding of a captured variable, the parameter a spilled one is.
func (t *Taint[L]) base(v ssa.Value) ssa.Value {
	if fv, ok := v.(*ssa.FreeVar); ok {
		if b := t.bound(fv); b != nil {
			return t.base(b)
		}
	}
	return t.canon(v)
}

// bound returns the value a free variable is bound to, when every closure
// made of its function binds the same one.
func (t *Taint[L]) bound(fv *ssa.FreeVar) ssa.Value {
	var out ssa.Value
	for _, b := range t.r.graph.bindings(fv) {
		if out != nil && out != b {
			return nil
		}
		out = b
	}
	return out
}

// canon returns the value v stands for: a load of the cell a parameter is
// spilled into is the parameter.
func (t *Taint[L]) canon(v ssa.Value) ssa.Value {
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return v
	}
	if p, ok := t.r.graph.cellValue(load.X).(*ssa.Parameter); ok {
		return p
	}
	return v
}
