package flow

// Reads: whether a call that makes an object the server's copy is on a
// path through a point of its function.

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// evidenceAt is a call that is evidence for the object handed to it, and
// its reason: a Get into it, an Update of it, a helper's call that does
// either (through the helper's parameter).
type evidenceAt struct {
	site ssa.Instruction
	why  Reason
}

// evidentAt is evident for v, handed to site, and records the call for
// NotReadAt.
func (s *solver) evidentAt(site ssa.CallInstruction, v ssa.Value, why Reason) {
	if v != nil {
		k := evKey(v)
		if ev := (evidenceAt{site, why}); !slices.Contains(s.r.evAt[k], ev) {
			s.r.evAt[k] = append(s.r.evAt[k], ev)
		}
	}
	s.evident(v, why)
}

// evKey is the object a value handed to a call is, or is a part of: past
// conversions, a local's cell and the fields and elements selected.
func evKey(v ssa.Value) ssa.Value {
	v = rootValue(v)
	for next := partOf(v); next != nil; next = partOf(v) {
		v = rootValue(next)
	}
	return v
}

// NotReadAt reports whether the local v, which holds only objects its
// function allocates (Allocated), holds one that is not the server's copy
// at pos although it is live elsewhere: every call that reads into it
// (Get, List, a helper that does) is on paths that do not reach pos (a
// branch that looks the object up and returns), and every call that
// sends it back (Update, a merge Patch) on paths that pos does not lead
// to. Any other evidence, evidence in another function (a closure), or a
// liveness that came forwards from another object (a live object copied
// into it) keeps it live: the answer is then false.
func (r *Result) NotReadAt(v *types.Var, pos token.Pos) bool {
	if !r.ready() || !r.Allocated(v) {
		return false
	}
	r.indexOnce.Do(r.index)
	point := r.points[pos]
	if point == nil {
		return false
	}
	return r.notReadFrom(point, r.values[v])
}

// ParamNotRead reports whether the parameter v is live only through the
// arguments of its function's calls in the package (LiveArgument), and
// each live one is an object its caller allocates and that no read
// reaches at the call (as NotReadAt): a helper given a claim its caller
// looked up only on a branch that returned. pos must be in the
// function itself: a closure it makes may run after it returns (a mutate
// function made by a factory runs inside CreateOrUpdate, after its read).
func (r *Result) ParamNotRead(v *types.Var, pos token.Pos) bool {
	p, i, sites := r.liveArgument(v)
	if sites == nil {
		return false
	}
	if point := r.points[pos]; point == nil || point.Parent() != p.Parent() {
		return false
	}
	for _, site := range sites {
		args := argsOf(site.Common())
		if i >= len(args) {
			return false
		}
		a := unconverted(args[i])
		if r.live[a] == NotLive {
			continue
		}
		vals, ok := allocatedValues(a)
		if !ok || !r.notReadFrom(site, vals) {
			return false
		}
	}
	return true
}

// allocatedValues returns x and, for a phi, its edges, when every object
// x may hold is allocated by its function (`&T{}`, `new(T)`; nil on the
// other paths).
func allocatedValues(x ssa.Value) ([]ssa.Value, bool) {
	switch v := x.(type) {
	case *ssa.Alloc:
		return []ssa.Value{v}, v.Comment == "complit" || v.Comment == "new"
	case *ssa.Phi:
		out := []ssa.Value{v}
		for _, e := range v.Edges {
			if c, ok := e.(*ssa.Const); ok && c.IsNil() {
				continue
			}
			vals, ok := allocatedValues(e)
			if !ok {
				return nil, false
			}
			out = append(out, vals...)
		}
		return out, true
	}
	return nil, false
}

// notReadFrom is NotReadAt at point for the object whose values are vals.
func (r *Result) notReadFrom(point ssa.Instruction, vals []ssa.Value) bool {
	reach := func(from, to *ssa.BasicBlock) bool { return slices.Contains(reachable(from), to) }
	found := false
	for _, x := range vals {
		if why, ok := r.live[x]; ok && r.back[x] != why {
			return false // made live forwards, not by a call it was handed to
		}
		for _, ev := range r.evAt[evKey(x)] {
			if ev.site.Parent() != point.Parent() {
				return false
			}
			switch {
			case IsRead(ev.why):
				if leadsTo(ev.site, point, reach) {
					return false
				}
			case ev.why == WrittenBack:
				if leadsTo(point, ev.site, reach) {
					return false
				}
			default:
				return false
			}
			found = true
		}
	}
	return found
}
