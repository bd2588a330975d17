package maporder

// The first value of a local, read off its declaration: what maporder's
// statement walk (walk.go) knows of a local's value. The other analyzers
// ask the flow engine (Computed, Allocated, Locate) instead; this goes
// when maporder's taint moves onto the engine.

import (
	"go/ast"
	"go/token"
	"go/types"
)

// inits maps the local variables declared in body with a value to that
// value: v := e, var v = e, and the value of a range statement, mapped to
// the ranged expression.
func inits(info *types.Info, body ast.Node) map[*types.Var]ast.Expr {
	out := map[*types.Var]ast.Expr{}
	def := func(id ast.Expr, e ast.Expr) {
		if id, ok := ast.Unparen(id).(*ast.Ident); ok {
			if v, _ := info.Defs[id].(*types.Var); v != nil {
				out[v] = e
			}
		}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if n.Tok == token.DEFINE && len(n.Lhs) == len(n.Rhs) {
				for i, l := range n.Lhs {
					def(l, n.Rhs[i])
				}
			}
		case *ast.ValueSpec:
			if len(n.Names) == len(n.Values) {
				for i, name := range n.Names {
					def(name, n.Values[i])
				}
			}
		case *ast.RangeStmt:
			if n.Value != nil && n.Tok == token.DEFINE {
				def(n.Value, n.X)
			}
		}
		return true
	})
	return out
}

// isFresh reports whether e builds a new value: a composite literal, its
// address, or new(T).
func isFresh(e ast.Expr) bool {
	if e == nil {
		return false
	}
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	switch x := e.(type) {
	case *ast.CompositeLit:
		return true
	case *ast.CallExpr:
		id, ok := ast.Unparen(x.Fun).(*ast.Ident)
		return ok && id.Name == "new" && len(x.Args) == 1
	}
	return false
}
