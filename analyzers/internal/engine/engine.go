// Package engine builds the engines whose result is computed on first use.
// Analyzers that export facts run on every dependency of the packages
// analysed, and most of those (the standard library, the Kubernetes
// libraries) never ask an engine anything: a lazy engine costs them
// nothing.
package engine

import (
	"reflect"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/directive"
)

// Lazy returns an engine analyzer named name whose result, build(pass), is
// computed once, when Of first asks for it; a panic in build becomes an
// error of the asking analyzer (it runs under that analyzer's guard).
func Lazy[T any](name, doc string, build func(*analysis.Pass) T) *analysis.Analyzer {
	return directive.Guard(&analysis.Analyzer{
		Name:       name,
		Doc:        doc,
		ResultType: reflect.TypeFor[*result[T]](),
		Run: func(pass *analysis.Pass) (any, error) {
			return &result[T]{build: func() T { return build(pass) }}, nil
		},
	})
}

type result[T any] struct {
	once  sync.Once
	build func() T
	value T
}

// Of returns the result of the lazy engine a for pass's package, building
// it on first use; pass's analyzer must require a.
func Of[T any](pass *analysis.Pass, a *analysis.Analyzer) T {
	r := pass.ResultOf[a].(*result[T])
	r.once.Do(func() { r.value = r.build() })
	return r.value
}
