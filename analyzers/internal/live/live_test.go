package live_test

import (
	"go/ast"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/astutil"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/live"
	"github.com/reconcilelint/reconcilelint/internal/repotest"
)

// probe reports, at every call probe(x), why x is live.
var probe = &analysis.Analyzer{
	Name:     "probe",
	Doc:      "report the liveness of probe arguments",
	Requires: []*analysis.Analyzer{live.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[live.Analyzer].(*live.Result)
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok || len(call.Args) != 1 {
					return true
				}
				if id, ok := call.Fun.(*ast.Ident); !ok || id.Name != "probe" {
					return true
				}
				if why := res.Expr(call.Args[0]); why != live.NotLive {
					pass.Reportf(call.Pos(), "%s: %s", astutil.RootVar(pass.TypesInfo, call.Args[0]).Name(), why)
				}
				return true
			})
		}
		return nil, nil
	},
}

func TestRules(t *testing.T) {
	t.Parallel()
	dir := repotest.Testdata(t)
	analysistest.Run(t, dir, probe, "live/a")
}
