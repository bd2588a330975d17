package driver

import (
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// A finding is a root diagnostic and the action that reported it.
type finding struct {
	act  *action
	diag analysis.Diagnostic
}

// findings returns the diagnostics of graph's root actions, each once: a
// file of package p is analysed again as part of its test variant
// "p [p.test]", and the same finding there (same analyzer, position and
// message) is left out. Packages without a test variant come first, so a
// finding is attributed to the plain package.
func findings(graph *actionGraph) []finding {
	roots := slices.Clone(graph.Roots)
	slices.SortStableFunc(roots, func(a, b *action) int {
		return cmp.Compare(isTestVariant(a), isTestVariant(b))
	})
	type key struct {
		analyzer, file string
		offset         int
		message        string
	}
	seen := map[key]bool{}
	var out []finding
	for _, act := range roots {
		if act.Err != nil {
			continue
		}
		for _, d := range act.Diagnostics {
			p := act.Package.Fset.Position(d.Pos)
			k := key{act.Analyzer.Name, p.Filename, p.Offset, d.Message}
			if seen[k] {
				continue
			}
			seen[k] = true
			out = append(out, finding{act, d})
		}
	}
	return out
}

func isTestVariant(act *action) int {
	if strings.Contains(act.Package.ID, " [") {
		return 1
	}
	return 0
}

// JSON output in go vet -json's schema: package ID -> analyzer -> a list
// of diagnostics or {"error": ...}.
type (
	jsonDiagnostic struct {
		Category       string            `json:"category,omitempty"`
		Posn           string            `json:"posn"`
		End            string            `json:"end"`
		Message        string            `json:"message"`
		SuggestedFixes []jsonSuggestedFx `json:"suggested_fixes,omitempty"`
		Related        []jsonRelated     `json:"related,omitempty"`
	}
	jsonSuggestedFx struct {
		Message string         `json:"message"`
		Edits   []jsonTextEdit `json:"edits"`
	}
	jsonTextEdit struct {
		Filename string `json:"filename"`
		Start    int    `json:"start"`
		End      int    `json:"end"`
		New      string `json:"new"`
	}
	jsonRelated struct {
		Posn    string `json:"posn"`
		End     string `json:"end"`
		Message string `json:"message"`
	}
	jsonError struct {
		Err string `json:"error"`
	}
)

// jsonProblemKey is the key, in a package's object of -json output, of
// why the package was not analysed ({"error": "..."}: go vet -json's form
// of an error, under the tool's name instead of an analyzer's). README
// documents it.
const jsonProblemKey = "reconcilelint"

// printJSON writes the findings (each once, see findings) as go vet -json
// does, and for each package that was not analysed one error under
// jsonProblemKey; an analyzer's own failure is filed under its name.
func printJSON(w io.Writer, graph *actionGraph, probs *problems) error {
	tree := map[string]map[string]any{}
	put := func(id, name string, v any) {
		if tree[id] == nil {
			tree[id] = map[string]any{}
		}
		tree[id][name] = v
	}
	for id, text := range probs.perPackage() {
		put(id, jsonProblemKey, jsonError{text})
	}
	for _, ie := range probs.internal {
		for _, name := range ie.notRun {
			put(ie.pkg.ID, name, jsonError{fmt.Sprintf("internal error: %v", ie.err)})
		}
	}
	for _, f := range findings(graph) {
		fset := f.act.Package.Fset
		d := f.diag
		jd := jsonDiagnostic{
			Category: d.Category,
			Posn:     fset.Position(d.Pos).String(),
			End:      fset.Position(cmp.Or(d.End, d.Pos)).String(),
			Message:  d.Message,
		}
		for _, fix := range d.SuggestedFixes {
			jf := jsonSuggestedFx{Message: fix.Message}
			for _, e := range fix.TextEdits {
				jf.Edits = append(jf.Edits, jsonTextEdit{
					Filename: fset.Position(e.Pos).Filename,
					Start:    fset.Position(e.Pos).Offset,
					End:      fset.Position(e.End).Offset,
					New:      string(e.NewText),
				})
			}
			jd.SuggestedFixes = append(jd.SuggestedFixes, jf)
		}
		for _, r := range d.Related {
			jd.Related = append(jd.Related, jsonRelated{
				Posn:    fset.Position(r.Pos).String(),
				End:     fset.Position(cmp.Or(r.End, r.Pos)).String(),
				Message: r.Message,
			})
		}
		id, name := f.act.Package.ID, f.act.Analyzer.Name
		list, _ := tree[id][name].([]jsonDiagnostic)
		put(id, name, append(list, jd))
	}
	data, err := json.MarshalIndent(tree, "", "\t")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", data)
	return err
}
