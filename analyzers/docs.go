package analyzers

import (
	"flag"
	"fmt"
	"strings"
)

// Markdown renders the documentation of every analyzer from its doc.go
// (Analyzer.Doc) and its settings (Analyzer.Flags): the content of
// docs/analyzers.md, which a test keeps in step.
func Markdown() string {
	var b strings.Builder
	b.WriteString("# reconcilelint analyzers\n\n")
	b.WriteString("<!-- Generated from each analyzer's doc.go by `go test ./analyzers -run TestDocs -update`. DO NOT EDIT. -->\n\n")
	b.WriteString("| analyzer | reports | default |\n|---|---|---|\n")
	for _, a := range All() {
		title, _, _ := strings.Cut(a.Doc, "\n")
		fmt.Fprintf(&b, "| [`%s`](#%s) | %s | enabled |\n", a.Name, a.Name, title)
	}
	b.WriteString("\nEvery analyzer honours `//reconcilelint:ignore <analyzer>[,<analyzer>] <reason>` and never reports generated files; a directive that silences none of a named analyzer's findings is reported by that analyzer.\n")
	for _, a := range All() {
		title, body, _ := strings.Cut(a.Doc, "\n")
		fmt.Fprintf(&b, "\n## %s\n\n%s.\n\n", a.Name, strings.ToUpper(title[:1])+title[1:])
		b.WriteString("Default: enabled. Disable with `-" + a.Name + "=false` (standalone, `go vet -vettool`) or leave it out of golangci-lint's `enable` list.\n\n")
		var settings []string
		a.Flags.VisitAll(func(f *flag.Flag) {
			settings = append(settings, fmt.Sprintf("| `%s` | `-%s.%s` | %s |", f.Name, a.Name, f.Name, f.Usage))
		})
		if len(settings) > 0 {
			b.WriteString("| setting | flag | meaning |\n|---|---|---|\n" + strings.Join(settings, "\n") + "\n\n")
		} else {
			b.WriteString("Settings: none.\n\n")
		}
		b.WriteString(toMarkdown(strings.TrimSpace(body)))
		b.WriteString("\n")
	}
	return b.String()
}

// toMarkdown turns Go doc text into Markdown: tab-indented blocks become
// fenced Go code.
func toMarkdown(text string) string {
	var b strings.Builder
	inCode := false
	lines := strings.Split(text, "\n")
	for i, line := range lines {
		code := strings.HasPrefix(line, "\t")
		blankInCode := inCode && line == "" && i+1 < len(lines) && strings.HasPrefix(lines[i+1], "\t")
		switch {
		case code && !inCode:
			b.WriteString("```go\n")
			inCode = true
		case !code && inCode && !blankInCode:
			b.WriteString("```\n")
			inCode = false
		}
		if inCode {
			line = strings.TrimPrefix(line, "\t")
		}
		b.WriteString(line + "\n")
	}
	if inCode {
		b.WriteString("```\n")
	}
	return b.String()
}
