package repotest

import (
	"go/ast"

	"golang.org/x/tools/go/analysis"
)

// Probe returns an analyzer for an engine's tests: it requires requires
// and calls visit on every node of type N (ast.Node for all) of every file
// of the package, so that visit can report what the engine says about it.
func Probe[N ast.Node](name string, requires []*analysis.Analyzer, visit func(pass *analysis.Pass, n N)) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:     name,
		Doc:      "report what an engine says about the nodes of a package (tests only)",
		Requires: requires,
		Run: func(pass *analysis.Pass) (any, error) {
			for _, f := range pass.Files {
				ast.Inspect(f, func(n ast.Node) bool {
					if n, ok := n.(N); ok {
						visit(pass, n)
					}
					return true
				})
			}
			return nil, nil
		},
	}
}
