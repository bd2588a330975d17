package k8s

import (
	"go/types"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
)

// DependsOnKubernetes reports whether pkg is, or imports directly or
// indirectly, a package under k8s.io/ or sigs.k8s.io/. A package that does
// not can name no Kubernetes object, client or apply configuration, not
// even one returned by a helper (the helper's package would be imported),
// so analyzers whose findings are about such objects skip it.
func DependsOnKubernetes(pkg *types.Package) bool {
	return depends(pkg, dependency{prefixes: []string{"k8s.io/", "sigs.k8s.io/"}})
}

// DependsOn reports whether pkg is, or imports directly or indirectly, the
// package path.
func DependsOn(pkg *types.Package, path string) bool {
	return depends(pkg, dependency{path: path})
}

// Irrelevant reports whether an analyzer about Kubernetes objects has
// nothing to find in the pass's package: the standard library, the
// Kubernetes libraries themselves (known from tables), and packages that
// do not depend on Kubernetes at all.
func Irrelevant(pass *analysis.Pass) bool {
	return IsStdlib(pass.Pkg) || IsKubernetesLibrary(pass) || !DependsOnKubernetes(pass.Pkg)
}

// dependency is a question DependsOn answers: a package path, or any path
// with one of the prefixes.
type dependency struct {
	path     string
	prefixes []string
}

func (d dependency) key() string { return d.path + "|" + strings.Join(d.prefixes, "|") }

func (d dependency) matches(path string) bool {
	if path == d.path {
		return true
	}
	for _, p := range d.prefixes {
		if strings.HasPrefix(path, p) {
			return true
		}
	}
	return false
}

// The answers are kept for the life of the process: a package's imports do
// not change once it is type-checked, and drivers analyse a package graph
// after loading it.
var (
	dependsMu   sync.Mutex
	dependsMemo = map[string]map[*types.Package]bool{}
)

func depends(pkg *types.Package, d dependency) bool {
	if pkg == nil {
		return false
	}
	dependsMu.Lock()
	defer dependsMu.Unlock()
	memo := dependsMemo[d.key()]
	if memo == nil {
		memo = map[*types.Package]bool{}
		dependsMemo[d.key()] = memo
	}
	// An import cycle is a build error, but a package may still be
	// analysed: a package on the path being visited counts as false for
	// now, and an answer that relied on that is not remembered.
	onPath := map[*types.Package]bool{}
	var visit func(p *types.Package) (v, final bool)
	visit = func(p *types.Package) (bool, bool) {
		if v, ok := memo[p]; ok {
			return v, true
		}
		if onPath[p] {
			return false, false
		}
		if d.matches(p.Path()) {
			memo[p] = true
			return true, true
		}
		onPath[p] = true
		defer delete(onPath, p)
		final := true
		for _, imp := range p.Imports() {
			v, f := visit(imp)
			if v {
				memo[p] = true
				return true, true
			}
			final = final && f
		}
		if final {
			memo[p] = false
		}
		return false, final
	}
	v, _ := visit(pkg)
	return v
}
