package flow

// Writes through parameters: whether a function may change what a
// pointer, list or map it is handed refers to. A carry-over helper fills
// its destination and only reads its source: `merge(&dstResources,
// &src.Resources)` takes nothing into src.

import (
	"go/token"

	"golang.org/x/tools/go/ssa"
)

// throughDepth bounds the calls followed by writesThrough.
const throughDepth = 4

type throughKey struct {
	fn *ssa.Function
	i  int
}

// mayWrite reports whether call may store through v, one of its
// arguments: the callee (a function of this package, or a closure) stores
// into what that parameter points to, or the callee's body is not known
// here (another package's function, an interface method, a function
// value), which may.
func (r *Result) mayWrite(call *ssa.Call, v ssa.Value) bool {
	fn := call.Call.StaticCallee()
	if mc, ok := call.Call.Value.(*ssa.MakeClosure); ok {
		fn, _ = mc.Fn.(*ssa.Function)
	}
	if fn == nil || call.Call.IsInvoke() {
		return true
	}
	for j, a := range call.Call.Args {
		if a == v && r.writesThrough(fn, j, 0) {
			return true
		}
	}
	return false
}

// writesThrough reports whether fn may store through its parameter i: into
// a field, element or entry of what it refers to, at any depth, itself or
// in the functions it hands it to. A function without a body here, or one
// too deep, may.
func (r *Result) writesThrough(fn *ssa.Function, i, depth int) bool {
	if len(fn.Blocks) == 0 || i >= len(fn.Params) || depth > throughDepth {
		return true
	}
	k := throughKey{fn, i}
	r.mu.Lock()
	w, ok := r.through[k]
	r.mu.Unlock()
	if ok {
		return w
	}
	w = r.storesThrough(fn.Params[i], depth)
	r.mu.Lock()
	if r.through == nil {
		r.through = map[throughKey]bool{}
	}
	r.through[k] = w
	r.mu.Unlock()
	return w
}

// storesThrough reports whether a store reaches what p refers to: through
// the field and element addresses, loads of pointers, lists and maps,
// conversions and phis derived from it.
func (r *Result) storesThrough(p ssa.Value, depth int) bool {
	seen := map[ssa.Value]bool{}
	work := []ssa.Value{p}
	for len(work) > 0 {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[v] {
			continue
		}
		seen[v] = true
		for _, use := range *referrers(v) {
			switch x := use.(type) {
			case *ssa.Store:
				if x.Addr == v {
					return true
				}
			case *ssa.MapUpdate:
				if x.Map == v {
					return true
				}
			case *ssa.FieldAddr, *ssa.IndexAddr, *ssa.Slice, *ssa.ChangeType, *ssa.Convert, *ssa.Phi:
				work = append(work, x.(ssa.Value))
			case *ssa.UnOp:
				if x.Op == token.MUL && isReference(x.Type()) {
					work = append(work, x)
				}
			case *ssa.Field:
				if isReference(x.Type()) {
					work = append(work, x)
				}
			case *ssa.Index:
				if isReference(x.Type()) {
					work = append(work, x)
				}
			case *ssa.MakeClosure:
				return true // a closure that captured it may
			case *ssa.Go, *ssa.Defer:
				return true
			case *ssa.Call:
				if b, ok := x.Call.Value.(*ssa.Builtin); ok {
					switch b.Name() {
					case "copy", "delete", "clear":
						if len(x.Call.Args) > 0 && x.Call.Args[0] == v {
							return true
						}
					}
					continue
				}
				if x.Call.IsInvoke() && x.Call.Value == v {
					return true // a method of what it refers to
				}
				callee := x.Call.StaticCallee()
				if mc, ok := x.Call.Value.(*ssa.MakeClosure); ok {
					callee, _ = mc.Fn.(*ssa.Function)
				}
				for j, a := range x.Call.Args {
					if a != v {
						continue
					}
					if callee == nil || x.Call.IsInvoke() || r.writesThrough(callee, j, depth+1) {
						return true
					}
				}
			}
		}
	}
	return false
}
