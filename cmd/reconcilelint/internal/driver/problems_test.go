package driver

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"

	"github.com/reconcilelint/reconcilelint/internal/repotest"
)

// TestInternalErrorReport runs an analyzer whose internal requirement
// fails on one package: the report names the package, the error and the
// selected analyzer that did not run, once, and never the internal one;
// the other package is analysed; -json files the error under the
// selected analyzer.
func TestInternalErrorReport(t *testing.T) {
	engine := &analysis.Analyzer{
		Name: "secretengine",
		Doc:  "an internal step that fails on package p",
		Run: func(pass *analysis.Pass) (any, error) {
			if pass.Pkg.Name() == "p" {
				return nil, errors.New("boom")
			}
			return nil, nil
		},
	}
	public := &analysis.Analyzer{
		Name:     "public",
		Doc:      "reports every package it runs on",
		Requires: []*analysis.Analyzer{engine},
		Run: func(pass *analysis.Pass) (any, error) {
			pass.Reportf(pass.Files[0].Package, "analysed")
			return nil, nil
		},
	}
	dir := repotest.TinyModule(t, map[string]string{
		"p/p.go": "package p\n",
		"q/q.go": "package q\n",
	})
	t.Chdir(dir)
	r := newRunner([]*analysis.Analyzer{public}, nil)
	ld, err := load([]string{"./..."}, false, r, nil)
	if err != nil {
		t.Fatal(err)
	}
	graph := r.graph(ld.roots)
	probs := findProblems(ld, graph, dir)
	if !probs.failed() {
		t.Fatal("an analyzer failed, and the run is not failed")
	}
	var out bytes.Buffer
	probs.printErrors(&out)
	probs.printSummary(&out)
	want := "reconcilelint: internal error on example.com/tiny/p, so public did not run there: boom (please report it)\n"
	if out.String() != want {
		t.Errorf("report:\n%q\nwant\n%q", out.String(), want)
	}
	var diags []string
	for _, f := range findings(graph) {
		diags = append(diags, f.act.Package.ID)
	}
	if strings.Join(diags, ",") != "example.com/tiny/q" {
		t.Errorf("findings on %v, want on q only", diags)
	}
	var js bytes.Buffer
	if err := printJSON(&js, graph, probs); err != nil {
		t.Fatal(err)
	}
	var tree map[string]map[string]json.RawMessage
	if err := json.Unmarshal(js.Bytes(), &tree); err != nil {
		t.Fatal(err)
	}
	var e struct{ Error string }
	if err := json.Unmarshal(tree["example.com/tiny/p"]["public"], &e); err != nil || e.Error != "internal error: boom" {
		t.Errorf("-json for p (%v): %s", err, js.String())
	}
	if strings.Contains(js.String(), "secretengine") || strings.Contains(out.String(), "secretengine") {
		t.Errorf("the internal analyzer is named:\n%s\n%s", out.String(), js.String())
	}
}

// TestFromPattern checks which packages a pattern names, by directory or
// by import path, with and without /...
func TestFromPattern(t *testing.T) {
	cwd := "/src/op"
	p := &packages.Package{PkgPath: "example.com/op/controllers/app", GoFiles: []string{"/src/op/controllers/app/app.go"}}
	for pat, want := range map[string]bool{
		"./...":                              true,
		"...":                                true,
		"./controllers/...":                  true,
		"./controllers/app":                  true,
		"./controllers":                      false,
		"./control/...":                      false,
		"./docs/...":                         false,
		"/src/op/controllers/...":            true,
		"../op/controllers/app":              true,
		"example.com/op/...":                 true,
		"example.com/op/controllers":         false,
		"example.com/op/controllers/a":       false,
		"example.com/op/controllers/app/...": true,
		"example.com/.../app":                true, // inner wildcard: go list's to match
	} {
		if got := fromPattern(p, pat, cwd); got != want {
			t.Errorf("fromPattern(%q) = %v, want %v", pat, got, want)
		}
	}
	if got := unmatched([]string{"./...", "./docs/...", "all"}, []*packages.Package{p}, cwd); !slices.Equal(got, []string{"./docs/..."}) {
		t.Errorf("unmatched = %v", got)
	}
}

// TestGoListFailure: when go list fails as a whole, its own words are
// said, without its download notes, whichever way go/packages handed the
// failure on (an error of its own, or no package at all); a pattern that
// only matches nothing is no failure. Not parallel: it changes directory.
func TestGoListFailure(t *testing.T) {
	t.Chdir(repotest.TinyModule(t, map[string]string{"p/p.go": "package p\n"}))
	t.Setenv("GOFLAGS", "")
	if err := listFailure([]string{"./nothing/..."}, true); err != nil {
		t.Errorf("pattern matching nothing: %v, want no failure", err)
	}
	// go 1.16: the whole module graph is read, so a requirement
	// without its go.sum lines stops go list before any package.
	if err := os.WriteFile("go.mod", []byte("module example.com/tiny\n\ngo 1.16\n\nrequire example.com/gone v1.0.0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	err := listFailure([]string{"./..."}, true)
	want := "go list failed, so no package was analysed:\ngo: example.com/gone@v1.0.0: missing go.sum entry for go.mod file; to add it:\n\tgo mod download example.com/gone"
	if err == nil || err.Error() != want {
		t.Errorf("listFailure = %v, want %q", err, want)
	}
	wrapped := errors.New("err: exit status 1: stderr: go: downloading example.com/gone v1.0.0\ngo: example.com/gone@v1.0.0: 403 Forbidden\n")
	if got := listError(wrapped).Error(); got != "go list failed, so no package was analysed:\ngo: example.com/gone@v1.0.0: 403 Forbidden" {
		t.Errorf("listError = %q", got)
	}
	if other := errors.New("couldn't run 'go': boom"); listError(other) != other {
		t.Errorf("listError changed an error that carries no go list output")
	}
}
