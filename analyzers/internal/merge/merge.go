// Package merge recognises preserving map merges at their call sites and
// loops: code that keeps every key of one map and overlays the keys of
// another without deleting any. Merging desired annotations into live
// ones this way strands any key the desired state stopped writing.
//
// Recognised: labels.Merge (a Union) and maps.Copy (an Into); a call of
// a function the flow engine summarises as a preserving merge
// (flow.MapMerge: a helper of this package, of another package of the
// module, or of a dependency module through facts); and the overlay loop
// `for k, v := range src { dst[k] = v }` itself, optionally guarded by a
// presence check on the destination (`if _, ok := dst[k]; !ok`). How a
// helper is summarised, through the helpers it calls, is the engine's
// business (flow/maps.go); this package only matches the shape at a
// statement and names its operands.
package merge

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"reflect"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/astutil"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/directive"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/flow"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/k8s"
)

// Kind is the shape of a preserving merge.
type Kind int

const (
	// Union builds a new map holding the entries of A and B.
	Union Kind = iota + 1
	// Into copies the entries of Src into Dst.
	Into
)

// Analyzer gives the merges of a package.
var Analyzer = directive.Guard(&analysis.Analyzer{
	Name:       "reconcilelintmerge",
	Doc:        "recognise the calls and loops that merge maps while keeping every key",
	Run:        run,
	ResultType: reflect.TypeFor[*Result](),
	Requires:   []*analysis.Analyzer{flow.Analyzer},
})

// Merge describes one preserving merge found in code.
type Merge struct {
	// Kind is Union (a new map holding both) or Into (Src copied into
	// Dst, which keeps its keys).
	Kind Kind
	// A and B are the merged maps of a union; Dst and Src those of an into.
	A, B, Dst, Src ast.Expr
	// Helper is the function that merges, or nil for labels.Merge,
	// maps.Copy and overlay loops.
	Helper *types.Func
	// Prunes lists the constant keys the helper deletes.
	Prunes []string
}

// Result gives the merges of a package.
type Result struct {
	info *types.Info
	flow *flow.Result
}

// AnyIn reports whether some function of decls merges maps: a call that
// Call knows, or a loop that Loop knows.
func (r *Result) AnyIn(decls []*ast.FuncDecl) bool {
	found := false
	for _, fd := range decls {
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			if found {
				return false // a later sibling must not clear it
			}
			switch n := n.(type) {
			case *ast.CallExpr:
				_, found = r.Call(n)
			case *ast.RangeStmt:
				_, found = r.Loop(n)
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

// Call returns the merge a call performs, if it is one.
func (r *Result) Call(call *ast.CallExpr) (Merge, bool) {
	fn := k8s.Callee(r.info, call)
	if fn == nil {
		return Merge{}, false
	}
	arg := func(i int) ast.Expr {
		if i < len(call.Args) {
			return call.Args[i]
		}
		return nil
	}
	switch {
	case k8s.IsFunc(fn, k8s.Labels, "Merge") && len(call.Args) == 2:
		return Merge{Kind: Union, A: call.Args[0], B: call.Args[1]}, true
	case k8s.IsFunc(fn, "maps", "Copy") && len(call.Args) == 2:
		return Merge{Kind: Into, Dst: call.Args[0], Src: call.Args[1]}, true
	}
	f := r.factOf(fn)
	if f == nil {
		return Merge{}, false
	}
	if len(f.Union) > 0 {
		u := f.Union[0]
		if a, b := arg(u[0]), arg(u[1]); a != nil && b != nil {
			return Merge{Kind: Union, A: a, B: b, Helper: fn, Prunes: f.Prunes}, true
		}
	}
	if len(f.Into) > 0 {
		in := f.Into[0]
		if d, s := arg(in[0]), arg(in[1]); d != nil && s != nil {
			return Merge{Kind: Into, Dst: d, Src: s, Helper: fn, Prunes: f.Prunes}, true
		}
	}
	return Merge{}, false
}

// Loop returns the merge an overlay loop performs, if it is one.
func (r *Result) Loop(rs *ast.RangeStmt) (Merge, bool) {
	dst, ok := copyLoop(r.info, rs)
	if !ok {
		return Merge{}, false
	}
	return Merge{Kind: Into, Dst: dst, Src: rs.X}, true
}

func (r *Result) factOf(fn *types.Func) *flow.MapMerge { return r.flow.Merge(fn) }

func run(pass *analysis.Pass) (any, error) {
	return &Result{info: pass.TypesInfo, flow: pass.ResultOf[flow.Analyzer].(*flow.Result)}, nil
}

// ConstString returns the value of a constant string expression.
func ConstString(info *types.Info, e ast.Expr) (string, bool) {
	tv, ok := info.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(tv.Value), true
}

// copyLoop recognises `for k, v := range src { dst[k] = v }`, optionally
// guarded by a presence check on dst, and returns dst.
func copyLoop(info *types.Info, rs *ast.RangeStmt) (ast.Expr, bool) {
	if _, ok := info.TypeOf(rs.X).Underlying().(*types.Map); !ok {
		return nil, false
	}
	key, ok := rs.Key.(*ast.Ident)
	if !ok || key.Name == "_" {
		return nil, false
	}
	val, _ := rs.Value.(*ast.Ident)
	if len(rs.Body.List) != 1 {
		return nil, false
	}
	stmt := rs.Body.List[0]
	if ifs, ok := stmt.(*ast.IfStmt); ok && ifs.Else == nil && len(ifs.Body.List) == 1 {
		stmt = ifs.Body.List[0] // presence guard; checked below against dst
		as, ok := stmt.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != 1 {
			return nil, false
		}
		ix, ok := as.Lhs[0].(*ast.IndexExpr)
		if !ok || !isPresenceGuard(info, ifs, ix.X, key) {
			return nil, false
		}
	}
	as, ok := stmt.(*ast.AssignStmt)
	if !ok || as.Tok != token.ASSIGN || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
		return nil, false
	}
	ix, ok := as.Lhs[0].(*ast.IndexExpr)
	if !ok || !sameIdent(info, ix.Index, key) {
		return nil, false
	}
	if val != nil && val.Name != "_" {
		if !sameIdent(info, as.Rhs[0], val) {
			return nil, false
		}
	} else if rix, ok := ast.Unparen(as.Rhs[0]).(*ast.IndexExpr); !ok ||
		!samePath(info, rix.X, rs.X) || !sameIdent(info, rix.Index, key) {
		return nil, false // dst[k] = src[k]
	}
	return ix.X, true
}

// isPresenceGuard reports whether ifs tests that key is absent from dst:
// `if _, ok := dst[k]; !ok` or `if _, exists := dst[k]; !exists`.
func isPresenceGuard(info *types.Info, ifs *ast.IfStmt, dst ast.Expr, key *ast.Ident) bool {
	init, ok := ifs.Init.(*ast.AssignStmt)
	if !ok || len(init.Lhs) != 2 || len(init.Rhs) != 1 {
		return false
	}
	ix, ok := init.Rhs[0].(*ast.IndexExpr)
	if !ok || !samePath(info, ix.X, dst) || !sameIdent(info, ix.Index, key) {
		return false
	}
	okID, ok := init.Lhs[1].(*ast.Ident)
	if !ok {
		return false
	}
	not, ok := ifs.Cond.(*ast.UnaryExpr)
	return ok && not.Op == token.NOT && sameIdent(info, not.X, okID)
}

// samePath reports whether a and b denote the same location.
func samePath(info *types.Info, a, b ast.Expr) bool {
	p, ok := astutil.PathOf(info, a)
	q, ok2 := astutil.PathOf(info, b)
	return ok && ok2 && p.Equal(q)
}

func sameIdent(info *types.Info, e ast.Expr, id *ast.Ident) bool {
	x, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	a := info.Uses[x]
	b := info.Defs[id]
	if b == nil {
		b = info.Uses[id]
	}
	return a != nil && a == b
}
