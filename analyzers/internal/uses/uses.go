// Package uses indexes, once per package, which packages' objects the
// code touches: every type, field, method, function, variable or constant
// it names, directly or through a selector (pod.Spec.ImagePullSecrets uses
// two fields of k8s.io/api/core/v1, whether or not the file imports it).
// Fast paths ask it "does this package touch anything of core/v1?" rather
// than "does it import core/v1?": a package that gets its Pod from a
// helper imports nothing of core/v1, yet touches pod.Spec.
package uses

import (
	"go/ast"
	"go/types"
	"sync"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/astutil"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/engine"
	"golang.org/x/tools/go/analysis"
)

// Analyzer gives the index of a package, built on first use.
var Analyzer = engine.Lazy("uses",
	"index the packages whose objects a package uses (engine of the analyzers' fast paths)",
	func(pass *analysis.Pass) *Index {
		return Build(astutil.CodeFiles(pass.Fset, pass.Files), pass.TypesInfo)
	})

// Index is the set of packages whose objects a package uses, and, built
// on first demand, the same for each function declaration.
type Index struct {
	paths map[string]*types.Package

	files []*ast.File
	info  *types.Info
	once  sync.Once
	funcs map[*ast.FuncDecl]map[*types.Package]bool
}

// Build indexes info's uses: the package-wide set over all of them (test
// files included, which can only make a fast path skip less), the
// per-function sets over the functions of files.
func Build(files []*ast.File, info *types.Info) *Index {
	x := &Index{paths: map[string]*types.Package{}, files: files, info: info}
	var last *types.Package // uses come in runs from one package
	for _, obj := range info.Uses {
		if p := obj.Pkg(); p != nil && p != last {
			x.paths[p.Path()] = p
			last = p
		}
	}
	return x
}

// Of returns the index of pass's package; pass's analyzer must require
// Analyzer.
func Of(pass *analysis.Pass) *Index { return engine.Of[*Index](pass, Analyzer) }

// Touches reports whether the package uses an object declared in the
// package path.
func (x *Index) Touches(path string) bool { return x.paths[path] != nil }

// Any reports whether the package uses an object of a package for which
// pred holds.
func (x *Index) Any(pred func(*types.Package) bool) bool {
	for _, p := range x.paths {
		if pred(p) {
			return true
		}
	}
	return false
}

// FuncTouches reports whether the function declaration fd (its signature
// and body) names an object of the package path, or a variable whose type
// is a type of that package (through pointers, slices, arrays and map
// values): a function handed a Pod by a helper, that never spells core/v1,
// still declares or uses a variable of type *v1.Pod.
func (x *Index) FuncTouches(fd *ast.FuncDecl, path string) bool {
	x.once.Do(x.buildFuncs)
	for p := range x.funcs[fd] {
		if p.Path() == path {
			return true
		}
	}
	return false
}

func (x *Index) buildFuncs() {
	x.funcs = map[*ast.FuncDecl]map[*types.Package]bool{}
	var decls []*ast.FuncDecl
	for _, f := range x.files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				decls = append(decls, fd)
			}
		}
	}
	at := astutil.NewDeclIndex(decls)
	sets := make([]map[*types.Package]bool, len(at.Decls))
	// Uses alone suffice: a variable that matters is used, not only
	// declared, and a parameter's type is named in the signature.
	for id, obj := range x.info.Uses {
		lo := at.At(id.Pos())
		if lo < 0 {
			continue // outside every function declaration
		}
		set := sets[lo]
		if set == nil {
			set = map[*types.Package]bool{}
			sets[lo] = set
		}
		if p := obj.Pkg(); p != nil {
			set[p] = true
		}
		if v, ok := obj.(*types.Var); ok {
			if p := typePackage(v.Type()); p != nil {
				set[p] = true
			}
		}
	}
	for i, fd := range at.Decls {
		if sets[i] != nil {
			x.funcs[fd] = sets[i]
		}
	}
}

// typePackage returns the package of the named type t is, or holds
// through pointers, slices, arrays and map values.
func typePackage(t types.Type) *types.Package {
	for {
		switch u := types.Unalias(t).(type) {
		case *types.Named:
			return u.Obj().Pkg()
		case *types.Pointer:
			t = u.Elem()
		case *types.Slice:
			t = u.Elem()
		case *types.Array:
			t = u.Elem()
		case *types.Map:
			t = u.Elem()
		default:
			return nil
		}
	}
}
