// Package uses indexes, once per package, which packages' objects the
// code touches: every type, field, method, function, variable or constant
// it names, directly or through a selector (pod.Spec.ImagePullSecrets uses
// two fields of k8s.io/api/core/v1, whether or not the file imports it).
// Fast paths ask it "does this package touch anything of core/v1?" rather
// than "does it import core/v1?": a package that gets its Pod from a
// helper imports nothing of core/v1, yet touches pod.Spec.
package uses

import (
	"go/types"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/engine"
	"golang.org/x/tools/go/analysis"
)

// Analyzer gives the index of a package, built on first use.
var Analyzer = engine.Lazy("uses",
	"index the packages whose objects a package uses (engine of the analyzers' fast paths)",
	func(pass *analysis.Pass) *Index { return Build(pass.TypesInfo) })

// Index is the set of packages whose objects a package uses.
type Index struct {
	paths map[string]*types.Package
}

// Build indexes info's uses.
func Build(info *types.Info) *Index {
	x := &Index{paths: map[string]*types.Package{}}
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
