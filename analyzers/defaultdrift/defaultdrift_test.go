package defaultdrift_test

import (
	"go/ast"
	"go/types"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/defaultdrift"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/builders"
	"github.com/reconcilelint/reconcilelint/internal/repotest"
)

func TestDefaultDrift(t *testing.T) {
	repotest.Run(t, withSummaries(defaultdrift.New(defaultdrift.Config{})), "defaultdrift/a", "defaultdrift/builders", "defaultdrift/usesframework", "defaultdrift/rbac", "defaultdrift/callbacks", "defaultdrift/callbacks/reconciler", "defaultdrift/ensure", "defaultdrift/ensureuser")
}

// summary is the builders engine's summary of a function, restated as a
// fact of the analyzer under test so that the test data can assert what
// the engine knows of each builder and mutator beside the findings.
type summary struct{ S string }

func (*summary) AFact()           {}
func (s *summary) String() string { return s.S }

// withSummaries runs a and exports, for each function of the package the
// builders engine summarises, its summary.
func withSummaries(a *analysis.Analyzer) *analysis.Analyzer {
	w := *a
	w.FactTypes = append(append([]analysis.Fact(nil), a.FactTypes...), new(summary))
	w.Run = func(pass *analysis.Pass) (any, error) {
		res, err := a.Run(pass)
		b := pass.ResultOf[builders.Analyzer].(*builders.Result)
		for _, f := range pass.Files {
			for _, d := range f.Decls {
				fd, ok := d.(*ast.FuncDecl)
				if !ok {
					continue
				}
				if fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
					if s := b.Summary(fn); s != nil {
						pass.ExportObjectFact(fn, &summary{s.String()})
					}
				}
			}
		}
		return res, err
	}
	return &w
}

// BenchmarkDefaultdrift measures the analyzer alone (facts included) on the
// test packages, loaded once; `make bench` runs it.
func BenchmarkDefaultdrift(b *testing.B) {
	repotest.Bench(b, defaultdrift.New(defaultdrift.Config{}), "defaultdrift/a", "defaultdrift/imports")
}
