package driver

import (
	"fmt"
	"go/token"
	"go/types"
	"iter"
	"path/filepath"
	"reflect"
	"runtime/debug"
	"runtime/metrics"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/reconcilelint/reconcilelint/internal/repotest"
)

// seen is the fact the probe analyzers below attach to every package-level
// object and package.
type seen struct{ From string }

func (*seen) AFact()           {}
func (s *seen) String() string { return s.From }

// facts marks every package-level object (and methods) with a fact and
// reports, at each file, every fact it can see: which facts reach a
// package is what the runner must decide as the checker does.
var facts = &analysis.Analyzer{
	Name:       "facts",
	Doc:        "marks objects and lists the facts visible",
	FactTypes:  []analysis.Fact{new(seen)},
	ResultType: reflect.TypeFor[int](),
	Run: func(pass *analysis.Pass) (any, error) {
		var visible []string
		for _, f := range pass.AllObjectFacts() {
			if f.Object.Pkg() != pass.Pkg {
				visible = append(visible, "obj:"+f.Object.Pkg().Name()+"."+f.Object.Name())
			}
		}
		for _, f := range pass.AllPackageFacts() {
			visible = append(visible, "pkg:"+f.Package.Name())
		}
		slices.Sort(visible)
		pass.Reportf(pass.Files[0].Package, "sees %s", strings.Join(visible, " "))
		scope := pass.Pkg.Scope()
		for _, name := range scope.Names() {
			obj := scope.Lookup(name)
			pass.ExportObjectFact(obj, &seen{pass.Pkg.Name()})
			if tn, ok := obj.(*types.TypeName); ok {
				for m := range tn.Type().(*types.Named).Methods() {
					pass.ExportObjectFact(m, &seen{pass.Pkg.Name()})
				}
			}
		}
		pass.ExportPackageFact(&seen{pass.Pkg.Name()})
		return len(visible), nil
	},
}

// counts requires facts and reports its result: requirements run first on
// the same package and hand their result over.
var counts = &analysis.Analyzer{
	Name:     "counts",
	Doc:      "reports what facts returned",
	Requires: []*analysis.Analyzer{facts},
	Run: func(pass *analysis.Pass) (any, error) {
		pass.Reportf(pass.Files[0].Package, "facts saw %d", pass.ResultOf[facts].(int))
		return nil, nil
	},
}

// TestRunnerAgreesWithChecker runs the same analyzers on the same module
// through the runner and through x/tools' checker, and compares every
// diagnostic and error: a chain of imports (facts of functions and
// variables reach direct importers only, those of methods, types and
// constants reach every importer above), a package that does not compile
// (its actions fail, and so do the actions above it that need its facts).
func TestRunnerAgreesWithChecker(t *testing.T) {
	dir := repotest.TinyModule(t, map[string]string{
		"c/c.go":     "package c\n\nfunc F() {}\n\nfunc g() {}\n\nvar V int\n\nconst K = 1\n\ntype T struct{ X int }\n\nfunc (T) M() {}\n",
		"b/b.go":     "package b\n\nimport \"example.com/tiny/c\"\n\nfunc B() c.T { c.F(); return c.T{} }\n",
		"a/a.go":     "package a\n\nimport \"example.com/tiny/b\"\n\nvar A = b.B()\n",
		"bad/bad.go": "package bad\n\nvar X int = \"no\"\n",
		"top/top.go": "package top\n\nimport (\n\t\"example.com/tiny/a\"\n\t\"example.com/tiny/bad\"\n)\n\nvar _, _ = a.A, bad.X\n",
	})
	t.Chdir(dir)
	selected := []*analysis.Analyzer{counts}
	patterns := []string{"./a", "./top"} // b, c, bad are analysed for facts only

	r := newRunner(selected, nil)
	ld, err := load(patterns, false, r, nil)
	if err != nil {
		t.Fatal(err)
	}
	pkgs := ld.roots
	got := runnerLines(r, pkgs)

	cfg := &packages.Config{Mode: packages.LoadAllSyntax}
	want, err := packages.Load(cfg, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	g, err := checker.Analyze(selected, want, nil)
	if err != nil {
		t.Fatal(err)
	}
	all := describe(g.All(), func(act *checker.Action) []string {
		return describeAction(act.Analyzer, act.Package, act.IsRoot, act.Err, act.Diagnostics)
	})

	if !slices.Equal(got, all) {
		t.Errorf("runner:\n\t%s\nchecker:\n\t%s", strings.Join(got, "\n\t"), strings.Join(all, "\n\t"))
	}
	// The chain above must be what the comparison saw, or it proves little.
	for _, line := range []string{
		"facts@example.com/tiny/a: sees obj:b.B obj:c.K obj:c.M obj:c.T pkg:b pkg:c",
		"counts@example.com/tiny/a root: facts saw 6",
		"facts@example.com/tiny/bad: error: analysis skipped due to errors in package",
		"counts@example.com/tiny/top root: error: failed prerequisites: facts@example.com/tiny/top",
	} {
		if !slices.Contains(got, line) {
			t.Errorf("runner output lacks %q", line)
		}
	}
	// Syntax and type information are let go once a package is analysed.
	for _, p := range pkgs {
		if p.Syntax != nil || p.TypesInfo != nil {
			t.Errorf("%s: syntax kept after analysis", p.ID)
		}
	}
}

// TestRunnerSkipsRepeatedTestBuilds: with tests, the analyzers run on
// each named package and on no package of its test build (test variant,
// external test, packages recompiled for the test, test main), whose
// analysis would repeat the named package's; a test build that does not
// compile still reports that its analysis was skipped.
func TestRunnerSkipsRepeatedTestBuilds(t *testing.T) {
	dir := repotest.TinyModule(t, map[string]string{
		"p/p.go":        "package p\n\nfunc P() {}\n",
		"p/p_test.go":   "package p\n\nfunc helper() { P() }\n",
		"p/x_test.go":   "package p_test\n\nimport (\n\t\"example.com/tiny/p\"\n\t\"example.com/tiny/q\"\n)\n\nvar _ = p.P\nvar _ = q.Q\n",
		"q/q.go":        "package q\n\nimport \"example.com/tiny/p\"\n\nvar Q = p.P\n",
		"r/r.go":        "package r\n",
		"r/r_test.go":   "package r_test\n",
		"bad/bad.go":    "package bad\n",
		"bad/b_test.go": "package bad\n\nvar X int = \"no\"\n",
	})
	t.Chdir(dir)
	var mu sync.Mutex
	var ran []string
	probe := &analysis.Analyzer{
		Name:      "probe",
		Doc:       "records where it runs",
		FactTypes: []analysis.Fact{new(seen)},
		Run: func(pass *analysis.Pass) (any, error) {
			mu.Lock()
			defer mu.Unlock()
			ran = append(ran, pass.Pkg.Path())
			pass.Reportf(pass.Files[0].Package, "ran")
			return nil, nil
		},
	}
	r := newRunner([]*analysis.Analyzer{probe}, nil)
	ld, err := load([]string{"./..."}, true, r, nil)
	if err != nil {
		t.Fatal(err)
	}
	pkgs := ld.roots
	var ids []string
	for _, p := range pkgs {
		ids = append(ids, p.ID)
	}
	// The module must have made every kind of test package, or the check
	// below proves little.
	for _, id := range []string{"example.com/tiny/p [example.com/tiny/p.test]", "example.com/tiny/p_test [example.com/tiny/p.test]",
		"example.com/tiny/p.test", "example.com/tiny/r_test [example.com/tiny/r.test]", "example.com/tiny/bad [example.com/tiny/bad.test]"} {
		if !slices.Contains(ids, id) {
			t.Fatalf("no package %s among %v", id, ids)
		}
	}
	slices.Sort(ran)
	if want := []string{"example.com/tiny/bad", "example.com/tiny/p", "example.com/tiny/q", "example.com/tiny/r"}; !slices.Equal(ran, want) {
		t.Errorf("the analyzer ran on %v, want %v", ran, want)
	}
	got := runnerLines(r, pkgs)
	if line := "probe@example.com/tiny/bad [example.com/tiny/bad.test] root: error: analysis skipped due to errors in package"; !slices.Contains(got, line) {
		t.Errorf("no %q in\n\t%s", line, strings.Join(got, "\n\t"))
	}

	// A test build is analysed when its package is not named, or when its
	// test variant holds other code than the package.
	plain := &packages.Package{ID: "x", PkgPath: "x", Name: "x", CompiledGoFiles: []string{"x.go"}}
	variant := &packages.Package{ID: "x [x.test]", PkgPath: "x", Name: "x", ForTest: "x", CompiledGoFiles: []string{"x.go", "x_test.go"}}
	other := &packages.Package{ID: "x [x.test]", PkgPath: "x", Name: "x", ForTest: "x", CompiledGoFiles: []string{"cgo1.go", "x_test.go"}}
	main := &packages.Package{ID: "x.test", PkgPath: "x.test", Name: "main", Imports: map[string]*packages.Package{"x": variant}}
	for _, tc := range []struct {
		name  string
		roots []*packages.Package
		want  bool // the test variant and the test main repeat the named package
	}{
		{"named, same code", []*packages.Package{plain, variant, main}, true},
		{"not named", []*packages.Package{variant, main}, false},
		{"other code", []*packages.Package{plain, other, main}, false},
	} {
		r := newRunner(nil, nil)
		r.plan(tc.roots, nil)
		if got := r.repeats(tc.roots[len(tc.roots)-2]); got != tc.want {
			t.Errorf("%s: test variant repeats = %v, want %v", tc.name, got, tc.want)
		}
		if got := r.repeats(main); got != tc.want {
			t.Errorf("%s: test main repeats = %v, want %v", tc.name, got, tc.want)
		}
		if r.repeats(plain) {
			t.Errorf("%s: the named package repeats", tc.name)
		}
	}
}

// describe lists, sorted, what each action of a graph (the runner's or the
// checker's) did.
func describe[A any](all iter.Seq[A], lines func(A) []string) []string {
	var out []string
	for act := range all {
		out = append(out, lines(act)...)
	}
	slices.Sort(out)
	return out
}

// runnerLines describes what each action of r's run on pkgs did.
func runnerLines(r *runner, pkgs []*packages.Package) []string {
	return describe(r.graph(pkgs).All(), func(act *action) []string {
		return describeAction(act.Analyzer, act.Package, act.IsRoot, act.Err, act.Diagnostics)
	})
}

func describeAction(a *analysis.Analyzer, p *packages.Package, root bool, err error, diags []analysis.Diagnostic) []string {
	name := a.Name + "@" + p.ID
	if root {
		name += " root"
	}
	if err != nil {
		return []string{fmt.Sprintf("%s: error: %v", name, err)}
	}
	var out []string
	for _, d := range diags {
		out = append(out, fmt.Sprintf("%s: %s", name, d.Message))
	}
	return out
}

// TestPrefetch checks which files are parsed while go list runs: those of
// the directories relative patterns name, as the go command finds them,
// and none once stop is set.
func TestPrefetch(t *testing.T) {
	dir := repotest.TinyModule(t, map[string]string{
		"a/a.go":          "package a\n",
		"a/a_test.go":     "package a\n",
		"a/b/b.go":        "package b\n",
		"a/testdata/x.go": "package x\n",
		"a/_skip/y.go":    "package y\n",
		"a/.hidden/h.go":  "package h\n",
		"a/nested/go.mod": "module example.com/nested\n",
		"a/nested/n.go":   "package n\n",
		"c/c.go":          "package c\n",
		"a/notes.txt":     "not Go\n",
	})
	t.Chdir(dir)
	for _, tc := range []struct {
		patterns []string
		tests    bool
		want     []string
	}{
		{[]string{"./a/..."}, true, []string{"a/a.go", "a/a_test.go", "a/b/b.go"}},
		{[]string{"./a/..."}, false, []string{"a/a.go", "a/b/b.go"}},
		{[]string{"./a", "./c"}, false, []string{"a/a.go", "c/c.go"}},
		{[]string{"example.com/tiny/a"}, true, nil}, // an import path: left to go list
	} {
		l := &loader{fset: token.NewFileSet(), parsed: map[string]*parsedFile{}}
		var stop atomic.Bool
		l.prefetch(tc.patterns, tc.tests, &stop)
		var got []string
		for name, pf := range l.parsed {
			if pf.file == nil {
				t.Errorf("%v: %s not parsed: %v", tc.patterns, name, pf.err)
			}
			rel, _ := filepath.Rel(dir, name)
			got = append(got, filepath.ToSlash(rel))
		}
		slices.Sort(got)
		if !slices.Equal(got, tc.want) {
			t.Errorf("prefetch(%v, tests=%v) parsed %v, want %v", tc.patterns, tc.tests, got, tc.want)
		}
		l = &loader{fset: token.NewFileSet(), parsed: map[string]*parsedFile{}}
		stop.Store(true)
		if l.prefetch(tc.patterns, tc.tests, &stop); len(l.parsed) > 0 {
			t.Errorf("prefetch(%v) parsed %d files after stop", tc.patterns, len(l.parsed))
		}
	}
}

// TestCollectorBackAfterListing: the collector, held while go list runs,
// is back at the percent it had once load returns. Not parallel: the
// percent is the process's.
func TestCollectorBackAfterListing(t *testing.T) {
	t.Chdir(repotest.TinyModule(t, map[string]string{"p/p.go": "package p\n"}))
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	prev := debug.SetGCPercent(73)
	defer debug.SetGCPercent(prev)
	if _, err := load([]string{"./..."}, false, newRunner(nil, nil), nil); err != nil {
		t.Fatal(err)
	}
	if got := debug.SetGCPercent(73); got != 73 {
		t.Errorf("GC percent %d after load, want 73", got)
	}
}

// TestPacer: held, the collector runs no cycle; for the analysis its
// percent is analysisPercent; restored, the one it had. A GOGC the user
// sets is left alone throughout. Not parallel: the percent is the
// process's.
func TestPacer(t *testing.T) {
	prev := debug.SetGCPercent(73)
	defer debug.SetGCPercent(prev)
	percent := func() int { p := debug.SetGCPercent(-1); debug.SetGCPercent(p); return p }

	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	p := holdCollector()
	if got := percent(); got != -1 {
		t.Errorf("held: GC percent %d, want -1", got)
	}
	p.collect()
	p.analyse()
	if got := percent(); got != analysisPercent {
		t.Errorf("analysing: GC percent %d, want %d", got, analysisPercent)
	}
	p.restore()
	if got := percent(); got != 73 {
		t.Errorf("restored: GC percent %d, want 73", got)
	}

	t.Setenv("GOGC", "73")
	p = holdCollector()
	p.analyse()
	if got := percent(); got != 73 {
		t.Errorf("GOGC set: GC percent %d while analysing, want 73", got)
	}
	p.restore()
}

// TestPacerCollectsInTheReads: with the collector held, a load makes
// exactly two collections of its own, when half of the export data is
// read and when all of it is (collect.go), and no other. Not parallel:
// the count is the process's.
func TestPacerCollectsInTheReads(t *testing.T) {
	t.Chdir(repotest.TinyModule(t, map[string]string{"p/p.go": "package p\n\nimport (\n\t\"fmt\"\n\t\"strings\"\n)\n\nvar S = fmt.Sprint(strings.ToUpper(\"x\"))\n"}))
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	forced := func() uint64 {
		s := []metrics.Sample{{Name: "/gc/cycles/forced:gc-cycles"}}
		metrics.Read(s)
		return s[0].Value.Uint64()
	}
	before := forced()
	if _, err := load([]string{"./..."}, false, newRunner(nil, nil), nil); err != nil {
		t.Fatal(err)
	}
	if got := forced() - before; got != 2 {
		t.Errorf("load made %d collections of its own, want 2 (half-way through the reads, and after them)", got)
	}
}

// validateFixes rejects what x/tools' checker rejects, and sorts each
// fix's edits in place as it does (the order -json shows).
func TestValidateFixes(t *testing.T) {
	fset := token.NewFileSet()
	f := fset.AddFile("p.go", -1, 100)
	pos := func(off int) token.Pos { return f.Pos(off) }
	a := &analysis.Analyzer{Name: "x"}
	edit := func(from, to int) analysis.TextEdit { return analysis.TextEdit{Pos: pos(from), End: pos(to)} }
	for _, tc := range []struct {
		name  string
		fixes []analysis.SuggestedFix
		want  string // a part of the error, "" for none
	}{
		{"valid, unsorted", []analysis.SuggestedFix{{Message: "a", TextEdits: []analysis.TextEdit{edit(20, 30), edit(0, 10)}}}, ""},
		{"two fixes, one message", []analysis.SuggestedFix{{Message: "a"}, {Message: "a"}}, "same Message"},
		{"end before start", []analysis.SuggestedFix{{Message: "a", TextEdits: []analysis.TextEdit{edit(30, 20)}}}, "out of bounds"},
		{"past the file", []analysis.SuggestedFix{{Message: "a", TextEdits: []analysis.TextEdit{{Pos: pos(90), End: token.Pos(f.Base() + 200)}}}}, "out of bounds"},
		{"no file", []analysis.SuggestedFix{{Message: "a", TextEdits: []analysis.TextEdit{{Pos: token.Pos(f.Base() + 500)}}}}, "no file"},
		{"overlapping", []analysis.SuggestedFix{{Message: "a", TextEdits: []analysis.TextEdit{edit(0, 10), edit(5, 15)}}}, "overlapping"},
	} {
		err := validateFixes(fset, a, tc.fixes)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: error %v, want one saying %q", tc.name, err, tc.want)
		}
		if tc.want == "" {
			if edits := tc.fixes[0].TextEdits; edits[0].Pos > edits[1].Pos {
				t.Errorf("%s: edits not sorted in place: %v", tc.name, edits)
			}
		}
	}
}

// TestNoExportReadWhileChecking: every package read from export data is
// read before the first check, so no read completes a package's scope
// while another goroutine looks names up in it. Here a's import of
// net/http names net/url, crypto/tls and others before b imports them
// itself: read during the checking, net/url would be completed then.
func TestNoExportReadWhileChecking(t *testing.T) {
	t.Chdir(repotest.TinyModule(t, map[string]string{
		"a/a.go": "package a\n\nimport \"net/http\"\n\nvar C = http.DefaultClient\n",
		"b/b.go": "package b\n\nimport (\n\t\"crypto/tls\"\n\t\"net/url\"\n\n\t\"example.com/tiny/a\"\n)\n\nvar U = url.URL{}\nvar T tls.Config\nvar C = a.C\n",
	}))
	ld, err := load([]string{"./..."}, false, newRunner(nil, nil), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range ld.sources {
		if len(p.Errors) > 0 {
			t.Fatalf("%s: %v", p.ID, p.Errors)
		}
	}
	if ld.lateReads != 0 {
		t.Errorf("%d export-data reads made while packages were checked, want 0", ld.lateReads)
	}
}
