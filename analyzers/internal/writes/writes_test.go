package writes_test

import (
	"go/ast"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/astutil"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/funcs"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/writes"
	"github.com/reconcilelint/reconcilelint/internal/repotest"
)

// decided reports every call of a function named stale whose result
// decides a write, following one caller up.
var decided = repotest.Probe("decided", []*analysis.Analyzer{funcs.Analyzer}, func(pass *analysis.Pass, fd *ast.FuncDecl) {
	if fd.Body == nil {
		return
	}
	f := writes.New(pass.TypesInfo, funcs.Of(pass))
	parents := astutil.Parents(fd)
	ast.Inspect(fd.Body, func(m ast.Node) bool {
		if call, ok := m.(*ast.CallExpr); ok {
			if id, ok := call.Fun.(*ast.Ident); ok && id.Name == "stale" && f.Decided(fd, call, parents, 2) {
				pass.Reportf(call.Pos(), "decides a write")
			}
		}
		return true
	})
})

func TestDecided(t *testing.T) {
	repotest.Run(t, decided, "writes/a")
}
