package flow

import (
	"cmp"
	"go/token"
	"go/types"
	"maps"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/k8s"
)

// Metadata map kinds: which map of an object a map value ends up as.
const (
	Annotations         = "annotations"
	Labels              = "labels"
	TemplateAnnotations = "pod template annotations"
	TemplateLabels      = "pod template labels"
)

// mapKinds says, for the package's map values, which metadata map each
// goes to (stalekey and presencedrift ask which maps are annotations or
// labels, whatever their variables' names): stored into an object's
// Annotations or Labels field (of a pod template or not), given to
// SetAnnotations/SetLabels or an apply configuration's
// WithAnnotations/WithLabels, merged into such a map (maps.Copy, a copy
// loop, a helper's MapMerge Into) or united into one (labels.Merge, a
// helper's Union: both maps take the kind), returned by a function of
// the package whose callers send the result to one, or joined by a phi
// that goes to one. The kind goes backwards, from where a map goes to
// the values it comes from; the first kind found wins. Maps handed to
// other functions as arguments are not followed into them.
type mapKinds struct {
	values  map[ssa.Value]string
	results map[*ssa.Function]map[int]string
}

// maxKindRounds bounds the rounds over the package's functions: a map is
// followed back to where it is made through this many functions.
const maxKindRounds = 8

// kinds computes the package's map kinds once.
func (r *Result) kinds() *mapKinds {
	r.kindOnce.Do(func() {
		r.ensure()
		mk := &mapKinds{values: map[ssa.Value]string{}, results: map[*ssa.Function]map[int]string{}}
		for range maxKindRounds {
			changed := false
			for _, fn := range r.funcs {
				for _, b := range fn.Blocks {
					for _, instr := range b.Instrs {
						if mk.step(r, fn, instr) {
							changed = true
						}
					}
				}
			}
			if !changed {
				break
			}
		}
		r.mapKinds = mk
	})
	return r.mapKinds
}

// VarKind returns the metadata map kind of the local variable or
// parameter v: the kind of a value it takes. "" when none.
func (r *Result) VarKind(v *types.Var) string {
	if r.Pkg == nil && r.lazy == nil {
		return ""
	}
	mk := r.kinds()
	r.indexOnce.Do(r.index)
	for _, x := range r.values[v] {
		if k := mk.values[x]; k != "" {
			return k
		}
	}
	return ""
}

// ResultKind returns the metadata map kind of result i of the package's
// function fn: where its callers send it. "" when none.
func (r *Result) ResultKind(fn *types.Func, i int) string {
	if r.Pkg == nil && r.lazy == nil {
		return ""
	}
	mk := r.kinds()
	if f := r.Pkg.Prog.FuncValue(fn.Origin()); f != nil {
		return mk.results[f][i]
	}
	return ""
}

// set gives v kind k, unless it has one; it reports whether that was new.
func (mk *mapKinds) set(v ssa.Value, k string) bool {
	if k == "" || v == nil || mk.values[v] != "" {
		return false
	}
	if _, ok := v.Type().Underlying().(*types.Map); !ok {
		return false
	}
	mk.values[v] = k
	if ct, ok := v.(*ssa.ChangeType); ok {
		mk.set(ct.X, k) // labels.Set(m): m goes where the Set goes
	}
	return true
}

// of returns the kind of the map v: given it, or loaded from a metadata
// field.
func (mk *mapKinds) of(v ssa.Value) string {
	if k := mk.values[v]; k != "" {
		return k
	}
	switch x := v.(type) {
	case *ssa.UnOp:
		if x.Op == token.MUL {
			return fieldKind(x.X)
		}
	case *ssa.Field:
		return structFieldKind(x.X, x.Field, false)
	}
	return ""
}

// step applies one instruction of fn; it reports whether a kind was new.
func (mk *mapKinds) step(r *Result, fn *ssa.Function, instr ssa.Instruction) bool {
	switch x := instr.(type) {
	case *ssa.Store:
		return mk.set(x.Val, fieldKind(x.Addr))
	case *ssa.Phi:
		changed := false
		for _, e := range x.Edges {
			changed = mk.set(e, mk.of(x)) || changed
		}
		return changed
	case *ssa.Return:
		changed := false
		for i, res := range x.Results {
			changed = mk.set(res, mk.results[fn][i]) || changed
		}
		return changed
	case *ssa.MapUpdate:
		if src, ok := copied(x); ok {
			return mk.set(src, mk.of(x.Map))
		}
	case *ssa.Extract:
		if call, ok := x.Tuple.(*ssa.Call); ok {
			return mk.result(call, x.Index, mk.of(x))
		}
	case *ssa.Call:
		return mk.call(r, x)
	}
	return false
}

// result gives result i of the package function call runs the kind k;
// it reports whether that was new.
func (mk *mapKinds) result(call *ssa.Call, i int, k string) bool {
	callee := call.Common().StaticCallee()
	if k == "" || callee == nil || callee.Blocks == nil {
		return false
	}
	callee = origin(callee)
	if mk.results[callee] == nil {
		mk.results[callee] = map[int]string{}
	}
	if mk.results[callee][i] != "" {
		return false
	}
	mk.results[callee][i] = k
	return true
}

// call applies a call: a metadata setter, a merge, or a package function
// whose single result goes somewhere.
func (mk *mapKinds) call(r *Result, call *ssa.Call) bool {
	c := call.Common()
	obj := calleeObject(c)
	if obj == nil {
		return false
	}
	args := c.Args
	if !c.IsInvoke() && obj.Type().(*types.Signature).Recv() != nil && len(args) > 0 {
		recv := args[0]
		args = args[1:]
		if field := setterField(obj); field != "" && len(args) == 1 {
			return mk.set(args[0], kindOf(field, throughTemplate(recv)))
		}
	} else if c.IsInvoke() {
		if field := setterField(obj); field != "" && len(args) == 1 {
			return mk.set(args[0], kindOf(field, throughTemplate(c.Value)))
		}
	}
	changed := false
	switch {
	case k8s.IsFunc(obj, "maps", "Copy") && len(args) == 2:
		return mk.set(args[1], mk.of(args[0]))
	case k8s.IsFunc(obj, k8s.Labels, "Merge") && len(args) == 2:
		k := mk.of(call)
		changed = mk.set(args[0], k) || changed
		return mk.set(args[1], k) || changed
	}
	if m := r.Merge(obj); m != nil {
		if len(m.Union) > 0 && m.Union[0][1] < len(args) {
			k := mk.of(call)
			changed = mk.set(args[m.Union[0][0]], k) || changed
			changed = mk.set(args[m.Union[0][1]], k) || changed
		}
		for _, in := range m.Into {
			if in[0] < len(args) && in[1] < len(args) {
				changed = mk.set(args[in[1]], mk.of(args[in[0]])) || changed
			}
		}
	}
	if _, tuple := call.Type().(*types.Tuple); !tuple {
		changed = mk.result(call, 0, mk.of(call)) || changed
	}
	return changed
}

// setterField returns "Annotations" or "Labels" for metav1's
// SetAnnotations/SetLabels and an apply configuration's
// WithAnnotations/WithLabels.
func setterField(fn *types.Func) string {
	if fn.Pkg() == nil {
		return ""
	}
	switch p := fn.Pkg().Path(); {
	case p == k8s.MetaV1 && (fn.Name() == "SetAnnotations" || fn.Name() == "SetLabels"):
		return strings.TrimPrefix(fn.Name(), "Set")
	case k8s.IsApplyConfigPath(p) && (fn.Name() == "WithAnnotations" || fn.Name() == "WithLabels"):
		return strings.TrimPrefix(fn.Name(), "With")
	}
	return ""
}

// kindOf returns the kind of an Annotations or Labels field, of a pod
// template's when template.
func kindOf(field string, template bool) string {
	k := ""
	switch field {
	case "Annotations":
		k = Annotations
	case "Labels":
		k = Labels
	default:
		return ""
	}
	if template {
		return "pod template " + k
	}
	return k
}

// fieldKind returns the kind of the field addr points to, when it is an
// Annotations or Labels field of object metadata.
func fieldKind(addr ssa.Value) string {
	fa, ok := addr.(*ssa.FieldAddr)
	if !ok {
		return ""
	}
	return structFieldKind(fa.X, fa.Field, true)
}

// structFieldKind returns the kind of field i of the struct x is (or
// points to, when pointer).
func structFieldKind(x ssa.Value, i int, pointer bool) string {
	t := x.Type()
	if pointer {
		p, ok := t.Underlying().(*types.Pointer)
		if !ok {
			return ""
		}
		t = p.Elem()
	}
	s, ok := t.Underlying().(*types.Struct)
	if !ok || i >= s.NumFields() {
		return ""
	}
	return kindOf(k8s.MetadataField(s.Field(i)), throughTemplate(x))
}

// throughTemplate reports whether x is, or is reached by fields from, a
// pod template.
func throughTemplate(x ssa.Value) bool {
	for range 16 {
		if k8s.IsTemplate(x.Type()) {
			return true
		}
		switch v := x.(type) {
		case *ssa.FieldAddr:
			x = v.X
		case *ssa.Field:
			x = v.X
		case *ssa.UnOp:
			if v.Op != token.MUL {
				return false
			}
			x = v.X
		default:
			return false
		}
	}
	return false
}

// Builders returns the functions whose results the variable v takes,
// directly or through phis, conversions, clones and unions of maps
// (`desired := maps.Clone(podAnnotations(spec))`) and elements of a
// returned list: where a desired map or object is built. Functions of the
// package, and the static callees of other packages, whose facts tell
// what they build. Sorted by package path, then position.
func (r *Result) Builders(v *types.Var) []*types.Func {
	if !r.ready() {
		return nil
	}
	seen := map[ssa.Value]bool{}
	found := map[*types.Func]bool{}
	var visit func(x ssa.Value)
	visit = func(x ssa.Value) {
		for _, y := range roots(x) { // through phis and conversions
			if seen[y] {
				continue
			}
			seen[y] = true
			switch y := y.(type) {
			case *ssa.Extract:
				visit(y.Tuple)
			case *ssa.MakeInterface:
				visit(y.X)
			case *ssa.ChangeInterface:
				visit(y.X)
			case *ssa.UnOp:
				if ia, ok := y.X.(*ssa.IndexAddr); ok && y.Op == token.MUL {
					visit(ia.X) // an element of a list a builder returns
				}
			case *ssa.Index:
				visit(y.X)
			case *ssa.Call:
				c := y.Common()
				obj := calleeObject(c)
				switch {
				case obj == nil:
				case k8s.IsFunc(obj, "maps", "Clone") && len(c.Args) == 1:
					visit(c.Args[0])
				case k8s.IsFunc(obj, k8s.Labels, "Merge") && len(c.Args) == 2:
					visit(c.Args[0])
					visit(c.Args[1])
				case c.StaticCallee() != nil && origin(c.StaticCallee()).Blocks != nil && obj.Pkg() == r.Pkg.Pkg:
					found[obj] = true
				case c.StaticCallee() != nil && obj.Pkg() != nil && obj.Pkg() != r.Pkg.Pkg:
					found[obj] = true // of another package: its facts tell what it builds
				}
			}
		}
	}
	for _, x := range r.values[v] {
		visit(x)
	}
	out := slices.Collect(maps.Keys(found))
	slices.SortFunc(out, func(a, b *types.Func) int {
		return cmp.Or(cmp.Compare(a.Pkg().Path(), b.Pkg().Path()), cmp.Compare(a.Pos(), b.Pos()))
	})
	return out
}
