package flow

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/astutil"
	"github.com/reconcilelint/reconcilelint/internal/astcopy"
)

// build returns the SSA form of pass's package, with debug references
// (each use of a variable is tied to its value) and its functions built.
// As in the buildssa pass, only the direct imports get packages of their
// own (the builder makes the methods it needs of the others); see
// createImport for what they hold.
//
// Built on demand (lazy: a package where nothing is live, asked about
// map order), the functions of generated files are left without a body:
// no analyzer reports there nor asks about them (maporder leaves
// generated code out, see its exposure.go), and in an API package the
// deep copies are a third of the code.
func build(pass *analysis.Pass, lazy bool) *ssa.Package {
	prog := ssa.NewProgram(pass.Fset, ssa.GlobalDebug)
	used := map[*types.Package][]types.Object{}
	for _, obj := range pass.TypesInfo.Uses {
		switch obj.(type) {
		case *types.Func, *types.Var:
			if p := obj.Pkg(); p != nil && p != pass.Pkg && obj.Parent() == p.Scope() {
				used[p] = append(used[p], obj)
			}
		}
	}
	for _, p := range pass.Pkg.Imports() {
		createImport(prog, p, used[p])
	}
	// Test files are left out: the suite reads an operator's code (see
	// astutil.CodeFiles), and the code never refers to a test's names.
	files := astutil.CodeFiles(pass.Fset, pass.Files)
	if lazy {
		files = slices.Clone(files)
		for i, f := range files {
			if ast.IsGenerated(f) {
				files[i] = astcopy.WithoutBodies(f)
			}
		}
	}
	pkg := prog.CreatePackage(pass.Pkg, files, pass.TypesInfo, false)
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

// createImport creates the SSA package of an import holding only the
// package-level functions and variables that the analysed package names:
// the only members of another package that the builder looks up (methods
// are made on demand). The usual CreatePackage(p, nil, nil, true) makes a
// member of every object of p and every method of its types, which for
// the Kubernetes API packages is thousands of functions, made again for
// every package analysed: most of the engine's time and memory. The
// members are declared by stand-in declarations without bodies, so they
// are never built.
func createImport(prog *ssa.Program, p *types.Package, objs []types.Object) {
	info := &types.Info{Defs: map[*ast.Ident]types.Object{}}
	file := &ast.File{Name: ast.NewIdent(p.Name())}
	vars := &ast.GenDecl{Tok: token.VAR}
	seen := map[types.Object]bool{}
	for _, obj := range objs {
		if seen[obj] {
			continue
		}
		seen[obj] = true
		id := ast.NewIdent(obj.Name())
		info.Defs[id] = obj
		switch obj.(type) {
		case *types.Func:
			file.Decls = append(file.Decls, &ast.FuncDecl{Name: id, Type: &ast.FuncType{Params: &ast.FieldList{}}})
		case *types.Var:
			vars.Specs = append(vars.Specs, &ast.ValueSpec{Names: []*ast.Ident{id}})
		}
	}
	if len(vars.Specs) > 0 {
		file.Decls = append(file.Decls, vars)
	}
	prog.CreatePackage(p, []*ast.File{file}, info, true)
}
