package flow

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/astutil"
)

// build returns the SSA form of pass's package, with debug references
// (each use of a variable is tied to its value) and its functions built.
// As in the buildssa pass, only the direct imports get packages of their
// own; the builder makes what it needs of the others.
func build(pass *analysis.Pass) *ssa.Package {
	prog := ssa.NewProgram(pass.Fset, ssa.GlobalDebug)
	for _, p := range pass.Pkg.Imports() {
		prog.CreatePackage(p, nil, nil, true)
	}
	// Test files are left out: the suite reads an operator's code (see
	// astutil.CodeFiles), and the code never refers to a test's names.
	pkg := prog.CreatePackage(pass.Pkg, astutil.CodeFiles(pass.Fset, pass.Files), pass.TypesInfo, false)
	pkg.Build()
	return pkg
}

// sourceFuncs returns the functions of pkg declared in its code files,
// with their closures, in source order: every function the engine reads.
func sourceFuncs(pass *analysis.Pass, pkg *ssa.Package) []*ssa.Function {
	var out []*ssa.Function
	var add func(fn *ssa.Function)
	add = func(fn *ssa.Function) {
		if fn == nil || fn.Blocks == nil {
			return
		}
		out = append(out, fn)
		for _, anon := range fn.AnonFuncs {
			add(anon)
		}
	}
	for _, f := range astutil.CodeFiles(pass.Fset, pass.Files) {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			obj, _ := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if obj == nil {
				continue
			}
			add(pkg.Prog.FuncValue(obj))
		}
	}
	return out
}
