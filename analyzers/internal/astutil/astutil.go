// Package astutil holds small syntax helpers shared by the analyzers.
package astutil

import (
	"go/ast"
	"go/token"
	"go/types"
	"iter"
	"slices"
	"strings"
)

// RootVar returns the variable at the root of x, x.f.g, *x, x[i], &x and
// x.Method() chains (dep.GetAnnotations(), pod.Spec.Containers[0]), or nil
// when the root is not a variable (a call of a function, a package-level
// qualified identifier, a literal). Fields are never roots.
func RootVar(info *types.Info, e ast.Expr) *types.Var {
	if id, ok := ast.Unparen(Root(info, e)).(*ast.Ident); ok {
		return IdentVar(info, id)
	}
	return nil
}

// Root returns the expression a chain of fields, indexes, dereferences,
// addresses and method calls starts from (a variable, or a builder's
// call), as Base follows it.
func Root(info *types.Info, e ast.Expr) ast.Expr {
	for {
		b, ok := Base(info, e)
		if !ok {
			return e
		}
		e = b
	}
}

// Base returns the expression e is a part of or is reached from: x for
// x.f (a field or method selection), *x, x[i], a unary operation on x, and
// x.M(...) (a method call). It reports false for anything else: an
// identifier, a qualified identifier, a function call, a literal.
func Base(info *types.Info, e ast.Expr) (ast.Expr, bool) {
	switch x := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		if _, ok := info.Selections[x]; ok {
			return x.X, true
		}
	case *ast.StarExpr:
		return x.X, true
	case *ast.IndexExpr:
		return x.X, true
	case *ast.UnaryExpr:
		return x.X, true
	case *ast.CallExpr:
		if sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr); ok && info.Selections[sel] != nil {
			return sel.X, true
		}
	}
	return nil, false
}

// IsAppend reports whether e is a call of the append builtin.
func IsAppend(info *types.Info, e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	return ok && info.Uses[id] == types.Universe.Lookup("append")
}

// IsLocal reports whether v is declared inside a function.
func IsLocal(v *types.Var) bool {
	return v != nil && v.Parent() != nil && v.Pkg() != nil && v.Parent() != v.Pkg().Scope()
}

// LineIndent returns the leading white space of the line holding pos in
// the file content, for edits that insert whole lines.
func LineIndent(tf *token.File, content []byte, pos token.Pos) string {
	off := tf.Offset(tf.LineStart(tf.Line(pos)))
	end := off
	for end < len(content) && (content[end] == ' ' || content[end] == '\t') {
		end++
	}
	return string(content[off:end])
}

// IdentVar returns the variable an identifier uses or declares, or nil
// for anything else (a field name, a function, a type, a package).
func IdentVar(info *types.Info, id *ast.Ident) *types.Var {
	v, _ := info.Uses[id].(*types.Var)
	if v == nil {
		v, _ = info.Defs[id].(*types.Var)
	}
	if v == nil || v.IsField() {
		return nil
	}
	return v
}

// Climb returns the largest expression e is a part of through its
// parents, as long as up accepts each step: up is given the parent of the
// current expression and returns the expression to continue from (the
// parent itself, or a larger one such as the call of a selected method),
// or false to stop.
func Climb(e ast.Expr, parents map[ast.Node]ast.Node, up func(parent ast.Node, e ast.Expr) (ast.Expr, bool)) ast.Expr {
	for {
		next, ok := up(parents[e], e)
		if !ok {
			return e
		}
		e = next
	}
}

// Parents maps every node under root (root excluded) to the node that
// encloses it.
func Parents(root ast.Node) map[ast.Node]ast.Node {
	m := map[ast.Node]ast.Node{}
	var stack []ast.Node
	ast.Inspect(root, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if len(stack) > 0 {
			m[n] = stack[len(stack)-1]
		}
		stack = append(stack, n)
		return true
	})
	return m
}

// ParentMaps keeps the Parents of each root asked for, so that walks
// repeated over rounds build each map once. One per pass: it is not safe
// for concurrent use, and it holds its maps as long as it lives.
type ParentMaps map[ast.Node]map[ast.Node]ast.Node

// Of returns Parents(root), built on first need.
func (m ParentMaps) Of(root ast.Node) map[ast.Node]ast.Node {
	p, ok := m[root]
	if !ok {
		p = Parents(root)
		m[root] = p
	}
	return p
}

// WithStack walks root like ast.Inspect, also passing the nodes that
// enclose n, outermost first (root's ancestors excluded). The stack is
// only valid during the call; clone it to keep it.
func WithStack(root ast.Node, f func(n ast.Node, stack []ast.Node) bool) {
	var stack []ast.Node
	ast.Inspect(root, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if !f(n, stack) {
			return false
		}
		stack = append(stack, n)
		return true
	})
}

// GuardingConds returns the conditions that must hold for node, whose
// enclosing nodes are stack, to run: the conjuncts (split on &&) of every
// if statement whose body holds it, up to the enclosing function literal.
func GuardingConds(stack []ast.Node, node ast.Node) []ast.Expr {
	var out []ast.Expr
	child := node
	for i := len(stack) - 1; i >= 0; i-- {
		switch p := stack[i].(type) {
		case *ast.IfStmt:
			if child == p.Body {
				out = append(out, conjuncts(p.Cond)...)
			}
		case *ast.FuncLit:
			return out
		}
		child = stack[i]
	}
	return out
}

func conjuncts(e ast.Expr) []ast.Expr {
	if b, ok := ast.Unparen(e).(*ast.BinaryExpr); ok && b.Op == token.LAND {
		return append(conjuncts(b.X), conjuncts(b.Y)...)
	}
	return []ast.Expr{ast.Unparen(e)}
}

// IsTestFile reports whether pos is in a _test.go file.
func IsTestFile(fset *token.FileSet, pos token.Pos) bool {
	f := fset.File(pos)
	return f != nil && strings.HasSuffix(f.Name(), "_test.go")
}

// CodeFiles returns files without the _test.go ones (files itself when
// there is none). The suite analyses an operator's code, and a test is not
// a reconcile: every engine and analyzer takes its functions and
// directives from here, so test code is neither reported nor feeds what
// other code is reported for (a helper that only a test hands a live
// object is not live; a test's type does not implement an interface for
// the package's own calls). A package's test variant therefore says
// exactly what the package says, which lets a driver analyse it once.
func CodeFiles(fset *token.FileSet, files []*ast.File) []*ast.File {
	for i, f := range files {
		if IsTestFile(fset, f.Pos()) {
			out := slices.Clone(files[:i])
			for _, f := range files[i+1:] {
				if !IsTestFile(fset, f.Pos()) {
					out = append(out, f)
				}
			}
			return out
		}
	}
	return files
}

// Assignments calls f with each left-hand side and its value in the
// assignments under root that give every left-hand side its own value
// (a, b = x, y; not a, err := f()).
func Assignments(root ast.Node, f func(lhs, rhs ast.Expr)) {
	ast.Inspect(root, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok && len(as.Lhs) == len(as.Rhs) {
			for i := range as.Lhs {
				f(as.Lhs[i], as.Rhs[i])
			}
		}
		return true
	})
}

// StructFields yields each field a literal of the struct type st sets,
// keyed or positional, with the value it is given.
func StructFields(info *types.Info, lit *ast.CompositeLit, st *types.Struct) iter.Seq2[*types.Var, ast.Expr] {
	return func(yield func(*types.Var, ast.Expr) bool) {
		for i, elt := range lit.Elts {
			var field *types.Var
			val := elt
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				id, ok := kv.Key.(*ast.Ident)
				if !ok {
					continue
				}
				field, _ = info.Uses[id].(*types.Var)
				val = kv.Value
			} else if i < st.NumFields() {
				field = st.Field(i)
			}
			if field != nil && !yield(field, val) {
				return
			}
		}
	}
}

// CopyInto returns `src.DeepCopyInto(&dst)` as the assignment it is,
// `dst = src` (deep), so that the checks of a wholesale replacement see
// it: the receiver and the argument's operand are of one type. The
// assignment is made up: its positions are those of its two sides.
func CopyInto(info *types.Info, call *ast.CallExpr) (*ast.AssignStmt, bool) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "DeepCopyInto" || len(call.Args) != 1 {
		return nil, false
	}
	addr, ok := ast.Unparen(call.Args[0]).(*ast.UnaryExpr)
	if !ok || addr.Op != token.AND {
		return nil, false
	}
	dst, src := info.TypeOf(addr.X), info.TypeOf(sel.X)
	if dst == nil || src == nil {
		return nil, false
	}
	if p, ok := src.(*types.Pointer); ok {
		src = p.Elem()
	}
	if !types.Identical(dst, src) {
		return nil, false
	}
	return &ast.AssignStmt{Lhs: []ast.Expr{addr.X}, TokPos: addr.Pos(), Tok: token.ASSIGN, Rhs: []ast.Expr{sel.X}}, true
}

// Delete returns the map and the key of a call of the builtin delete
// (`delete(m, key)`), and whether call is one.
func Delete(info *types.Info, call *ast.CallExpr) (m, key ast.Expr, ok bool) {
	id, isIdent := ast.Unparen(call.Fun).(*ast.Ident)
	if !isIdent || len(call.Args) != 2 {
		return nil, nil, false
	}
	if b, isBuiltin := info.Uses[id].(*types.Builtin); !isBuiltin || b.Name() != "delete" {
		return nil, nil, false
	}
	return call.Args[0], call.Args[1], true
}
