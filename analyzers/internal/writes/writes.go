// Package writes answers one question for the analyzers that report a
// check only when it can cause a write (defaultdrift, presencedrift): does
// this code send an object to the API server (a client's Update, Patch or
// Apply, controllerutil's CreateOrUpdate or CreateOrPatch), itself or
// through the package's functions, and does the branch a condition takes
// lead to such a write?
//
// Limits: calls are followed through the package's own functions (3 deep
// for a write, depth callers up for a returned decision); a write made
// through a function value or in another package is not seen.
package writes

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/astutil"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/funcs"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/k8s"
)

// Finder answers for one package; it remembers which functions write.
type Finder struct {
	info  *types.Info
	graph *funcs.Graph
	memo  map[*ast.FuncDecl]bool
}

// New returns a Finder for the package whose types are info and whose
// functions are graph.
func New(info *types.Info, graph *funcs.Graph) *Finder {
	return &Finder{info: info, graph: graph, memo: map[*ast.FuncDecl]bool{}}
}

// Calls reports whether n itself calls a write (IsWrite), not following
// the package's functions.
func Calls(info *types.Info, n ast.Node) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		if call, ok := m.(*ast.CallExpr); ok && !found {
			found = IsWrite(k8s.Callee(info, call))
		}
		return !found
	})
	return found
}

// Decided reports whether the branch taken on the boolean e (a
// comparison, say) in fd writes an object: the if it decides (directly, through a boolean
// variable, or through the function or closure returning it, to depth
// callers up) has an Update, Patch, Apply or CreateOrUpdate in a branch,
// itself or in a function of the package it calls.
func (f *Finder) Decided(fd *ast.FuncDecl, e ast.Expr, parents map[ast.Node]ast.Node, depth int) bool {
	info := f.info
	// The whole condition the comparison is part of: !cmp, cmp && x, (cmp).
	e = astutil.Climb(e, parents, func(p ast.Node, _ ast.Expr) (ast.Expr, bool) {
		switch x := p.(type) {
		case *ast.ParenExpr:
			return x, true
		case *ast.UnaryExpr:
			return x, x.Op == token.NOT
		case *ast.BinaryExpr:
			return x, x.Op == token.LAND || x.Op == token.LOR
		}
		return nil, false
	})
	switch x := parents[e].(type) {
	case *ast.IfStmt:
		return x.Cond == e && (f.In(x.Body) || x.Else != nil && f.In(x.Else) || f.after(x, parents))
	case *ast.AssignStmt:
		for i, r := range x.Rhs {
			if r == e && i < len(x.Lhs) {
				if v := astutil.RootVar(info, x.Lhs[i]); v != nil {
					return f.varDecides(fd, v, parents)
				}
			}
		}
	case *ast.ReturnStmt:
		return depth > 0 && f.returnedDecides(fd, x, parents, depth)
	}
	return false
}

// varDecides reports an if testing v whose branches write.
func (f *Finder) varDecides(fd *ast.FuncDecl, v *types.Var, parents map[ast.Node]ast.Node) bool {
	info := f.info
	found := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if st, ok := n.(*ast.IfStmt); ok && !found {
			uses := false
			ast.Inspect(st.Cond, func(m ast.Node) bool {
				if id, ok := m.(*ast.Ident); ok && info.Uses[id] == v {
					uses = true
				}
				return !uses
			})
			if uses && (f.In(st.Body) || st.Else != nil && f.In(st.Else)) {
				found = true
			}
		}
		return !found
	})
	return found
}

// returnedDecides follows a returned comparison: from a closure
// handed to a function of the package, to where that function calls it;
// from a named function, to its calls.
func (f *Finder) returnedDecides(fd *ast.FuncDecl, ret *ast.ReturnStmt, parents map[ast.Node]ast.Node, depth int) bool {
	info := f.info
	for n := parents[ret]; n != nil; n = parents[n] {
		lit, ok := n.(*ast.FuncLit)
		if !ok {
			continue
		}
		call, ok := parents[lit].(*ast.CallExpr)
		if !ok {
			return false
		}
		callee := f.graph.Decl(k8s.Callee(info, call))
		if callee == nil {
			return false
		}
		idx := -1
		for i, a := range call.Args {
			if a == lit {
				idx = i
			}
		}
		params := f.graph.Func(callee).Type().(*types.Signature).Params()
		if idx < 0 || idx >= params.Len() {
			return false
		}
		return f.callsDecide(callee, params.At(idx), depth-1)
	}
	fn := f.graph.Func(fd)
	if fn == nil {
		return false
	}
	for _, caller := range f.graph.Callers(fd) {
		if f.callsDecide(caller, fn, depth-1) {
			return true
		}
	}
	return false
}

// callsDecide reports a call of target (a function, or a parameter
// holding one) in fd whose result decides a write.
func (f *Finder) callsDecide(fd *ast.FuncDecl, target types.Object, depth int) bool {
	info := f.info
	parents := astutil.Parents(fd)
	found := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || found {
			return !found
		}
		var id *ast.Ident
		switch f := ast.Unparen(call.Fun).(type) {
		case *ast.Ident:
			id = f
		case *ast.SelectorExpr:
			id = f.Sel
		}
		if id != nil && info.Uses[id] == target && f.Decided(fd, call, parents, depth) {
			found = true
		}
		return !found
	})
	return found
}

// In reports whether n calls Update, Patch, Apply, CreateOrUpdate or
// CreateOrPatch, itself or through functions of the package (3 calls
// deep).
func (f *Finder) In(n ast.Node) bool {
	info := f.info
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		call, ok := m.(*ast.CallExpr)
		if !ok || found {
			return !found
		}
		fn := k8s.Callee(info, call)
		if IsWrite(fn) {
			found = true
		} else if d := f.graph.Decl(fn); d != nil && f.declWrites(d) {
			found = true
		}
		return !found
	})
	return found
}

// after reports, for an if whose body returns (`if equal { return
// nil }`), a write in the statements after it: the other branch.
func (f *Finder) after(st *ast.IfStmt, parents map[ast.Node]ast.Node) bool {
	if len(st.Body.List) == 0 {
		return false
	}
	if _, ok := st.Body.List[len(st.Body.List)-1].(*ast.ReturnStmt); !ok {
		return false
	}
	block, ok := parents[st].(*ast.BlockStmt)
	if !ok {
		return false
	}
	after := false
	for _, s := range block.List {
		if after && f.In(s) {
			return true
		}
		after = after || s == st
	}
	return false
}

// IsWrite reports whether fn sends an object to the API server: a
// client's Update, Patch or Apply, or controllerutil's CreateOrUpdate or
// CreateOrPatch.
func IsWrite(fn *types.Func) bool {
	return k8s.IsClientMethod(fn, "Update", "Patch", "Apply") ||
		k8s.IsFunc(fn, k8s.Controllerutil, "CreateOrUpdate") || k8s.IsFunc(fn, k8s.Controllerutil, "CreateOrPatch")
}

// declWrites reports whether fd or a function it calls (3 deep) writes.
func (f *Finder) declWrites(fd *ast.FuncDecl) bool {
	if v, ok := f.memo[fd]; ok {
		return v
	}
	f.memo[fd] = false
	found := false
	for d := range f.graph.Reachable([]*ast.FuncDecl{fd}, 3) {
		ast.Inspect(d.Body, func(m ast.Node) bool {
			if call, ok := m.(*ast.CallExpr); ok && IsWrite(k8s.Callee(f.info, call)) {
				found = true
			}
			return !found
		})
		if found {
			break
		}
	}
	f.memo[fd] = found
	return found
}
