package flow

// By key: whether a value computed in an iteration over a map depends on
// that iteration's entry alone, or also on the iterations before it.

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/k8s"
)

// byKeyBudget bounds the values visited for one ByKey question.
const byKeyBudget = 64

// ByKey reports whether the value of e, in an iteration of a range over
// a map, is computed from that iteration's key or value (a field of it,
// a lookup by it, arithmetic on it) and from values fixed before the
// loop, and from nothing carried from one iteration to the next (a
// counter, an append's growing list, a call's result). An index computed
// so places each entry by what it is, not by when it came: `out[len(out)
// - e.rank - 1] = e.item` fills a list in an order the map's iteration
// does not decide. An index that does not depend on the entry at all (a
// constant, a variable of the enclosing function) is not by key: the last
// entry written wins there, which the iteration decides.
func (r *Result) ByKey(e ast.Expr) bool {
	if !r.ready() {
		return false
	}
	refs := r.exprs[ast.Unparen(e)]
	if len(refs) == 0 {
		return false
	}
	for _, ref := range refs {
		k := &byKey{seen: map[ssa.Value]bool{}, budget: byKeyBudget}
		if !k.visit(ref.X) || !k.entry || k.budget == 0 {
			return false
		}
	}
	return true
}

type byKey struct {
	seen   map[ssa.Value]bool
	budget int
	entry  bool // the iteration's key or value was reached
}

// visit reports whether v is free of values carried between iterations.
func (k *byKey) visit(v ssa.Value) bool {
	if v == nil || k.budget == 0 {
		return false
	}
	if k.seen[v] {
		return true
	}
	k.seen[v] = true
	k.budget--
	switch x := v.(type) {
	case *ssa.Const, *ssa.Global, *ssa.Function, *ssa.Parameter, *ssa.FreeVar:
		return true // fixed before the loop
	case *ssa.Extract:
		if next, ok := x.Tuple.(*ssa.Next); ok && !next.IsString {
			k.entry = true // the iteration's key or value
			return true
		}
		if call, ok := x.Tuple.(*ssa.Call); ok {
			return k.visit(call) // `idx, err := b.indexOf(name)`
		}
		return false
	case *ssa.Phi:
		// A phi in a loop is carried when it depends on itself; one that
		// joins the branches of an if inside the iteration is not.
		if carried(x) {
			return false
		}
		for _, e := range x.Edges {
			if !k.visit(e) {
				return false
			}
		}
		return true
	case *ssa.BinOp:
		return k.visit(x.X) && k.visit(x.Y)
	case *ssa.UnOp:
		if x.Op == token.ARROW {
			return false // a receive
		}
		return k.visit(x.X)
	case *ssa.Alloc:
		// A local's cell: what is stored in it, unless a store reads the
		// cell back (`i = i + 1` on a variable a closure shares).
		for _, st := range cellStores(x) {
			if readsCell(st, x) || !k.visit(st) {
				return false
			}
		}
		return true
	case *ssa.Convert:
		return k.visit(x.X)
	case *ssa.ChangeType:
		return k.visit(x.X)
	case *ssa.Field:
		return k.visit(x.X)
	case *ssa.FieldAddr:
		return k.visit(x.X)
	case *ssa.Index:
		return k.visit(x.X) && k.visit(x.Index)
	case *ssa.IndexAddr:
		return k.visit(x.X) && k.visit(x.Index)
	case *ssa.Lookup:
		return k.visit(x.X) && k.visit(x.Index)
	case *ssa.MakeSlice, *ssa.MakeMap:
		return true // made before the loop, or each iteration alike
	case *ssa.Call:
		// len and cap of a list that the loop fills by index only.
		if b, ok := x.Call.Value.(*ssa.Builtin); ok && (b.Name() == "len" || b.Name() == "cap") {
			return k.visit(x.Call.Args[0])
		}
		// A function of the package that only reads (`b.indexOf(name)`,
		// the index of the container of that name): its result is what
		// its arguments make it, the same whenever it is called.
		if fn := x.Call.StaticCallee(); fn != nil && readOnly(fn, map[*ssa.Function]bool{}, readOnlyDepth) {
			for _, a := range x.Call.Args {
				if !k.visit(a) {
					return false
				}
			}
			return true
		}
		return false
	}
	return false
}

// readOnlyDepth bounds the calls followed to tell that a function only
// reads.
const readOnlyDepth = 3

// readOnly reports whether fn, a function with a body, changes nothing
// outside its own frame: it stores only into what it allocated, sends and
// starts nothing, and calls only builtins that do not write into their
// operands, functions of the standard library (not methods, whose
// receiver may be shared), and functions of its package that only read,
// within depth calls. Unknown callees (an interface's method, a function
// value, another module's function) are taken to write.
func readOnly(fn *ssa.Function, seen map[*ssa.Function]bool, depth int) bool {
	if fn.Blocks == nil || depth == 0 {
		return false
	}
	if seen[fn] {
		return true // recursion: judged by the rest of its body
	}
	seen[fn] = true
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch x := instr.(type) {
			case *ssa.Store:
				if !ownedBy(x.Addr, fn) {
					return false
				}
			case *ssa.MapUpdate:
				if !ownedBy(x.Map, fn) {
					return false
				}
			case *ssa.Send, *ssa.Go, *ssa.Defer:
				return false
			case ssa.CallInstruction:
				c := x.Common()
				if b, ok := c.Value.(*ssa.Builtin); ok {
					switch b.Name() {
					case "copy", "delete", "clear", "close":
						return false
					}
					continue
				}
				callee := c.StaticCallee()
				if callee == nil {
					return false
				}
				if pkg := callee.Package(); pkg != nil && pkg == fn.Package() {
					if !readOnly(callee, seen, depth-1) {
						return false
					}
					continue
				}
				obj, _ := callee.Object().(*types.Func)
				if obj == nil || !k8s.IsStdlib(obj.Pkg()) || obj.Signature().Recv() != nil {
					return false
				}
			}
		}
	}
	return true
}

// ownedBy reports whether the address or map v is rooted in a value fn
// allocated itself (a local, a literal, a made map or list), through
// fields and elements.
func ownedBy(v ssa.Value, fn *ssa.Function) bool {
	for {
		switch x := v.(type) {
		case *ssa.FieldAddr:
			v = x.X
		case *ssa.IndexAddr:
			v = x.X
		case *ssa.Alloc, *ssa.MakeMap, *ssa.MakeSlice:
			return x.Parent() == fn
		default:
			return false
		}
	}
}

// carried reports whether the phi depends on itself: a variable updated
// from one iteration of a loop to the next.
func carried(phi *ssa.Phi) bool {
	for _, e := range phi.Edges {
		if dependsOn(e, phi) {
			return true
		}
	}
	return false
}

// cellStores returns the values stored into the cell a, whole or into
// one of its fields.
func cellStores(a *ssa.Alloc) []ssa.Value {
	out := storedInto(a)
	for _, use := range *referrers(a) {
		if fa, ok := use.(*ssa.FieldAddr); ok && fa.X == a {
			out = append(out, storedInto(fa)...)
		}
	}
	return out
}

// readsCell reports whether v is computed from a load of the cell a.
func readsCell(v ssa.Value, a *ssa.Alloc) bool { return dependsOn(v, a) }

// dependsOn reports whether v is to, or is computed from it: through the
// operands of the instructions that compute it, within byKeyBudget steps.
func dependsOn(v, to ssa.Value) bool {
	seen := map[ssa.Value]bool{}
	stack := []ssa.Value{v}
	var ops []*ssa.Value
	for steps := 0; len(stack) > 0 && steps < byKeyBudget*4; steps++ {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if x == to {
			return true
		}
		instr, ok := x.(ssa.Instruction)
		if x == nil || seen[x] || !ok {
			continue
		}
		seen[x] = true
		for _, op := range instr.Operands(ops[:0]) {
			if *op != nil {
				stack = append(stack, *op)
			}
		}
	}
	return false
}
