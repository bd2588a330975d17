package flow

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/k8s"
)

// What a Patch sends. controller-runtime's Patch(ctx, obj, patch) sends
// what patch.Data(obj) makes of the object: all of it (client.Merge), its
// difference from a base (MergeFrom, StrategicMergeFrom), the object as
// desired state (client.Apply, or a hand-made apply patch,
// `client.RawPatch(client.Apply.Type(), data)`), or a body that does not
// come from the object at all (`client.RawPatch(types.MergePatchType,
// []byte(`{"spec":{"replicas":0}}`))`, a JSON patch type whose Data
// ignores the object): then only the object's name is used, and its
// content is neither sent nor needs to be the server's.

// A patchKind is what a patch makes of the object it is given.
type patchKind int

const (
	patchSends    patchKind = iota // the object's content, or what is not known
	patchApply                     // the object as desired state: server-side apply
	patchDetached                  // a body made apart from the object
	patchParam                     // a parameter of the function: its callers decide
)

// patchOf says what patch, the patch argument of a Patch of obj, makes of
// the object, and for patchParam, which parameter it is.
func patchOf(patch, obj ssa.Value) (patchKind, *ssa.Parameter) {
	seen := map[ssa.Value]bool{}
	var kind func(v ssa.Value) (patchKind, *ssa.Parameter)
	kind = func(v ssa.Value) (patchKind, *ssa.Parameter) {
		if seen[v] {
			return patchDetached, nil // a loop through phis adds nothing
		}
		seen[v] = true
		if isApplyPatch(v) {
			return patchApply, nil
		}
		switch x := v.(type) {
		case *ssa.Parameter:
			return patchParam, x
		case *ssa.MakeInterface:
			if ignoresObject(x.X.Type()) {
				return patchDetached, nil
			}
			return kind(x.X)
		case *ssa.ChangeInterface:
			return kind(x.X)
		case *ssa.ChangeType:
			return kind(x.X)
		case *ssa.Phi:
			out := patchDetached
			for _, e := range x.Edges {
				k, _ := kind(e)
				switch {
				case k == patchSends || k == patchParam:
					return patchSends, nil
				case k == patchApply:
					out = patchApply
				}
			}
			return out, nil
		case *ssa.Call:
			fn := calleeObject(x.Common())
			args := argsOf(x.Common())
			if fn == nil || !k8s.IsFunc(fn, k8s.Client, "RawPatch") || len(args) != 2 {
				return patchSends, nil
			}
			if isApplyType(args[0]) {
				return patchApply, nil
			}
			if derivedFrom(args[1], obj) {
				return patchSends, nil
			}
			return patchDetached, nil
		}
		return patchSends, nil
	}
	return kind(patch)
}

// isApplyType reports whether v is a server-side apply patch type: the
// constant (types.ApplyPatchType, or its CBOR form) or client.Apply.Type().
func isApplyType(v ssa.Value) bool {
	for {
		next := convertedFrom(v)
		if c, ok := v.(*ssa.Convert); ok {
			next = c.X
		}
		if next == nil {
			break
		}
		v = next
	}
	switch x := v.(type) {
	case *ssa.Const:
		return x.Value != nil && x.Value.Kind() == constant.String && strings.HasPrefix(constant.StringVal(x.Value), "application/apply-patch")
	case *ssa.Call:
		c := x.Common()
		if c.IsInvoke() {
			return c.Method.Name() == "Type" && isApplyPatch(c.Value)
		}
		if fn := calleeObject(c); fn != nil && fn.Name() == "Type" && len(c.Args) == 1 {
			return isApplyPatch(c.Args[0])
		}
	}
	return false
}

// ignoresObject reports whether t, a concrete type made into a
// client.Patch, has a Data method whose object parameter is unnamed or
// blank: a patch body of its own (a JSON patch's list of operations).
func ignoresObject(t types.Type) bool {
	if types.IsInterface(t) {
		return false
	}
	sel := types.NewMethodSet(t).Lookup(nil, "Data")
	if sel == nil {
		return false
	}
	sig := sel.Obj().Type().(*types.Signature)
	if sig.Params().Len() != 1 || sig.Results().Len() != 2 {
		return false
	}
	name := sig.Params().At(0).Name()
	return name == "" || name == "_"
}

// maxDerive bounds the values derivedFrom visits.
const maxDerive = 64

// derivedFrom reports whether data, a patch body, may be made from obj or
// a part of it (`json.Marshal(obj)`, a map holding obj.Spec): it is
// followed back through the calls, conversions, fields, phis and the
// literals it is built from. A parameter, or a body past the bound, may.
func derivedFrom(data, obj ssa.Value) bool {
	target := rootValue(obj)
	seen := map[ssa.Value]bool{}
	work := []ssa.Value{data}
	for len(work) > 0 {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		if v == nil || seen[v] {
			continue
		}
		if seen[v] = true; len(seen) > maxDerive {
			return true
		}
		if rootValue(v) == target {
			return true
		}
		switch x := v.(type) {
		case *ssa.Const, *ssa.Global, *ssa.Function, *ssa.Builtin:
		case *ssa.Parameter, *ssa.FreeVar:
			return true
		case *ssa.Call:
			work = append(work, x.Common().Args...)
			if x.Common().IsInvoke() {
				work = append(work, x.Common().Value)
			}
		case *ssa.Alloc, *ssa.MakeMap, *ssa.MakeSlice:
			for _, use := range *referrers(x) {
				switch u := use.(type) {
				case *ssa.MapUpdate:
					work = append(work, u.Key, u.Value)
				case *ssa.Store:
					work = append(work, u.Val)
				case *ssa.FieldAddr, *ssa.IndexAddr:
					addr := u.(ssa.Value)
					for _, r := range *referrers(addr) {
						if st, ok := r.(*ssa.Store); ok && st.Addr == addr {
							work = append(work, st.Val)
						}
					}
				case *ssa.Slice:
					work = append(work, u) // the slice's own uses: an append
				}
			}
		case *ssa.Phi:
			work = append(work, x.Edges...)
		case ssa.Instruction:
			var ops [8]*ssa.Value
			for _, op := range x.Operands(ops[:0]) {
				work = append(work, *op)
			}
		default:
			return true
		}
	}
	return false
}

// rootValue is the object v holds, past conversions and the loads of a
// local variable's cell.
func rootValue(v ssa.Value) ssa.Value {
	for {
		if x := convertedFrom(v); x != nil {
			v = x
			continue
		}
		if u, ok := v.(*ssa.UnOp); ok && u.Op == token.MUL && isCell(u.X) {
			return u.X
		}
		return v
	}
}

// patched records what a Patch of obj with patch says of obj: it must be
// the server's copy when the patch sends its content (WrittenBack). An
// apply patch sends desired state, and a body made apart from the object
// sends nothing of it. A patch that is a parameter of the function
// decides at each call of it, with the arguments there (a wrapper
// `patch(ctx, obj, p)` called with an apply patch in one place and a
// merge patch in another); depth bounds how many callers are followed.
func (s *solver) patched(site ssa.CallInstruction, obj, patch ssa.Value, depth int) {
	kind, param := patchOf(patch, obj)
	switch kind {
	case patchApply, patchDetached:
		return
	case patchSends:
		s.evidentAt(site, obj, WrittenBack)
		return
	}
	j := sigIndex(param)
	fn := param.Parent()
	sites := s.calls.sites(fn)
	if j < 0 || depth == 0 || fn.Parent() != nil || s.calls.valueSet[fn] {
		s.evidentAt(site, obj, WrittenBack) // a closure, or called as a value: not known
		return
	}
	q := -1 // obj as a parameter of fn: its callers' arguments
	if p, ok := rootValue(obj).(*ssa.Parameter); ok && p.Parent() == fn {
		q = sigIndex(p)
	}
	if c := (condSlot{obj: q, patch: j}); q >= 0 && s.phase == 1 && !slices.Contains(s.condEv[fn], c) {
		s.condEv[fn] = append(s.condEv[fn], c)
	}
	for _, call := range sites {
		args := argsOf(call.Common())
		if j >= len(args) {
			continue
		}
		if q < 0 {
			if k, _ := patchOf(args[j], obj); k != patchApply && k != patchDetached {
				s.evidentAt(site, obj, WrittenBack)
				return
			}
			continue
		}
		if q < len(args) {
			s.patched(call, args[q], args[j], depth-1)
		}
	}
}

// A condSlot is a parameter written back by a Patch whose patch is
// another parameter: the evidence holds where the caller's patch sends
// the object's content.
type condSlot struct{ obj, patch int }

// A patchWrite is a Patch of x with patch, found by a walk.
type patchWrite struct{ patch, x ssa.Value }

// judge records what site, a write (IsWrite) of x, sends of x: as desired
// state (an apply configuration's Apply), over the server's copy, or
// what its patch makes of it, judged by onlyApplied.
func (w *walk) judge(site ssa.CallInstruction, fn *types.Func, x ssa.Value) {
	args := argsOf(site.Common())
	switch {
	case fn.Name() == "Apply":
		w.applied = true
	case IsClientMethod(fn, "Patch") && len(args) >= 3:
		w.patches = append(w.patches, patchWrite{args[2], x})
	default:
		w.overwritten = true
	}
}

// onlyApplied reports whether the walk found a write and every write
// sends the object as desired state or nothing of it (Dest.OnlyApplied).
// A patch that is a parameter is judged with the arguments of every call
// the walk entered its function by, Depth of them up.
func (w *walk) onlyApplied() bool {
	applied := w.applied
	for _, pw := range w.patches {
		var spares func(patch ssa.Value, depth int) bool
		spares = func(patch ssa.Value, depth int) bool {
			kind, p := patchOf(patch, pw.x)
			switch kind {
			case patchApply, patchDetached:
				return true
			case patchSends:
				return false
			}
			i, calls := sigIndex(p), w.from[p.Parent()]
			if i < 0 || depth == 0 || len(calls) == 0 {
				return false
			}
			for _, call := range calls {
				if args := argsOf(call.Common()); i >= len(args) || !spares(args[i], depth-1) {
					return false
				}
			}
			return true
		}
		if !spares(pw.patch, Depth) {
			return false
		}
		applied = true
	}
	return applied && !w.overwritten
}
