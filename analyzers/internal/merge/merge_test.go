package merge_test

import (
	"go/ast"
	"go/types"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/merge"
	"github.com/reconcilelint/reconcilelint/internal/repotest"
)

// show reports every merge call and overlay loop, so tests can see what the
// engine recognises.
var show = repotest.Probe("show", []*analysis.Analyzer{merge.Analyzer}, func(pass *analysis.Pass, n ast.Node) {
	res := pass.ResultOf[merge.Analyzer].(*merge.Result)
	via := func(m merge.Merge) string {
		if m.Helper != nil {
			return " via " + m.Helper.Name()
		}
		return ""
	}
	switch n := n.(type) {
	case *ast.CallExpr:
		if m, ok := res.Call(n); ok {
			if m.Kind == merge.Union {
				pass.Reportf(n.Pos(), "union of %s and %s%s", types.ExprString(m.A), types.ExprString(m.B), via(m))
			} else {
				pass.Reportf(n.Pos(), "%s into %s%s", types.ExprString(m.Src), types.ExprString(m.Dst), via(m))
			}
		}
	case *ast.RangeStmt:
		if m, ok := res.Loop(n); ok {
			pass.Reportf(n.Pos(), "%s into %s", types.ExprString(m.Src), types.ExprString(m.Dst))
		}
	}
})

// anyIn reports, at each file's package clause, whether the file's
// functions merge maps.
var anyIn = repotest.Probe("anyin", []*analysis.Analyzer{merge.Analyzer}, func(pass *analysis.Pass, f *ast.File) {
	var decls []*ast.FuncDecl
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
			decls = append(decls, fd)
		}
	}
	pass.Reportf(f.Package, "merges: %t", pass.ResultOf[merge.Analyzer].(*merge.Result).AnyIn(decls))
})

// TestAnyIn: a merge followed by calls that merge nothing is found; clones
// and reads are not merges.
func TestAnyIn(t *testing.T) {
	repotest.Run(t, anyIn, "merge/any", "merge/none")
}

// TestMerges checks the merges recognised at call sites and loops, with
// helpers from another package.
func TestMerges(t *testing.T) {
	repotest.Run(t, show, "merge/use")
}
