package restartrevert

// Hash comparisons made by helpers: a function whose boolean result says
// whether an entry of a map it is given, by a constant key, equals a value
// it is given (`IsSameMD5Hash(hash, annotations, key)`), summarised as a
// fact so that a hash guard written as a call of it is read in any package
// (hashGuarded).

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/funcs"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/k8s"
)

// keyCompareFact says that a function returns whether Map[key] equals
// Value (Equal), or differs from it (!Equal): the parameters by index, the
// key a constant (Key) or a parameter (KeyParam, else -1).
type keyCompareFact struct {
	Map, Value, KeyParam int
	Key                  string
	Equal                bool
}

func (*keyCompareFact) AFact() {}
func (f *keyCompareFact) String() string {
	key := fmt.Sprintf("param %d", f.KeyParam)
	if f.KeyParam < 0 {
		key = fmt.Sprintf("%q", f.Key)
	}
	op := "=="
	if !f.Equal {
		op = "!="
	}
	return fmt.Sprintf("compares param %d[%s] %s param %d", f.Map, key, op, f.Value)
}

// keyCompares summarises the package's comparison helpers, to a fixed
// point over calls (a helper passing a constant key to another), and
// exports them.
func keyCompares(pass *analysis.Pass, graph *funcs.Graph) map[*types.Func]*keyCompareFact {
	out := map[*types.Func]*keyCompareFact{}
	for range 4 {
		grew := false
		for _, fd := range graph.Decls {
			fn := graph.Func(fd)
			if fn == nil || out[fn] != nil || fd.Body == nil || len(fd.Body.List) > 2 {
				continue
			}
			if f := keyCompareOf(pass, fd, out); f != nil {
				out[fn] = f
				grew = true
			}
		}
		if !grew {
			break
		}
	}
	for fn, f := range out {
		pass.ExportObjectFact(fn, f)
	}
	return out
}

// keyCompareOf recognises fd's body as one of
//
//	return m[k] == v                                  (or !=)
//	if x, ok := m[k]; ok && x == v { return true }; return false
//	return helper(...)                                (or !helper(...))
//
// with m, v (and k, when not a constant) parameters of fd, and helper a
// comparison helper (known here, or by its fact).
func keyCompareOf(pass *analysis.Pass, fd *ast.FuncDecl, known map[*types.Func]*keyCompareFact) *keyCompareFact {
	info := pass.TypesInfo
	sig, ok := info.Defs[fd.Name].(*types.Func)
	if !ok || sig.Signature().Results().Len() != 1 || !types.Identical(sig.Signature().Results().At(0).Type(), types.Typ[types.Bool]) {
		return nil
	}
	params := sig.Signature().Params()
	param := func(e ast.Expr) int {
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok {
			return -1
		}
		for i := range params.Len() {
			if info.Uses[id] == params.At(i) {
				return i
			}
		}
		return -1
	}
	// entry reads m[k]: the map parameter, and the key.
	entry := func(e ast.Expr) (m, kp int, key string, ok bool) {
		ix, isIx := ast.Unparen(e).(*ast.IndexExpr)
		if !isIx {
			return -1, -1, "", false
		}
		if _, isMap := info.TypeOf(ix.X).Underlying().(*types.Map); !isMap {
			return -1, -1, "", false
		}
		m = param(ix.X)
		if tv, ok := info.Types[ix.Index]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
			return m, -1, constant.StringVal(tv.Value), m >= 0
		}
		kp = param(ix.Index)
		return m, kp, "", m >= 0 && kp >= 0
	}
	cmp := func(e ast.Expr) *keyCompareFact {
		b, ok := ast.Unparen(e).(*ast.BinaryExpr)
		if !ok || (b.Op != token.EQL && b.Op != token.NEQ) {
			return nil
		}
		for _, pair := range [][2]ast.Expr{{b.X, b.Y}, {b.Y, b.X}} {
			if m, kp, key, ok := entry(pair[0]); ok {
				if v := param(pair[1]); v >= 0 {
					return &keyCompareFact{Map: m, Value: v, KeyParam: kp, Key: key, Equal: b.Op == token.EQL}
				}
			}
		}
		return nil
	}
	isBool := func(e ast.Expr, want bool) bool {
		tv, ok := info.Types[e]
		return ok && tv.Value != nil && tv.Value.Kind() == constant.Bool && constant.BoolVal(tv.Value) == want
	}
	switch len(fd.Body.List) {
	case 1:
		ret, ok := fd.Body.List[0].(*ast.ReturnStmt)
		if !ok || len(ret.Results) != 1 {
			return nil
		}
		if f := cmp(ret.Results[0]); f != nil {
			return f
		}
		return callCompare(info, ret.Results[0], param, known)
	case 2:
		ifs, ok := fd.Body.List[0].(*ast.IfStmt)
		last, ok2 := fd.Body.List[1].(*ast.ReturnStmt)
		if !ok || !ok2 || ifs.Else != nil || len(ifs.Body.List) != 1 || len(last.Results) != 1 || !isBool(last.Results[0], false) {
			return nil
		}
		if ret, ok := ifs.Body.List[0].(*ast.ReturnStmt); !ok || len(ret.Results) != 1 || !isBool(ret.Results[0], true) {
			return nil
		}
		// if x, ok := m[k]; ok && x == v
		init, ok := ifs.Init.(*ast.AssignStmt)
		cond, ok2 := ast.Unparen(ifs.Cond).(*ast.BinaryExpr)
		if !ok || !ok2 || len(init.Lhs) != 2 || len(init.Rhs) != 1 || cond.Op != token.LAND {
			return nil
		}
		m, kp, key, found := entry(init.Rhs[0])
		x, _ := init.Lhs[0].(*ast.Ident)
		okID, _ := init.Lhs[1].(*ast.Ident)
		if !found || x == nil || okID == nil {
			return nil
		}
		for _, pair := range [][2]ast.Expr{{cond.X, cond.Y}, {cond.Y, cond.X}} {
			if id, isID := ast.Unparen(pair[0]).(*ast.Ident); !isID || info.Uses[id] == nil || info.Uses[id] != info.Defs[okID] {
				continue
			}
			b, isB := ast.Unparen(pair[1]).(*ast.BinaryExpr)
			if !isB || b.Op != token.EQL {
				continue
			}
			for _, side := range [][2]ast.Expr{{b.X, b.Y}, {b.Y, b.X}} {
				if id, isID := ast.Unparen(side[0]).(*ast.Ident); isID && info.Uses[id] == info.Defs[x] && info.Defs[x] != nil {
					if v := param(side[1]); v >= 0 {
						return &keyCompareFact{Map: m, Value: v, KeyParam: kp, Key: key, Equal: true}
					}
				}
			}
		}
	}
	return nil
}

// callCompare recognises `helper(...)` or `!helper(...)`, helper a
// comparison helper, its map, value and key handed on from fd's
// parameters (param) or, for the key, a constant.
func callCompare(info *types.Info, e ast.Expr, param func(ast.Expr) int, known map[*types.Func]*keyCompareFact) *keyCompareFact {
	equal := true
	if u, ok := ast.Unparen(e).(*ast.UnaryExpr); ok && u.Op == token.NOT {
		equal, e = false, u.X
	}
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return nil
	}
	f := lookupKeyCompare(nil, k8s.Callee(info, call), known)
	if f == nil || f.Map >= len(call.Args) || f.Value >= len(call.Args) || f.KeyParam >= len(call.Args) {
		return nil
	}
	out := &keyCompareFact{Map: param(call.Args[f.Map]), Value: param(call.Args[f.Value]), KeyParam: -1, Key: f.Key, Equal: f.Equal == equal}
	if f.KeyParam >= 0 {
		arg := call.Args[f.KeyParam]
		if tv, ok := info.Types[arg]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
			out.Key = constant.StringVal(tv.Value)
		} else if out.KeyParam = param(arg); out.KeyParam < 0 {
			return nil
		}
	}
	if out.Map < 0 || out.Value < 0 {
		return nil
	}
	return out
}

// lookupKeyCompare returns fn's comparison summary: the package's own, or
// its fact (pass nil: the package's only).
func lookupKeyCompare(pass *analysis.Pass, fn *types.Func, known map[*types.Func]*keyCompareFact) *keyCompareFact {
	if fn == nil {
		return nil
	}
	if f := known[fn]; f != nil {
		return f
	}
	if pass == nil {
		return nil
	}
	f := new(keyCompareFact)
	if pass.ImportObjectFact(fn, f) {
		return f
	}
	return nil
}

// keyCompareDiffers reports a call of a comparison helper (keyCompareFact)
// that says, with op, whether the live object's own label or annotation
// by a constant key differs from a computed value:
// `!comparison.IsSameSpecMD5Hash(hash, live.Annotations)` with op !=.
func (c *checker) keyCompareDiffers(call *ast.CallExpr, op token.Token, ofLive func(ast.Expr) bool) bool {
	info := c.pass.TypesInfo
	f := lookupKeyCompare(c.pass, k8s.Callee(info, call), c.keyCompares)
	if f == nil || f.Map >= len(call.Args) || f.Value >= len(call.Args) || f.KeyParam >= len(call.Args) {
		return false
	}
	if f.KeyParam >= 0 {
		if tv, ok := info.Types[call.Args[f.KeyParam]]; !ok || tv.Value == nil {
			return false // a key that is not a constant: not the operator's hash key
		}
	}
	m, v := call.Args[f.Map], call.Args[f.Value]
	if k8s.MetadataMap(info, m) == "" || !ofLive(m) || strings.Contains(types.ExprString(m), "Template") {
		return false
	}
	if tv, ok := info.Types[v]; !ok || tv.Value != nil || c.live.Constant(v) || ofLive(v) {
		return false // a flag compared with a constant, or the live object's own value
	}
	return f.Equal == (op == token.EQL)
}
