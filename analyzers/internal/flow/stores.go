package flow

// Stores: whether an entry under a given key is put into a map that a
// location holds, after a point of a function.

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
	if !r.ready() {
		return false
	}
	r.carryOnce.Do(r.indexVars)
	start := r.point(from)
	if start == nil {
		return false
	}
	key := func(v ssa.Value) bool {
		c, ok := v.(*ssa.Const)
		return ok && c.Value != nil && q.Key(c.Value)
	}
	for _, instr := range after(start) {
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

// after returns the instructions that may run after start in its
// function: those that follow it in its block, and those of every block
// reachable from there (start's own block again, in a loop).
func after(start ssa.Instruction) []ssa.Instruction {
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
