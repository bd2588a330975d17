// Package directive applies what every reconcilelint analyzer does the same
// way in every driver (standalone, go vet -vettool, golangci-lint):
//
//   - `//reconcilelint:ignore <analyzer>[,<analyzer>] <reason>` silences the
//     named analyzers on its own line (a trailing comment), or in the whole
//     statement or declaration that follows it (a comment on its own line).
//     The reason is mandatory; a malformed directive is reported, by the
//     analyzers it names, or by maporder when it names none that exist;
//   - nothing is reported in a generated file (ast.IsGenerated);
//   - a panic in an analyzer becomes an error naming the analyzer, the
//     package and the stack, and the rest of the run goes on.
//
// Wrap does all three by replacing the analyzer's Run and its pass's Report.
package directive

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/token"
	"runtime/debug"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// Known lists the analyzers of the suite (checked against analyzers.All
// in a test).
var Known = []string{"maporder", "stalekey", "presencedrift", "admissionclobber", "restartrevert"}

// reporterOfLast reports directives that name no known analyzer.
const reporterOfLast = "maporder"

const prefix = "//reconcilelint:ignore"

// Wrap makes a's Run honour ignore directives and generated files, and
// turn a panic into an error. It returns a.
func Wrap(a *analysis.Analyzer) *analysis.Analyzer {
	inner := a.Run
	name := a.Name
	a.Run = func(pass *analysis.Pass) (res any, err error) {
		defer func() {
			if r := recover(); r != nil {
				res, err = nil, fmt.Errorf("analyzer %s panicked on package %s: %v\n%s", name, pass.Pkg.Path(), r, debug.Stack())
			}
		}()
		f := newFilter(pass, name)
		report := pass.Report
		pass.Report = func(d analysis.Diagnostic) {
			if !f.drop(d) {
				report(d)
			}
		}
		for _, d := range f.malformed {
			report(d)
		}
		return inner(pass)
	}
	return a
}

type span struct {
	file     *token.File
	from, to int
} // lines, inclusive

type filter struct {
	fset      *token.FileSet
	generated map[*token.File]bool
	ignored   []span
	malformed []analysis.Diagnostic
}

func newFilter(pass *analysis.Pass, name string) *filter {
	f := &filter{fset: pass.Fset, generated: map[*token.File]bool{}}
	for _, file := range pass.Files {
		tf := pass.Fset.File(file.Pos())
		if tf == nil {
			continue
		}
		if ast.IsGenerated(file) {
			f.generated[tf] = true
			continue
		}
		var content []byte
		for _, cg := range file.Comments {
			for _, c := range cg.List {
				if !strings.HasPrefix(c.Text, prefix) {
					continue
				}
				names, problem := parse(c.Text)
				if problem != "" {
					if reportsMalformed(names, name) {
						f.malformed = append(f.malformed, analysis.Diagnostic{Pos: c.Pos(), End: c.End(),
							Message: "malformed //reconcilelint:ignore directive: " + problem})
					}
					continue
				}
				if !slices.Contains(names, name) {
					continue
				}
				if content == nil && pass.ReadFile != nil {
					content, _ = pass.ReadFile(tf.Name())
				}
				f.ignored = append(f.ignored, coverage(file, tf, content, c))
			}
		}
	}
	return f
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

// drop reports whether d is in a generated file or an ignored span.
func (f *filter) drop(d analysis.Diagnostic) bool {
	tf := f.fset.File(d.Pos)
	if tf == nil {
		return false
	}
	if f.generated[tf] {
		return true
	}
	line := tf.Line(d.Pos)
	for _, s := range f.ignored {
		if s.file == tf && s.from <= line && line <= s.to {
			return true
		}
	}
	return false
}
