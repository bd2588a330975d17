// Package astutil holds small syntax helpers shared by the analyzers.
package astutil

import (
	"go/ast"
	"go/token"
	"go/types"
)

// RootVar returns the variable at the root of x, x.f.g, *x, x[i], &x and
// x.Method() chains (dep.GetAnnotations(), pod.Spec.Containers[0]), or nil
// when the root is not a variable (a call of a function, a package-level
// qualified identifier, a literal). Fields are never roots.
func RootVar(info *types.Info, e ast.Expr) *types.Var {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			v, _ := info.Uses[x].(*types.Var)
			if v == nil {
				v, _ = info.Defs[x].(*types.Var)
			}
			if v != nil && v.IsField() {
				return nil
			}
			return v
		case *ast.SelectorExpr:
			if _, ok := info.Selections[x]; !ok {
				return nil // a qualified identifier
			}
			e = x.X
		case *ast.StarExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.UnaryExpr:
			e = x.X
		case *ast.CallExpr:
			sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr)
			if !ok || info.Selections[sel] == nil {
				return nil
			}
			e = sel.X
		default:
			return nil
		}
	}
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
