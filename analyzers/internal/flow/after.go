package flow

// After: what a function does to a location after a point of it: an
// entry stored under a key into a map the location holds (StoresKey), the
// location handed to a call (HandedAfter: a sort in place).

import (
	"go/ast"
	"go/constant"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/k8s"
)

// A KeyStore is a StoresKey question.
type KeyStore struct {
	// Key accepts the constant key of an entry.
	Key func(constant.Value) bool
	// Into accepts the map stored into: a variable it is reached through
	// and the fields selected from it, outermost first, as Carry.Match.
	// It is asked for each variable on the way: for `ann :=
	// tmpl.Annotations; ann[k] = v`, where tmpl is `&dep.Spec.Template`,
	// (ann, []), (tmpl, [Annotations]) and (dep, [Spec Template
	// ObjectMeta Annotations]).
	Into func(root types.Object, fields []*types.Var) bool
}

// StoresKey reports whether, on a path of its function's control-flow
// graph from the expression from (as for Reaches), an entry under a
// constant key that q.Key accepts is stored into a map that q.Into
// accepts: an index assignment (`m[k] = v`) or metav1's
// SetMetaDataAnnotation handed the map's ObjectMeta. The map is found
// through locals, pointer locals and the value a local struct was copied
// from: the map a workload now shares with the spec that was assigned to
// it (`live.Spec = spec; spec.Template.Annotations[k] = v`) is reached
// through spec. Stores in other functions (a helper, a closure) are not
// seen. It answers false when from has no value in the SSA form.
func (r *Result) StoresKey(from ast.Expr, q KeyStore) bool {
	key := func(v ssa.Value) bool {
		c, ok := v.(*ssa.Const)
		return ok && c.Value != nil && q.Key(c.Value)
	}
	for _, instr := range r.after(from) {
		switch x := instr.(type) {
		case *ssa.MapUpdate:
			if key(x.Key) && r.readOf(x.Map, q.Into) {
				return true
			}
		case *ssa.Call:
			if len(x.Call.Args) != 3 || !k8s.IsFunc(calleeObject(&x.Call), k8s.MetaV1, "SetMetaDataAnnotation") {
				continue
			}
			ann := annotationsField(x.Call.Args[0].Type())
			if ann == nil {
				continue
			}
			if key(x.Call.Args[1]) && r.readOf(x.Call.Args[0], func(root types.Object, fields []*types.Var) bool {
				return q.Into(root, append(fields[:len(fields):len(fields)], ann))
			}) {
				return true
			}
		}
	}
	return false
}

// A PassedOn is a HandedAfter question.
type PassedOn struct {
	// Into accepts the location handed over, as KeyStore.Into.
	Into func(root types.Object, fields []*types.Var) bool
	// Args returns the arguments of a call of fn that count: indexes of
	// its parameters, -1 for the receiver of a method.
	Args func(fn *types.Func) []int
}

// HandedAfter reports whether, on a path of its function's control-flow
// graph from the expression from (as for Reaches), a call hands a
// location that q.Into accepts as an argument that q.Args names: a sort
// in place of a list after it was filled (`sort.Strings(obj.Status.Cells)`,
// `sort.Sort(byName(list))`, `names.Sort()`). The argument is followed
// through conversions and interface boxing, and the location through
// locals and pointer locals as for StoresKey; elements are not told
// apart. Calls in other functions are not seen. It answers false when
// from has no value in the SSA form.
func (r *Result) HandedAfter(from ast.Expr, q PassedOn) bool {
	for _, instr := range r.after(from) {
		call, ok := instr.(ssa.CallInstruction)
		if !ok {
			continue
		}
		common := call.Common()
		fn := calleeObject(common)
		if fn == nil {
			continue
		}
		for _, i := range q.Args(fn) {
			var arg ssa.Value
			switch {
			case i < 0 && common.IsInvoke():
				arg = common.Value
			case i < 0:
				if fn.Signature().Recv() != nil && len(common.Args) > 0 {
					arg = common.Args[0]
				}
			case i < len(argsOf(common)):
				arg = argsOf(common)[i]
			}
			if arg != nil && r.readOf(unconverted(arg), q.Into) {
				return true
			}
		}
	}
	return false
}

// unconverted returns v without its conversions and interface boxing:
// the list `sort.Sort(byName(list))` sorts.
func unconverted(v ssa.Value) ssa.Value {
	for x := convertedFrom(v); x != nil; x = convertedFrom(v) {
		v = x
	}
	return v
}

// after returns the instructions that may run after the expression from
// in its function: those that follow it in its block, and those of every
// block reachable from there (its own block again, in a loop); none when
// from has no value in the SSA form.
func (r *Result) after(from ast.Expr) []ssa.Instruction {
	if !r.ready() {
		return nil
	}
	r.carryOnce.Do(r.indexVars)
	start := r.point(from)
	if start == nil {
		return nil
	}
	b := start.Block()
	var out []ssa.Instruction
	if i := index(b, start); i >= 0 {
		out = append(out, b.Instrs[i+1:]...)
	}
	for _, next := range reachable(b) {
		out = append(out, next.Instrs...)
	}
	return out
}

// annotationsField returns the Annotations field of the ObjectMeta that
// t points to, or nil.
func annotationsField(t types.Type) *types.Var {
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, "Annotations")
	f, _ := obj.(*types.Var)
	return f
}
