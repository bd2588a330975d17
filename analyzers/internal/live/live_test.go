package live_test

import (
	"go/ast"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/astutil"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/live"
	"github.com/reconcilelint/reconcilelint/internal/repotest"
)

// probe reports, at every call probe(x), why x is live.
var probe = repotest.Probe("probe", []*analysis.Analyzer{live.Analyzer}, func(pass *analysis.Pass, call *ast.CallExpr) {
	if len(call.Args) != 1 {
		return
	}
	if id, ok := call.Fun.(*ast.Ident); !ok || id.Name != "probe" {
		return
	}
	if why := pass.ResultOf[live.Analyzer].(*live.Result).Expr(call.Args[0]); why != live.NotLive {
		pass.Reportf(call.Pos(), "%s: %s", astutil.RootVar(pass.TypesInfo, call.Args[0]).Name(), why)
	}
})

func TestRules(t *testing.T) {
	repotest.Run(t, probe, "live/a")
}
