package defaultdrift_test

import (
	"os"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/defaultdrift"
	"github.com/reconcilelint/reconcilelint/internal/repotest"
)

func TestDefaultDrift(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, repotest.Testdata(t), defaultdrift.New(defaultdrift.Config{}), "defaultdrift/a", "defaultdrift/builders")
}

// BenchmarkDefaultdrift measures the analyzer alone (facts included) on the
// test packages, loaded once; `make bench` runs it.
func BenchmarkDefaultdrift(b *testing.B) {
	cfg := &packages.Config{
		Mode: packages.LoadAllSyntax,
		Dir:  repotest.Testdata(b),
		Env:  append(os.Environ(), "GOPATH="+repotest.Testdata(b), "GO111MODULE=off", "GOPROXY=off"),
	}
	pkgs, err := packages.Load(cfg, "defaultdrift/a", "defaultdrift/imports")
	if err != nil {
		b.Fatal(err)
	}
	if packages.PrintErrors(pkgs) > 0 {
		b.Fatal("packages have errors")
	}
	a := defaultdrift.New(defaultdrift.Config{})
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
