package timechurn_test

import (
	"os"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/fixtest"
	"github.com/reconcilelint/reconcilelint/analyzers/timechurn"
	"github.com/reconcilelint/reconcilelint/internal/repotest"
)

func TestTimeChurn(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, repotest.Testdata(t), timechurn.New(), "timechurn/a", "timechurn/conds", "timechurn/use", "timechurn/imports", "timechurn/lookalike")
}

func TestSetStatusConditionFix(t *testing.T) {
	t.Parallel()
	analysistest.RunWithSuggestedFixes(t, repotest.Testdata(t), timechurn.New(), "timechurn/fix")
	// The fixed file compiles, and only the whole-list replacement (no fix)
	// is reported again.
	fixtest.FixedIsClean(t, repotest.Testdata(t), timechurn.New(), "timechurn/fix",
		[]string{"k8s.io", "sigs.k8s.io", "timechurn/a"}, "replaceAll")
}

// BenchmarkTimechurn measures the analyzer alone (facts included) on the
// test packages, loaded once; `make bench` runs it.
func BenchmarkTimechurn(b *testing.B) {
	cfg := &packages.Config{
		Mode: packages.LoadAllSyntax,
		Dir:  repotest.Testdata(b),
		Env:  append(os.Environ(), "GOPATH="+repotest.Testdata(b), "GO111MODULE=off", "GOPROXY=off"),
	}
	pkgs, err := packages.Load(cfg, "timechurn/a", "timechurn/use", "timechurn/imports")
	if err != nil {
		b.Fatal(err)
	}
	if packages.PrintErrors(pkgs) > 0 {
		b.Fatal("packages have errors")
	}
	a := timechurn.New()
	for b.Loop() {
		graph, err := checker.Analyze([]*analysis.Analyzer{a}, pkgs, &checker.Options{Sequential: true})
		if err != nil {
			b.Fatal(err)
		}
		n := 0
		for _, act := range graph.Roots {
			n += len(act.Diagnostics)
		}
		if n == 0 {
			b.Fatal("no diagnostics: the benchmark is not measuring the analysis")
		}
	}
}
