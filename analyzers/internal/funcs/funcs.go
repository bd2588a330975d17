// Package funcs is the one place where reconcilelint's engines and
// analyzers find a package's functions, their call edges, and iterate
// function summaries to a fixed point.
//
// Every analysis that summarises functions (which helpers merge maps,
// which carry restartedAt over, which replace admission-mutated fields,
// which return values in map order, which variables are live) visits the
// package's functions until no summary grows. They share the Graph, built
// once per package by Analyzer, and Fixpoint, a worklist over it: after a
// first visit of every function, only the neighbours (callers, callees,
// or the function itself, as the summary needs) of functions whose
// summary changed are visited again, until nothing changes or a named,
// documented bound of rounds is reached. Summaries must only grow, so the
// result does not depend on the order of visits, only on the bound.
package funcs

import (
	"go/ast"
	"go/types"
	"slices"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/engine"
	"golang.org/x/tools/go/analysis"
)

// Analyzer gives the Graph of a package, built on first use.
var Analyzer = engine.Lazy("summarygraph",
	"find a package's functions and the calls between them (engine of every analyzer that summarises functions)",
	func(pass *analysis.Pass) *Graph { return Build(pass.TypesInfo, pass.Files) })

// Of returns the graph of pass's package; pass's analyzer must require
// Analyzer.
func Of(pass *analysis.Pass) *Graph { return engine.Of[*Graph](pass, Analyzer) }

// Graph holds the functions declared with a body in a package, in source
// order, and the edges between them: fd uses g when fd's body (closures
// included) calls g or takes it as a value.
type Graph struct {
	Decls   []*ast.FuncDecl
	funcOf  map[*ast.FuncDecl]*types.Func
	declOf  map[*types.Func]*ast.FuncDecl
	index   map[*ast.FuncDecl]int
	callees map[*ast.FuncDecl][]*ast.FuncDecl
	callers map[*ast.FuncDecl][]*ast.FuncDecl
}

// Build returns the graph of the functions in files.
func Build(info *types.Info, files []*ast.File) *Graph {
	g := &Graph{
		funcOf:  map[*ast.FuncDecl]*types.Func{},
		declOf:  map[*types.Func]*ast.FuncDecl{},
		index:   map[*ast.FuncDecl]int{},
		callees: map[*ast.FuncDecl][]*ast.FuncDecl{},
		callers: map[*ast.FuncDecl][]*ast.FuncDecl{},
	}
	for _, f := range files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				g.index[fd] = len(g.Decls)
				g.Decls = append(g.Decls, fd)
				if fn, ok := info.Defs[fd.Name].(*types.Func); ok {
					g.funcOf[fd] = fn
					g.declOf[fn] = fd
				}
			}
		}
	}
	for _, fd := range g.Decls {
		seen := map[*ast.FuncDecl]bool{}
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			id, ok := n.(*ast.Ident)
			if !ok {
				return true
			}
			fn, ok := info.Uses[id].(*types.Func)
			if !ok {
				return true
			}
			if callee := g.declOf[fn.Origin()]; callee != nil && !seen[callee] {
				seen[callee] = true
				g.callees[fd] = append(g.callees[fd], callee)
				g.callers[callee] = append(g.callers[callee], fd)
			}
			return true
		})
	}
	return g
}

// Func returns the function fd declares, or nil.
func (g *Graph) Func(fd *ast.FuncDecl) *types.Func { return g.funcOf[fd] }

// Decl returns the declaration of fn (of its generic origin) in the
// package, or nil.
func (g *Graph) Decl(fn *types.Func) *ast.FuncDecl {
	if fn == nil {
		return nil
	}
	return g.declOf[fn.Origin()]
}

// Callees returns the package functions fd uses, in first-use order.
func (g *Graph) Callees(fd *ast.FuncDecl) []*ast.FuncDecl { return g.callees[fd] }

// Reachable returns the functions reachable from start in at most depth
// calls, start included.
func (g *Graph) Reachable(start []*ast.FuncDecl, depth int) map[*ast.FuncDecl]bool {
	seen := map[*ast.FuncDecl]bool{}
	frontier := start
	for range depth + 1 {
		var next []*ast.FuncDecl
		for _, fd := range frontier {
			if seen[fd] {
				continue
			}
			seen[fd] = true
			next = append(next, g.callees[fd]...)
		}
		frontier = next
	}
	return seen
}

// Revisit says which functions to visit again after a function's summary
// changed.
type Revisit int

const (
	Callers Revisit = 1 << iota // summaries that read their callees' (facts flow up)
	Callees                     // summaries that read their callers' (arguments flow down)
	Self                        // a visit that can feed itself (order within a body)
)

// Fixpoint visits every function once, in source order, then, round by
// round, the functions that revisit names for each function whose visit
// reported a change, until no visit reports one or bound rounds have run
// (the first round included). visit must only grow summaries. Fixpoint
// reports whether it converged within the bound.
func (g *Graph) Fixpoint(bound int, revisit Revisit, visit func(fd *ast.FuncDecl) bool) bool {
	todo := g.Decls
	for range bound {
		next := map[*ast.FuncDecl]bool{}
		for _, fd := range todo {
			if !visit(fd) {
				continue
			}
			if revisit&Self != 0 {
				next[fd] = true
			}
			if revisit&Callers != 0 {
				for _, c := range g.callers[fd] {
					next[c] = true
				}
			}
			if revisit&Callees != 0 {
				for _, c := range g.callees[fd] {
					next[c] = true
				}
			}
		}
		if len(next) == 0 {
			return true
		}
		todo = todo[:0:0]
		for fd := range next {
			todo = append(todo, fd)
		}
		slices.SortFunc(todo, func(a, b *ast.FuncDecl) int { return g.index[a] - g.index[b] })
	}
	return false
}
