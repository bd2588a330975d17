package driver

import (
	"cmp"
	"fmt"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// printText writes the root diagnostics as "file:line:col: message" lines,
// sorted by position, once each (a file in p and in p's test variant is
// analysed twice). Each related location follows its finding, indented,
// so that it reads as part of it and a "file:line:" matcher at the start
// of a line (editors, CI annotations) does not count it as another
// finding. Positions under the working directory are printed relative to
// it, as go vet prints them. Why a package was not analysed is said by
// problems.go, not here.
func printText(w io.Writer, graph *actionGraph, contextLines int) error {
	type entry struct {
		pos  token.Position
		end  token.Position
		diag analysis.Diagnostic
		fset *token.FileSet
		name string
	}
	var all []entry
	for _, f := range findings(graph) {
		fset := f.act.Package.Fset
		all = append(all, entry{pos: fset.Position(f.diag.Pos), end: fset.Position(f.diag.End), diag: f.diag, fset: fset, name: f.act.Analyzer.Name})
	}
	slices.SortFunc(all, func(a, b entry) int {
		return cmp.Or(
			cmp.Compare(a.pos.Filename, b.pos.Filename),
			cmp.Compare(a.pos.Offset, b.pos.Offset),
			cmp.Compare(a.name, b.name),
			cmp.Compare(a.diag.Message, b.diag.Message))
	})
	var b strings.Builder
	cwd, _ := os.Getwd()
	for _, f := range all {
		printPosition(&b, "", cwd, f.pos, f.end, f.diag.Message, contextLines)
		for _, rel := range f.diag.Related {
			printPosition(&b, relatedIndent, cwd, f.fset.Position(rel.Pos), f.fset.Position(rel.End), rel.Message, contextLines)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// relatedIndent starts the line of a related location.
const relatedIndent = "    "

// printPosition writes one line after indent, and with contextLines >= 0
// the source lines around it.
func printPosition(b *strings.Builder, indent, cwd string, pos, end token.Position, message string, contextLines int) {
	shown := pos
	shown.Filename = shortPath(cwd, pos.Filename)
	fmt.Fprintf(b, "%s%s: %s\n", indent, shown, message)
	if contextLines < 0 {
		return
	}
	if !end.IsValid() {
		end = pos
	}
	data, _ := os.ReadFile(pos.Filename)
	lines := strings.Split(string(data), "\n")
	for i := pos.Line - contextLines; i <= end.Line+contextLines; i++ {
		if 1 <= i && i <= len(lines) {
			fmt.Fprintf(b, "%s%d\t%s\n", indent, i, lines[i-1])
		}
	}
}

// shortPath returns file relative to dir when it is under dir, as the go
// command shows it ("./main.go", "controllers/service.go"); otherwise file.
func shortPath(dir, file string) string {
	if dir == "" || !filepath.IsAbs(file) {
		return file
	}
	rel, err := filepath.Rel(dir, file)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return file
	}
	if !strings.ContainsRune(rel, filepath.Separator) {
		return "." + string(filepath.Separator) + rel
	}
	return rel
}
