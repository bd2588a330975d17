package maporder

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"go/version"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/astutil"
)

// sortedKeysFix rewrites
//
//	for k, v := range m {
//
// into
//
//	for _, k := range slices.Sorted(maps.Keys(m)) {
//		v := m[k]
//
// It is offered only where the meaning is kept: the key type is ordered,
// the file's Go version has slices.Sorted (go1.23), m is a variable or a
// field path (evaluated once per use without side effects), the body does
// not change m, and the names slices and maps are free or already these
// packages.
func (p *pkgState) sortedKeysFix(rs *ast.RangeStmt) (analysis.SuggestedFix, bool) {
	var none analysis.SuggestedFix
	info := p.pass.TypesInfo
	if rs.Tok != token.DEFINE || rs.Key == nil {
		return none, false
	}
	m, ok := info.TypeOf(rs.X).Underlying().(*types.Map)
	if !ok {
		return none, false
	}
	if b, ok := m.Key().Underlying().(*types.Basic); !ok || b.Info()&types.IsOrdered == 0 {
		return none, false // slices.Sorted needs cmp.Ordered keys
	}
	file := p.fileOf(rs.Pos())
	if file == nil {
		return none, false
	}
	if v := p.goVersion(file); v != "" && version.Compare(v, "go1.23") < 0 {
		return none, false
	}
	if !isPurePath(rs.X) {
		return none, false // m would be evaluated once per iteration
	}
	mapPath, ok := astutil.PathOf(p.pass.TypesInfo, rs.X)
	if !ok || mutatesMap(p.pass.TypesInfo, rs.Body, mapPath) {
		return none, false // sorted keys are a snapshot; range sees changes
	}
	mapText := types.ExprString(rs.X) // for the edit only

	key := rs.Key.(*ast.Ident).Name
	if key == "_" {
		key = freshName(rs, "k", "key", "mapKey")
		if key == "" {
			return none, false
		}
	}
	scope := p.pass.Pkg.Scope().Innermost(rs.Pos())
	slicesName, addSlices, ok := astutil.ImportName(file, scope, rs.Pos(), "slices")
	if !ok {
		return none, false
	}
	mapsName, addMaps, ok := astutil.ImportName(file, scope, rs.Pos(), "maps")
	if !ok {
		return none, false
	}

	header := fmt.Sprintf("_, %s := range %s.Sorted(%s.Keys(%s))", key, slicesName, mapsName, mapText)
	edits := []analysis.TextEdit{{Pos: rs.Key.Pos(), End: rs.X.End(), NewText: []byte(header)}}
	if v, ok := rs.Value.(*ast.Ident); ok && v.Name != "_" {
		edits = append(edits, p.insertFirstInBody(rs, fmt.Sprintf("%s := %s[%s]", v.Name, mapText, key)))
	}
	var imports []string
	if addMaps {
		imports = append(imports, "maps")
	}
	if addSlices {
		imports = append(imports, "slices")
	}
	if len(imports) > 0 {
		edits = append(edits, astutil.AddImports(file, imports))
	}
	return analysis.SuggestedFix{
		Message:   "Range over the sorted keys of " + mapText,
		TextEdits: edits,
	}, true
}

func (p *pkgState) fileOf(pos token.Pos) *ast.File {
	for _, f := range p.pass.Files {
		if f.FileStart <= pos && pos <= f.FileEnd {
			return f
		}
	}
	return nil
}

func (p *pkgState) goVersion(f *ast.File) string {
	if v := p.pass.TypesInfo.FileVersions[f]; v != "" {
		return v
	}
	return p.pass.Pkg.GoVersion()
}

// isPurePath reports whether e is x or x.f.g with no calls or indexing.
func isPurePath(e ast.Expr) bool {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		return true
	case *ast.SelectorExpr:
		return isPurePath(x.X)
	}
	return false
}

// mutatesMap reports whether body may change the map at m: delete(m, k),
// m[k] = v, m[k]++, &m, or m passed to a call. Locations are compared as
// access paths.
func mutatesMap(info *types.Info, body *ast.BlockStmt, m astutil.Path) bool {
	is := func(e ast.Expr) bool {
		p, ok := astutil.PathOf(info, e)
		return ok && p.Equal(m)
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			for _, a := range n.Args {
				found = found || is(a)
			}
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if ix, ok := ast.Unparen(l).(*ast.IndexExpr); ok && is(ix.X) {
					found = true
				}
				found = found || is(l)
			}
		case *ast.IncDecStmt:
			if ix, ok := ast.Unparen(n.X).(*ast.IndexExpr); ok && is(ix.X) {
				found = true
			}
		case *ast.UnaryExpr:
			found = found || (n.Op == token.AND && is(n.X))
		}
		return !found
	})
	return found
}

// freshName returns the first candidate that no identifier in the loop uses.
func freshName(rs *ast.RangeStmt, candidates ...string) string {
	used := map[string]bool{}
	ast.Inspect(rs, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			used[id.Name] = true
		}
		return true
	})
	for _, c := range candidates {
		if !used[c] {
			return c
		}
	}
	return ""
}

// insertFirstInBody returns an edit that puts stmt on its own line before
// the loop body's first statement, indented like it, so that a comment on
// the line of the opening brace stays there.
func (p *pkgState) insertFirstInBody(rs *ast.RangeStmt, stmt string) analysis.TextEdit {
	tf := p.pass.Fset.File(rs.Pos())
	content, err := p.pass.ReadFile(tf.Name())
	if err != nil || len(rs.Body.List) == 0 || tf.Line(rs.Body.List[0].Pos()) == tf.Line(rs.Body.Lbrace) {
		at := rs.Body.Lbrace + 1
		return analysis.TextEdit{Pos: at, End: at, NewText: []byte(" " + stmt + ";")}
	}
	first := rs.Body.List[0].Pos()
	lineStart := tf.LineStart(tf.Line(first))
	indent := astutil.LineIndent(tf, content, first)
	return analysis.TextEdit{Pos: lineStart, End: lineStart, NewText: []byte(indent + stmt + "\n")}
}
