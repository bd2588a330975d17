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
// each related location on a line of its own starting with a tab, sorted
// by position, once each (a file in p and in p's test variant is analysed
// twice). Positions under the working directory are printed relative to
// it, as go vet prints them; analyzer errors come first.
func printText(w io.Writer, graph *actionGraph, contextLines int) error {
	type entry struct {
		pos  token.Position
		end  token.Position
		diag analysis.Diagnostic
		fset *token.FileSet
		name string
	}
	var errs []string
	for act := range graph.All() {
		if act.Err != nil {
			errs = append(errs, fmt.Sprintf("%s: %v", act.Analyzer.Name, act.Err))
		}
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
	slices.Sort(errs)
	errs = slices.Compact(errs)

	var b strings.Builder
	for _, e := range errs {
		fmt.Fprintln(&b, e)
	}
	cwd, _ := os.Getwd()
	for _, f := range all {
		printPosition(&b, cwd, f.pos, f.end, f.diag.Message, contextLines)
		for _, rel := range f.diag.Related {
			printPosition(&b, cwd, f.fset.Position(rel.Pos), f.fset.Position(rel.End), "\t"+rel.Message, contextLines)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// printPosition writes one line, and with contextLines >= 0 the source
// lines around it.
func printPosition(b *strings.Builder, cwd string, pos, end token.Position, message string, contextLines int) {
	shown := pos
	shown.Filename = shortPath(cwd, pos.Filename)
	fmt.Fprintf(b, "%s: %s\n", shown, message)
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
			fmt.Fprintf(b, "%d\t%s\n", i, lines[i-1])
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
