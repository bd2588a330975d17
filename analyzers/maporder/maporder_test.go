package maporder_test

import (
	"fmt"
	"go/ast"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/reconcilelint/reconcilelint/analyzers/maporder"
)

func testdata() string {
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		panic(err)
	}
	return dir
}

func TestBasic(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, testdata(), maporder.New(maporder.Config{}), "maporder/basic")
}

func TestHelpersAcrossPackages(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, testdata(), maporder.New(maporder.Config{}),
		"maporder/helpers/flags", "maporder/helpers/apply", "maporder/helpers/use")
}

func TestToolhiveShapes(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, testdata(), maporder.New(maporder.Config{}), "maporder/toolhive")
}

func TestOperatorAPITypes(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, testdata(), maporder.New(maporder.Config{}), "maporder/crd/controller")
}

func TestAPIPackagesSetting(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, testdata(), maporder.New(maporder.Config{APIPackages: []string{"maporder/settings/model"}}), "maporder/settings/on")
	analysistest.Run(t, testdata(), maporder.New(maporder.Config{}), "maporder/settings/off")
}

func TestAPIPackagesFlag(t *testing.T) {
	t.Parallel()
	a := maporder.New(maporder.Config{})
	if err := a.Flags.Set("api-packages", "maporder/settings/model"); err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, testdata(), a, "maporder/settings/on")

	err := maporder.New(maporder.Config{}).Flags.Set("api-packages", "example.com/api,,x")
	if err == nil || !strings.Contains(err.Error(), "maporder.api-packages[1]") {
		t.Fatalf("want an error naming maporder.api-packages[1], got %v", err)
	}
	err = maporder.Config{APIPackages: []string{"ok", "has space"}}.Validate()
	if err == nil || !strings.Contains(err.Error(), "maporder.api-packages[1]") {
		t.Fatalf("want an error naming maporder.api-packages[1], got %v", err)
	}
}

func TestFix(t *testing.T) {
	t.Parallel()
	analysistest.RunWithSuggestedFixes(t, testdata(), maporder.New(maporder.Config{}), "maporder/fix")
}

func TestNoFixBeforeGo123(t *testing.T) {
	t.Parallel()
	for _, r := range analysistest.Run(t, testdata(), maporder.New(maporder.Config{}), "maporder/oldgo") {
		for _, d := range r.Diagnostics {
			if len(d.SuggestedFixes) > 0 {
				t.Errorf("%s: fix offered for a go1.22 file", r.Pass.Fset.Position(d.Pos))
			}
		}
	}
}

// TestFixedFileIsClean type-checks the golden file (with its want comments
// removed) and runs the analyzer on it again: a fix must compile and leave
// nothing to report.
func TestFixedFileIsClean(t *testing.T) {
	t.Parallel()
	golden, err := os.ReadFile(filepath.Join(testdata(), "src", "maporder", "fix", "fix.go.golden"))
	if err != nil {
		t.Fatal(err)
	}
	src := regexp.MustCompile("(?m) // want .*$").ReplaceAll(golden, nil)
	// The loops without a fix are reported again, as they must be.
	keep := map[string]bool{"mutates": true, "structKeys": true, "fromCall": true}
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "src", "fixed"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, stub := range []string{"k8s.io", "sigs.k8s.io", "golang.org"} {
		if err := os.Symlink(filepath.Join(testdata(), "src", stub), filepath.Join(dir, "src", stub)); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "src", "fixed", "fix.go"), src, 0o644); err != nil {
		t.Fatal(err)
	}
	results := analysistest.Run(&quietT{T: t}, dir, maporder.New(maporder.Config{}), "fixed")
	if len(results) != 1 {
		t.Fatalf("got %d results, want 1", len(results))
	}
	r := results[0]
	if r.Err != nil {
		t.Fatal(r.Err)
	}
	for _, d := range r.Diagnostics {
		fn := enclosingFunc(r.Pass.Files, d.Pos)
		if !keep[fn] {
			t.Errorf("%s: fixed code in %s still reported: %s", r.Pass.Fset.Position(d.Pos), fn, d.Message)
		}
	}
	if len(r.Diagnostics) != len(keep) {
		t.Errorf("got %d diagnostics on the fixed file, want %d (the loops without a fix)", len(r.Diagnostics), len(keep))
	}
}

// quietT lets analysistest.Run report unexpected diagnostics without
// failing: TestFixedFileIsClean checks them itself.
type quietT struct{ *testing.T }

func (q *quietT) Errorf(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if strings.Contains(msg, "unexpected diagnostic") {
		return
	}
	q.T.Errorf("%s", msg)
}

func enclosingFunc(files []*ast.File, pos token.Pos) string {
	for _, f := range files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Pos() <= pos && pos < fd.End() {
				return fd.Name.Name
			}
		}
	}
	return ""
}

// BenchmarkMaporder measures the analyzer alone (facts included) on the
// test packages, loaded once. Real-code comparisons with go vet are made
// by `make compare DIR=<module>`.
func BenchmarkMaporder(b *testing.B) {
	cfg := &packages.Config{
		Mode: packages.LoadAllSyntax,
		Dir:  testdata(),
		Env:  append(os.Environ(), "GOPATH="+testdata(), "GO111MODULE=off", "GOPROXY=off"),
	}
	pkgs, err := packages.Load(cfg, "maporder/basic", "maporder/toolhive", "maporder/helpers/use", "maporder/crd/controller")
	if err != nil {
		b.Fatal(err)
	}
	if packages.PrintErrors(pkgs) > 0 {
		b.Fatal("packages have errors")
	}
	a := maporder.New(maporder.Config{})
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
