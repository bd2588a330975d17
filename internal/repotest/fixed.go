package repotest

// An analyzer's fixes, as recorded in .golden files, must compile and
// leave nothing for a second run to report.

import (
	"fmt"
	"go/ast"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
)

var wantComment = regexp.MustCompile("(?m) // want .*$")

// FixedIsClean copies the package testdata/src/<pkg> into a fresh GOPATH
// (in parallel with the test's other parallel tests),
// replacing each file that has a .golden with the golden (want comments
// removed), type-checks it, runs the analyzer again, and fails unless the
// only diagnostics left are in the functions named in stillReported (the
// findings that have no fix). deps are the testdata/src roots the package
// imports (k8s.io, sigs.k8s.io, helper packages).
func FixedIsClean(t *testing.T, a *analysis.Analyzer, pkg string, deps []string, stillReported ...string) {
	t.Helper()
	t.Parallel()
	testdata := Testdata(t)
	dir := t.TempDir()
	src := filepath.Join(testdata, "src", pkg)
	dst := filepath.Join(dir, "src", pkg)
	if err := os.MkdirAll(dst, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, d := range deps {
		link := filepath.Join(dir, "src", d)
		if err := os.MkdirAll(filepath.Dir(link), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(filepath.Join(testdata, "src", d), link); err != nil {
			t.Fatal(err)
		}
	}
	entries, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	goldens := 0
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, ".go") {
			continue
		}
		data, err := os.ReadFile(filepath.Join(src, name))
		if err != nil {
			t.Fatal(err)
		}
		if golden, err := os.ReadFile(filepath.Join(src, name+".golden")); err == nil {
			data = golden
			goldens++
		}
		if err := os.WriteFile(filepath.Join(dst, name), wantComment.ReplaceAll(data, nil), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if goldens == 0 {
		t.Fatalf("%s has no .golden file", pkg)
	}
	results := analysistest.Run(&quiet{T: t}, dir, a, pkg)
	if len(results) != 1 {
		t.Fatalf("got %d results, want 1", len(results))
	}
	r := results[0]
	if r.Err != nil {
		t.Fatal(r.Err)
	}
	var left []string
	for _, d := range r.Diagnostics {
		fn := enclosingFunc(r.Pass.Files, d.Pos)
		left = append(left, fn)
		if !slices.Contains(stillReported, fn) {
			t.Errorf("%s: fixed code in %s is still reported: %s", r.Pass.Fset.Position(d.Pos), fn, d.Message)
		}
	}
	for _, fn := range stillReported {
		if !slices.Contains(left, fn) {
			t.Errorf("%s has no fix and should still be reported", fn)
		}
	}
}

// quiet lets analysistest.Run pass over unexpected diagnostics, which
// FixedIsClean checks itself; any other failure (a type error) still fails.
type quiet struct{ *testing.T }

func (q *quiet) Errorf(format string, args ...any) {
	if msg := fmt.Sprintf(format, args...); !strings.Contains(msg, "unexpected diagnostic") {
		q.T.Errorf("%s", msg)
	}
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
