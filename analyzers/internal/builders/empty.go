package builders

// Empty values: a slice or map built empty and not nil, which the API
// server returns as nil when its field is omitempty.

import (
	"go/ast"
	"go/constant"
	"go/types"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/astutil"
)

// mayBeEmpty reports whether e, a value given to a field in fd, may be an
// empty, non-nil slice or map: make([]T, 0) or make(map[K]V), or a local
// variable of fd initialised so (or with an empty literal) that is
// afterwards only appended to or filled by index, where none of those
// writes runs on every path (it sits in a loop or a branch, not in the
// block that declares the variable). A variable handed elsewhere by
// address, or given anything else, is not known and is not reported.
func (c *Result) mayBeEmpty(fd *ast.FuncDecl, e ast.Expr) bool {
	info := c.pass.TypesInfo
	e = ast.Unparen(e)
	if isEmptyMake(info, e) {
		return true
	}
	id, ok := e.(*ast.Ident)
	if !ok || fd == nil || fd.Body == nil {
		return false
	}
	v := astutil.IdentVar(info, id)
	if v == nil || v.Pos() < fd.Body.Pos() || v.Pos() >= fd.Body.End() {
		return false
	}
	switch types.Unalias(v.Type()).Underlying().(type) {
	case *types.Slice, *types.Map:
	default:
		return false
	}
	if got, ok := c.emptyVars[v]; ok {
		return got
	}
	got := c.emptyVar(fd, v)
	c.emptyVars[v] = got
	return got
}

// emptyVar answers mayBeEmpty for a local slice or map variable.
func (c *Result) emptyVar(fd *ast.FuncDecl, v *types.Var) bool {
	info := c.pass.TypesInfo
	var declBlock *ast.BlockStmt
	empty, other, always := false, false, false
	parents := astutil.Parents(fd)
	blockOf := func(n ast.Node) *ast.BlockStmt {
		b, _ := parents[n].(*ast.BlockStmt)
		return b
	}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.AssignStmt:
			for i, l := range x.Lhs {
				target := l
				if ix, ok := ast.Unparen(l).(*ast.IndexExpr); ok {
					target = ix.X // m[k] = v fills the map
				}
				lid, ok := ast.Unparen(target).(*ast.Ident)
				if !ok || astutil.IdentVar(info, lid) != v {
					continue
				}
				if target != l {
					if blockOf(x) == declBlock {
						always = true
					}
					continue
				}
				var r ast.Expr
				if len(x.Rhs) == len(x.Lhs) {
					r = ast.Unparen(x.Rhs[i])
				}
				switch {
				case r != nil && lid.Pos() == v.Pos() && (isEmptyMake(info, r) || isEmptyLit(info, r)):
					empty, declBlock = true, blockOf(x)
				case r != nil && isAppendTo(info, r, v):
					if declBlock != nil && c.runsOnce(fd, parents, x, declBlock) {
						always = true
					}
				default:
					other = true
				}
			}
		case *ast.UnaryExpr:
			if id, ok := ast.Unparen(x.X).(*ast.Ident); ok && x.Op.String() == "&" && astutil.IdentVar(info, id) == v {
				other = true // filled elsewhere, maybe
			}
		}
		return true
	})
	return empty && !other && !always
}

// isEmptyMake matches make([]T, 0), make([]T, 0, n) and make(map[K]V[, n]).
func isEmptyMake(info *types.Info, e ast.Expr) bool {
	call, ok := e.(*ast.CallExpr)
	if !ok || len(call.Args) == 0 {
		return false
	}
	fid, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return false
	}
	if b, ok := info.Uses[fid].(*types.Builtin); !ok || b.Name() != "make" {
		return false
	}
	switch types.Unalias(info.TypeOf(call.Args[0])).Underlying().(type) {
	case *types.Map:
		return true
	case *types.Slice:
		if len(call.Args) < 2 {
			return false
		}
		tv, ok := info.Types[call.Args[1]]
		return ok && tv.Value != nil && constant.Sign(tv.Value) == 0
	}
	return false
}

// isEmptyLit matches []T{} and map[K]V{}.
func isEmptyLit(info *types.Info, e ast.Expr) bool {
	lit, ok := e.(*ast.CompositeLit)
	if !ok || len(lit.Elts) > 0 {
		return false
	}
	switch types.Unalias(info.TypeOf(lit)).Underlying().(type) {
	case *types.Slice, *types.Map:
		return true
	}
	return false
}

// isAppendTo matches append(v, ...).
func isAppendTo(info *types.Info, e ast.Expr, v *types.Var) bool {
	call, ok := e.(*ast.CallExpr)
	if !ok || !astutil.IsAppend(info, call) || len(call.Args) == 0 {
		return false
	}
	id, ok := ast.Unparen(call.Args[0]).(*ast.Ident)
	return ok && astutil.IdentVar(info, id) == v
}

// runsOnce reports whether the statement st runs, whenever the block decl
// that declares the variable does, at least once: it sits in decl, or in
// the body of a range over a non-empty list literal (or a local given
// one) that sits there, with no branch between.
func (c *Result) runsOnce(fd *ast.FuncDecl, parents map[ast.Node]ast.Node, st ast.Stmt, decl *ast.BlockStmt) bool {
	var n ast.Node = st
	for {
		b, ok := parents[n].(*ast.BlockStmt)
		if !ok {
			return false
		}
		if b == decl {
			return true
		}
		rs, ok := parents[b].(*ast.RangeStmt)
		if !ok || rs.Body != b || !c.nonEmptyList(rs.X) {
			return false
		}
		n = rs
	}
}

// nonEmptyList reports a list literal with elements, or a local variable
// holding one where e reads it (the flow engine's Computed).
func (c *Result) nonEmptyList(e ast.Expr) bool {
	if id, ok := ast.Unparen(e).(*ast.Ident); ok {
		if e = c.Flow.Computed(id); e == nil {
			return false
		}
	}
	lit, ok := ast.Unparen(e).(*ast.CompositeLit)
	return ok && len(lit.Elts) > 0
}
