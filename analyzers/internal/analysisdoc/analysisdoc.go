// Package analysisdoc extracts an analyzer's documentation from its doc.go,
// so the package comment is the single source of Analyzer.Doc.
package analysisdoc

import (
	"fmt"
	"go/parser"
	"go/token"
	"strings"
)

// MustExtract returns the "# Analyzer name" section of the package comment in
// the Go source content: the title line, a blank line, then the body. It
// panics if the section is missing, which a test catches at once.
func MustExtract(content, name string) string {
	doc, err := Extract(content, name)
	if err != nil {
		panic(err)
	}
	return doc
}

// Extract is MustExtract returning an error.
func Extract(content, name string) (string, error) {
	f, err := parser.ParseFile(token.NewFileSet(), "doc.go", content, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil {
		return "", err
	}
	if f.Doc == nil {
		return "", fmt.Errorf("doc.go has no package comment")
	}
	text := f.Doc.Text()
	heading := "# Analyzer " + name
	_, after, ok := strings.Cut(text, heading+"\n")
	if !ok {
		return "", fmt.Errorf("doc.go has no %q section", heading)
	}
	if i := strings.Index(after, "\n# "); i >= 0 {
		after = after[:i]
	}
	after = strings.TrimSpace(after)
	title, body, _ := strings.Cut(after, "\n")
	title = strings.TrimSuffix(strings.TrimPrefix(title, name+": "), ".")
	return strings.TrimSpace(title + "\n\n" + strings.TrimSpace(body)), nil
}
