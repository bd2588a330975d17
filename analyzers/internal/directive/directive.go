// Package directive applies what every reconcilelint analyzer does the same
// way in every driver (standalone, go vet -vettool, golangci-lint):
//
//   - `//reconcilelint:ignore <analyzer>[,<analyzer>] <reason>` silences the
//     named analyzers on its own line (a trailing comment), or in the whole
//     statement or declaration that follows it (a comment on its own line).
//     The reason is mandatory; a malformed directive is reported, by the
//     analyzers it names, or by maporder when it names none that exist;
//   - nothing is reported in a generated file (ast.IsGenerated);
//   - a directive naming an analyzer that silenced none of its findings is
//     reported by that analyzer, so stale directives do not pile up;
//   - a panic in an analyzer becomes an error naming the analyzer, the
//     package and the stack, and the rest of the run goes on.
//
// The directives and generated files are found once per package by the
// Analyzer engine. Wrap does the rest by replacing the analyzer's Run and
// its pass's Report; Guard gives an engine the panic guard alone.
package directive

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/token"
	"reflect"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analysisdoc"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/astutil"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/k8s"
	"golang.org/x/tools/go/analysis"
)

// Known lists the analyzers of the suite (checked against analyzers.All
// in a test).
var Known = []string{"maporder", "stalekey", "presencedrift", "admissionclobber", "restartrevert", "defaultdrift", "timechurn", "fieldfight", "roundtripdrift"}

// reporterOfLast reports directives that name no known analyzer.
const reporterOfLast = "maporder"

const prefix = "//reconcilelint:ignore"

// Analyzer finds, once per package, the generated files and the ignore
// directives; every wrapped analyzer requires it.
var Analyzer = Guard(&analysis.Analyzer{
	Name:       "directives",
	Doc:        "find reconcilelint's ignore directives and the generated files of a package (engine of every analyzer)",
	ResultType: reflect.TypeFor[*Result](),
	Run:        func(pass *analysis.Pass) (any, error) { return parseAll(pass), nil },
})

// Result holds a package's generated files and directives.
type Result struct {
	generated map[*token.File]bool
	list      []*Directive
}

// A Directive is one //reconcilelint:ignore comment outside generated files.
type Directive struct {
	Pos, End token.Pos
	Names    []string // the analyzers it names
	Problem  string   // what is wrong with it, or ""
	covers   span
}

// IsGenerated reports whether f is a generated file, as the directives
// engine found it; pass's analyzer must require Analyzer (Wrap adds it).
func IsGenerated(pass *analysis.Pass, f *ast.File) bool {
	return pass.ResultOf[Analyzer].(*Result).generated[pass.Fset.File(f.Pos())]
}

func parseAll(pass *analysis.Pass) *Result {
	r := &Result{generated: map[*token.File]bool{}}
	if k8s.IsStdlib(pass.Pkg) || k8s.IsKubernetesLibrary(pass) {
		// Analyzers with facts run on every dependency; these hold no
		// directive of ours and are never reported on.
		return r
	}
	for _, file := range astutil.CodeFiles(pass.Fset, pass.Files) {
		tf := pass.Fset.File(file.Pos())
		if tf == nil {
			continue
		}
		if ast.IsGenerated(file) {
			r.generated[tf] = true
			continue
		}
		var content []byte
		for _, cg := range file.Comments {
			for _, c := range cg.List {
				if !strings.HasPrefix(c.Text, prefix) {
					continue
				}
				d := &Directive{Pos: c.Pos(), End: c.End()}
				d.Names, d.Problem = parse(c.Text)
				if d.Problem == "" {
					if content == nil && pass.ReadFile != nil {
						content, _ = pass.ReadFile(tf.Name())
					}
					d.covers = coverage(file, tf, content, c)
				}
				r.list = append(r.list, d)
			}
		}
	}
	return r
}

// Guard makes a panic in a's Run an error naming the analyzer, the package
// and the stack, so the rest of the run goes on (the x/tools checker does
// not recover). Engines use it; Wrap includes it. It returns a.
func Guard(a *analysis.Analyzer) *analysis.Analyzer {
	inner := a.Run
	name := a.Name
	a.Run = func(pass *analysis.Pass) (res any, err error) {
		defer func() {
			if r := recover(); r != nil {
				res, err = nil, fmt.Errorf("analyzer %s panicked on package %s: %v\n%s", name, pass.Pkg.Path(), r, debug.Stack())
			}
		}()
		return inner(pass)
	}
	return a
}

// docsURL is where docs/analyzers.md gives each analyzer a section.
const docsURL = "https://github.com/reconcilelint/reconcilelint/blob/main/docs/analyzers.md#"

// New returns the suite's analyzer name, wrapped (Wrap): its Doc is the
// "# Analyzer name" section of doc, the content of its doc.go, and its URL
// the analyzer's section of docs/analyzers.md. Flags may be added to the
// result; run must read settings through a pointer the flags set.
func New(name, doc string, run func(*analysis.Pass) (any, error), requires []*analysis.Analyzer, facts ...analysis.Fact) *analysis.Analyzer {
	return Wrap(&analysis.Analyzer{
		Name:      name,
		Doc:       analysisdoc.MustExtract(doc, name),
		URL:       docsURL + name,
		Requires:  requires,
		FactTypes: facts,
		Run:       run,
	})
}

// Wrap makes a's Run honour ignore directives and generated files, report
// malformed directives and directives naming it that silenced nothing, and
// turn a panic into an error. It returns a.
func Wrap(a *analysis.Analyzer) *analysis.Analyzer {
	inner := a.Run
	name := a.Name
	a.Requires = append(a.Requires, Analyzer)
	a.Run = func(pass *analysis.Pass) (any, error) {
		dirs := pass.ResultOf[Analyzer].(*Result)
		f := &filter{fset: pass.Fset, result: dirs, used: map[*Directive]bool{}}
		report := pass.Report
		pass.Report = func(d analysis.Diagnostic) {
			if !f.drop(d, name) {
				report(d)
			}
		}
		res, err := inner(pass)
		for _, d := range dirs.list {
			switch {
			case d.Problem != "":
				if reportsMalformed(d.Names, name) {
					report(analysis.Diagnostic{Pos: d.Pos, End: d.End, Message: "malformed //reconcilelint:ignore directive: " + d.Problem})
				}
			case err == nil && slices.Contains(d.Names, name) && !f.used[d]:
				report(analysis.Diagnostic{Pos: d.Pos, End: d.End,
					Message: "//reconcilelint:ignore directive silences no " + name + " finding; remove " + name + " from it"})
			}
		}
		return res, err
	}
	return Guard(a)
}

type span struct {
	file     *token.File
	from, to int
} // lines, inclusive

type filter struct {
	fset   *token.FileSet
	result *Result
	used   map[*Directive]bool
}

// reportsMalformed says whether the analyzer me reports a malformed
// directive naming names: each named known analyzer does, and maporder
// does when none is known.
func reportsMalformed(names []string, me string) bool {
	known := false
	for _, n := range names {
		if slices.Contains(Known, n) {
			known = true
			if n == me {
				return true
			}
		}
	}
	return !known && me == reporterOfLast
}

// parse splits a directive into analyzer names and reports what is wrong
// with it, if anything.
func parse(text string) (names []string, problem string) {
	rest := strings.TrimPrefix(text, prefix)
	if rest != "" && rest[0] != ' ' && rest[0] != '\t' {
		return nil, fmt.Sprintf("%q is not %s", strings.Fields(text)[0], prefix)
	}
	fields := strings.Fields(rest)
	if len(fields) == 0 {
		return nil, "name the analyzers to ignore and give a reason: //reconcilelint:ignore <analyzer>[,<analyzer>] <reason>"
	}
	for n := range strings.SplitSeq(fields[0], ",") {
		names = append(names, n)
	}
	for _, n := range names {
		if !slices.Contains(Known, n) {
			return names, fmt.Sprintf("unknown analyzer %q (known: %s)", n, strings.Join(Known, ", "))
		}
	}
	if len(fields) < 2 {
		return names, "a reason is required after the analyzer names"
	}
	return names, ""
}

// coverage returns the lines a directive comment covers: its own line when
// code precedes it there, else the statement or declaration that follows.
func coverage(file *ast.File, tf *token.File, content []byte, c *ast.Comment) span {
	line := tf.Line(c.Pos())
	if content != nil {
		start := tf.Offset(tf.LineStart(line))
		if before := content[start:tf.Offset(c.Pos())]; len(bytes.TrimSpace(before)) > 0 {
			return span{tf, line, line}
		}
	}
	next := line + 1
	to := next
	ast.Inspect(file, func(n ast.Node) bool {
		switch n.(type) {
		case ast.Stmt, ast.Decl, ast.Spec, *ast.Field, *ast.KeyValueExpr:
			if tf.Line(n.Pos()) == next {
				to = max(to, tf.Line(n.End()))
			}
		}
		return true
	})
	return span{tf, next, to}
}

// drop reports whether d is in a generated file or in a span ignored for
// the analyzer name, and remembers which directive silenced it.
func (f *filter) drop(d analysis.Diagnostic, name string) bool {
	tf := f.fset.File(d.Pos)
	if tf == nil {
		return false
	}
	if f.result.generated[tf] {
		return true
	}
	line := tf.Line(d.Pos)
	for _, dir := range f.result.list {
		s := dir.covers
		if dir.Problem == "" && s.file == tf && s.from <= line && line <= s.to && slices.Contains(dir.Names, name) {
			f.used[dir] = true
			return true
		}
	}
	return false
}
