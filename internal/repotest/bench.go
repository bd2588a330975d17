package repotest

import (
	"os"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// Bench measures analyzer a alone (its facts included) on the testdata
// packages given, loaded once; it fails when a reports nothing, which
// would mean it is not measuring the analysis.
func Bench(b *testing.B, a *analysis.Analyzer, patterns ...string) {
	cfg := &packages.Config{
		Mode: packages.LoadAllSyntax,
		Dir:  Testdata(b),
		Env:  append(os.Environ(), "GOPATH="+Testdata(b), "GO111MODULE=off", "GOPROXY=off"),
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		b.Fatal(err)
	}
	if packages.PrintErrors(pkgs) > 0 {
		b.Fatal("packages have errors")
	}
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
