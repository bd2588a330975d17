package roundtripdrift

// The suggested fix: reflect.DeepEqual becomes equality.Semantic.DeepEqual,
// which compares quantities by value and a nil list or map as equal to an
// empty one. The equality package is imported when missing; reflect is
// dropped when the fixed calls were its only uses.

import (
	"go/ast"
	"go/types"
	"strconv"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/astutil"
)

const equalityPath = "k8s.io/apimachinery/pkg/api/equality"

// A fixer offers the fix in one file, where it keeps the file compiling.
type fixer struct {
	pass    *analysis.Pass
	file    *ast.File
	reflect *ast.ImportSpec
	// reflectUses counts the file's uses of the reflect package.
	reflectUses int
	add         bool // the equality import is to be added
}

func newFixer(pass *analysis.Pass, f *ast.File) *fixer {
	fx := &fixer{pass: pass, file: f}
	for _, imp := range f.Imports {
		if path, _ := strconv.Unquote(imp.Path.Value); path == "reflect" && imp.Name == nil {
			fx.reflect = imp
		}
	}
	if fx.reflect != nil {
		ast.Inspect(f, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				if pn, ok := pass.TypesInfo.Uses[id].(*types.PkgName); ok && pn.Imported().Path() == "reflect" {
					fx.reflectUses++
				}
			}
			return true
		})
	}
	return fx
}

// offer gives d, whose comparison is the reflect.DeepEqual call, the
// fix's call edit; finish adds the import edits or takes it back.
//
// The module can import the equality package: the builders engine answers
// only for packages that depend on k8s.io/api/core/v1, which imports
// apimachinery.
func (fx *fixer) offer(d *analysis.Diagnostic, call *ast.CallExpr) {
	name, add, ok := astutil.ImportName(fx.file, fx.pass.Pkg.Scope().Innermost(call.Pos()), call.Pos(), equalityPath)
	if !ok {
		return
	}
	fx.add = fx.add || add
	d.SuggestedFixes = []analysis.SuggestedFix{{
		Message:   "compare with equality.Semantic.DeepEqual",
		TextEdits: []analysis.TextEdit{{Pos: call.Fun.Pos(), End: call.Fun.End(), NewText: []byte(name + ".Semantic.DeepEqual")}},
	}}
}

// finish adds the import edits to the fixes offered in the file's
// findings, list: the equality import when missing, and the removal of
// reflect when the fixed call is its only use. When a file's only uses of
// reflect are several fixed calls, each fix alone must keep reflect and
// all of them together leave it unused: then none is offered.
func (fx *fixer) finish(list []analysis.Diagnostic) {
	var offered []*analysis.Diagnostic
	for i := range list {
		if len(list[i].SuggestedFixes) > 0 {
			offered = append(offered, &list[i])
		}
	}
	if len(offered) == 0 {
		return
	}
	dropReflect := fx.reflect != nil && fx.reflectUses == len(offered)
	if dropReflect && len(offered) > 1 {
		for _, d := range offered {
			d.SuggestedFixes = nil
		}
		return
	}
	for _, d := range offered {
		edits := &d.SuggestedFixes[0].TextEdits
		switch {
		case fx.add && dropReflect:
			*edits = append(*edits, analysis.TextEdit{Pos: fx.reflect.Path.Pos(), End: fx.reflect.Path.End(), NewText: []byte(strconv.Quote(equalityPath))})
		case fx.add:
			*edits = append(*edits, astutil.AddImports(fx.file, []string{equalityPath}))
		case dropReflect:
			*edits = append(*edits, analysis.TextEdit{Pos: fx.reflect.Pos(), End: fx.reflect.End(), NewText: nil})
		}
	}
}
