package flow

// Holders: lists and maps that hold live objects. An object appended to
// a list, stored in a map or in an element of an array is still the
// server's copy when it is read back: `byNode[n] = append(byNode[n], pod)`
// then `for _, p := range byNode[node]`. The list or map itself is not an
// object and is not marked live; what is read out of it is.

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/k8s"
)

// maxHold bounds how many containers deep a live object is followed (a
// map of lists of objects is two).
const maxHold = 3

// hold records that the container x holds live objects (depth levels
// down), and follows it to what is read out of it.
func (s *solver) hold(x ssa.Value, depth int) {
	if x == nil || depth > maxHold {
		return
	}
	if d, ok := s.holders[x]; ok && d <= depth {
		return
	}
	s.holders[x] = depth
	refs := x.Referrers()
	if refs == nil {
		return
	}
	for _, instr := range *refs {
		switch in := instr.(type) {
		case *ssa.Slice, *ssa.Phi, *ssa.ChangeType:
			s.hold(in.(ssa.Value), depth)
		case *ssa.Call:
			if b, ok := in.Call.Value.(*ssa.Builtin); ok && b.Name() == "append" {
				s.hold(in, depth) // append(list, more...) holds what both hold
			}
		case *ssa.MapUpdate:
			if in.Value == x {
				s.hold(in.Map, depth+1)
			}
		case *ssa.Store:
			if in.Val == x {
				if ia, ok := in.Addr.(*ssa.IndexAddr); ok {
					s.hold(ia.X, depth+1) // an array's element (variadic arguments)
				}
			}
		case *ssa.Lookup:
			if in.X == x && !in.CommaOk {
				s.readOut(in, depth)
			}
			if in.X == x && in.CommaOk {
				s.extracted(in, 0, depth) // v, ok := m[k]
			}
		case *ssa.Range:
			// for k, v := range m: the Next's value is an element.
			if refs := in.Referrers(); refs != nil {
				for _, r := range *refs {
					if next, ok := r.(*ssa.Next); ok {
						s.extracted(next, 2, depth)
					}
				}
			}
		case *ssa.IndexAddr:
			if in.X == x {
				s.readOut(in, depth)
			}
		case *ssa.Index:
			if in.X == x {
				s.readOut(in, depth)
			}
		}
	}
}

// extracted reads out element i of the tuple t.
func (s *solver) extracted(t ssa.Value, i, depth int) {
	if refs := t.Referrers(); refs != nil {
		for _, r := range *refs {
			if e, ok := r.(*ssa.Extract); ok && e.Index == i {
				s.readOut(e, depth)
			}
		}
	}
}

// readOut handles v, a value read out of a container that holds live
// objects depth levels down: an object (or a pointer to one) is live; a
// container holds them one level less deep.
func (s *solver) readOut(v ssa.Value, depth int) {
	if depth == 0 {
		s.mark(v, Derived)
		return
	}
	if _, ok := v.(*ssa.IndexAddr); ok {
		// &list[i]: a pointer to an element container; its loads hold.
		if refs := v.Referrers(); refs != nil {
			for _, instr := range *refs {
				if u, ok := instr.(*ssa.UnOp); ok && u.X == v {
					s.hold(u, depth-1)
				}
			}
		}
		return
	}
	s.hold(v, depth-1)
}

// holdStored follows a live object v stored into an element of an array
// or appended: the array (and the list sliced from it) holds it.
func (s *solver) holdStored(st *ssa.Store, v ssa.Value) {
	if ia, ok := st.Addr.(*ssa.IndexAddr); ok && st.Val == v && holdsObjects(ia.X.Type()) {
		s.hold(ia.X, 0)
	}
}

// holdsObjects reports a pointer to an array, or a list, whose elements
// are Kubernetes objects (or pointers to them).
func holdsObjects(t types.Type) bool {
	switch u := deref(t).Underlying().(type) {
	case *types.Array:
		return k8s.IsKind(u.Elem())
	case *types.Slice:
		return k8s.IsKind(u.Elem())
	}
	return false
}
