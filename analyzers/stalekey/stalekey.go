package stalekey

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/astutil"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/strand"
)

//go:embed doc.go
var doc string

// Config holds the settings of stalekey: those of the strand engine it
// shares with presencedrift.
type Config = strand.Config

// Analyzer reports preserving merges into live objects that strand keys.
// It shares its engine, and so its owned prefixes, with
// presencedrift.Analyzer.
var Analyzer = NewOn(strand.Default, strand.DefaultConfig)

// New returns a stalekey analyzer with the given settings and an engine
// of its own.
func New(cfg Config) *analysis.Analyzer { return NewOn(strand.Own(cfg)) }

// NewOn returns a stalekey analyzer reporting what engine finds; engine
// must have been built from cfg, which the owned-prefixes flag sets.
func NewOn(engine *analysis.Analyzer, cfg *strand.Config) *analysis.Analyzer {
	return strand.Attach("stalekey", doc, nil, engine, cfg, "presencedrift", func(pass *analysis.Pass, res *strand.Result) (any, error) {
		for _, f := range res.Findings {
			if !f.Generated {
				report(pass, f)
			}
		}
		return nil, nil
	})
}

// report reports one merge that strands keys.
func report(pass *analysis.Pass, f strand.Finding) {
	if len(f.From) > 0 {
		reportFromCR(pass, f)
		return
	}
	quoted := make([]string, len(f.Keys))
	for i, k := range f.Keys {
		quoted[i] = strconv.Quote(k)
	}
	what := "key " + strings.Join(quoted, ", ")
	if len(f.Keys) > 1 {
		what = "keys " + strings.Join(quoted, ", ")
	}
	d := analysis.Diagnostic{
		Pos: f.At.Pos(),
		End: endOfHeader(f.At),
		Message: fmt.Sprintf("merge into the live %s %s never deletes operator-owned %s; it strands once not desired",
			f.Object, f.Kind, what),
	}
	for i, k := range f.Keys {
		for _, w := range f.Writes[i] {
			d.Related = append(d.Related, analysis.RelatedInformation{
				Pos: w.Pos, Message: strconv.Quote(k) + " is written only on some paths here",
			})
		}
	}
	if fix, ok := pruneFix(pass, f); ok {
		d.SuggestedFixes = []analysis.SuggestedFix{fix}
	}
	pass.Report(d)
}

func endOfHeader(n ast.Node) token.Pos {
	if rs, ok := n.(*ast.RangeStmt); ok {
		return rs.X.End()
	}
	return n.End()
}

// reportFromCR reports a merge that keeps the keys a user put in a custom
// resource's map after the user removes them.
func reportFromCR(pass *analysis.Pass, f strand.Finding) {
	d := analysis.Diagnostic{
		Pos: f.At.Pos(),
		End: endOfHeader(f.At),
		Message: fmt.Sprintf("merge into the live %s %s keeps keys copied from the %s after they are removed there",
			f.Object, f.Kind, strings.Join(f.Owners, " and ")),
	}
	for i, from := range f.From {
		if !f.FromPos[i].IsValid() {
			// In another package's builder: named, at the merge.
			d.Related = append(d.Related, analysis.RelatedInformation{Pos: f.At.Pos(), End: endOfHeader(f.At),
				Message: from + " flows into the desired map at " + f.FromAt[i]})
			continue
		}
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: f.FromPos[i], Message: from + " flows into the desired map here"})
	}
	d.Related = append(d.Related, analysis.RelatedInformation{Pos: f.At.Pos(), End: endOfHeader(f.At),
		Message: "only a merge that remembers the keys it applied before (three-way) or server-side apply can delete them"})
	pass.Report(d)
}

// pruneFix offers, for `merged := Merge(desired, ...)` with plain
// identifiers, the deletes after the merge.
func pruneFix(pass *analysis.Pass, f strand.Finding) (analysis.SuggestedFix, bool) {
	desired, ok := ast.Unparen(f.Desired).(*ast.Ident)
	if !ok || f.Merged == nil || f.Stmt == nil {
		return analysis.SuggestedFix{}, false
	}
	indent := indentOf(pass, f.Stmt)
	var b strings.Builder
	for i, k := range f.Keys {
		keyText := keyText(pass, k, f.Writes[i])
		fmt.Fprintf(&b, "%sif _, want := %s[%s]; !want {\n%s\tdelete(%s, %s)\n%s}\n",
			indent, desired.Name, keyText, indent, f.Merged.Name, keyText, indent)
	}
	// On the line after the merge, so a comment ending that line stays.
	tf := pass.Fset.File(f.Stmt.End())
	line := tf.Line(f.Stmt.End())
	if line >= tf.LineCount() {
		return analysis.SuggestedFix{}, false
	}
	at := tf.LineStart(line + 1)
	return analysis.SuggestedFix{
		Message:   "Delete operator-owned keys the desired state no longer holds",
		TextEdits: []analysis.TextEdit{{Pos: at, End: at, NewText: []byte(b.String())}},
	}, true
}

// keyText returns how to write key at pos: the package-level constant it
// was written with, when visible there, or a string literal.
func keyText(pass *analysis.Pass, key string, ws []strand.Write) string {
	for _, w := range ws {
		if id, ok := ast.Unparen(w.KeyExpr).(*ast.Ident); ok {
			if c, ok := pass.TypesInfo.Uses[id].(*types.Const); ok && c.Pkg() == pass.Pkg && c.Parent() == pass.Pkg.Scope() {
				return id.Name
			}
		}
	}
	return strconv.Quote(key)
}

func indentOf(pass *analysis.Pass, st ast.Stmt) string {
	tf := pass.Fset.File(st.Pos())
	content, err := pass.ReadFile(tf.Name())
	if err != nil {
		return "\t"
	}
	return astutil.LineIndent(tf, content, st.Pos())
}
