package driver

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/packages"

	"github.com/reconcilelint/reconcilelint/internal/astcopy"
)

// A test build that repeats a named package's analysis (runner.plan) is
// type-checked only for the errors its own files can have. Its _test.go
// files are checked whole; a file it shares with a package checked from
// source outside any test build (p's files in "p [p.test]", every file of
// a package recompiled for the test) is checked without its function
// bodies, and its errors are left to that package, which says them. No
// type information is recorded: nothing reads it. On cluster-api the test
// builds were about a third of the type-checking.
//
// A body is all a declaration's users cannot see: the test files need the
// package's names and their types, which the signatures and the
// package-level declarations give.

// checkLight type-checks the test build p that is not analysed.
func (l *loader) checkLight(p *packages.Package) {
	p.TypesInfo = &types.Info{}
	files := make([]*ast.File, len(p.Syntax))
	shared := map[string]bool{}
	for i, f := range p.Syntax {
		name := l.fset.File(f.Pos()).Name()
		files[i] = f
		if l.plainFiles[name] { // never a _test.go file
			shared[name] = true
			files[i] = astcopy.WithoutBodies(f)
		}
	}
	drop := func(err types.Error) bool { return shared[err.Fset.Position(err.Pos).Filename] }
	errs := 0
	cfg := l.config(p, func(err types.Error) bool {
		if drop(err) {
			return true
		}
		errs++
		return false
	})
	err := types.NewChecker(cfg, l.fset, p.Types, p.TypesInfo).Files(files)
	if terr, ok := err.(types.Error); err != nil && errs == 0 && len(p.Errors) == 0 && (!ok || !drop(terr)) {
		addError(p, err)
	}
	l.setIllTyped(p)
}

// filesOfPlainSources returns the files of the source packages that are
// no test build's: those whose errors are said with their package.
func (l *loader) filesOfPlainSources() map[string]bool {
	out := map[string]bool{}
	for p := range l.source {
		if !inTestBuild(p) {
			for _, name := range p.CompiledGoFiles {
				out[name] = true
			}
		}
	}
	return out
}
