package flow

// Listed: lists that come out of an informer cache, whose order is the
// cache's map order.

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/k8s"
)

// Listed reports whether e is a list of objects read from an informer
// cache and not sorted in its function: the Items of a list that
// controller-runtime's client.Reader.List filled, or the result of a
// generated lister's List. The cache keeps its objects in a Go map and
// lists them in that map's order, a new one at each call.
//
// A client.Reader is taken to be the manager's cached client, which is
// what reconcilers are given; a reader straight to the API server
// (manager.GetAPIReader) lists in key order, and its lists are reported
// too. A list sorted in place anywhere in the function (sort.Slice,
// slices.SortFunc, sort.Sort of a conversion) is not reported: the engine
// does not order the sort and the range.
func (r *Result) Listed(e ast.Expr) bool {
	if !r.ready() {
		return false
	}
	for _, ref := range r.exprs[ast.Unparen(e)] {
		if l, ok := cacheList(ref.X); ok && !sortedIn(ref.Parent(), l) {
			return true
		}
	}
	return false
}

// ListsFromCache reports whether fn fills or returns a list read from an
// informer cache: controller-runtime's client.Reader.List, or a generated
// lister's List.
func ListsFromCache(fn *types.Func) bool {
	return fn != nil && (IsClientMethod(fn, "List") || isListerList(fn))
}

// A listKey names a cached list within its function: the Items field of
// the list value a List call filled, or a lister List call's result.
type listKey struct {
	list  ssa.Value // the *List filled (an Alloc, a parameter...), or the lister call
	items bool      // list is a *List, and the key is its Items
}

// cacheList returns the cached list v is, through phis and conversions.
func cacheList(v ssa.Value) (listKey, bool) {
	for _, x := range roots(v) {
		switch x := x.(type) {
		case *ssa.UnOp: // *(&list.Items)
			if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL &&
				fieldName(fa.X.Type(), fa.Field, true) == "Items" && filledByList(fa.X) {
				return listKey{list: fa.X, items: true}, true
			}
		case *ssa.Extract:
			if call, ok := x.Tuple.(*ssa.Call); ok && x.Index == 0 {
				if fn := calleeObject(call.Common()); fn != nil && isListerList(fn) {
					return listKey{list: call}, true
				}
			}
		}
	}
	return listKey{}, false
}

// filledByList reports whether the list p points to is handed to a
// controller-runtime List call as the list to fill.
func filledByList(p ssa.Value) bool {
	refs := p.Referrers()
	if refs == nil {
		return false
	}
	for _, ref := range *refs {
		mi, ok := ref.(*ssa.MakeInterface)
		if !ok || mi.Referrers() == nil {
			continue
		}
		for _, use := range *mi.Referrers() {
			call, ok := use.(ssa.CallInstruction)
			if !ok {
				continue
			}
			fn := calleeObject(call.Common())
			if args := argsOf(call.Common()); fn != nil && IsClientMethod(fn, "List") && len(args) >= 2 && args[1] == mi {
				return true
			}
		}
	}
	return false
}

// sortedIn reports whether fn sorts the list l in place anywhere: a call
// of sort's or slices' sorting functions given it, as it is or converted
// to a sort.Interface.
func sortedIn(fn *ssa.Function, l listKey) bool {
	if fn == nil {
		return false
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok || !sorts(calleeObject(call.Common())) || len(call.Common().Args) == 0 {
				continue
			}
			arg := call.Common().Args[0]
			if mi, ok := arg.(*ssa.MakeInterface); ok {
				arg = mi.X
			}
			if got, ok := cacheList(arg); ok && got == l {
				return true
			}
		}
	}
	return false
}

// sorts reports whether fn sorts its first argument in place.
func sorts(fn *types.Func) bool {
	if fn == nil {
		return false
	}
	for _, name := range []string{"Slice", "SliceStable", "Sort", "Stable"} {
		if k8s.IsFunc(fn, "sort", name) {
			return true
		}
	}
	for _, name := range []string{"Sort", "SortFunc", "SortStableFunc"} {
		if k8s.IsFunc(fn, "slices", name) {
			return true
		}
	}
	return false
}
