package maporder

// Exposure: which functions map order can reach at all. A function that
// no order can enter has an empty summary and no finding, whatever its
// statements do, so it is not walked (nor is its package's SSA form built
// for it). On operators about half the functions are such: a reconcile
// step taking a context and an object, calling the client.
//
// Order enters a function only through the rules of the walk and the
// Taint, and each has a mark in the function's syntax:
//   - a parameter of ordered content (fnState's Param rule);
//   - a range over a map, or a call of maps.Keys and its kin, of a set's
//     UnsortedList (sourceCall);
//   - a call that lists objects from an informer cache (flow.CacheList);
//   - a call of a function of another package with a fact, of an
//     interface method with implementations in the module or declared in
//     the package with a list result (ifaces.go), or of a
//     function of this package whose summary is not empty (callTaints,
//     callsInOrder, fills): the calls are the function graph's (funcs),
//     which also counts a function taken as a value;
//   - a read of a channel field (fields.go) of this package that holds a
//     list, or of one the package stores order into.
//
// Generated code is left out as well (deep copies, conversions, clients):
// nothing is reported there, a deep copy keeps the order it is given and
// makes none, and in an API package it is a third of the code. A helper
// a generator wrote that makes map order and returns it would be missed.
//
// A sort matters without any order too: sorting a channel field in place
// marks the field sorted for the whole package (sortedField). It needs no
// mark of its own: the sort reads the field, and the field marks it when
// its order could matter. The calls and stores grow while the package is
// analysed; a function is asked again when they do (a caller of a changed
// summary is revisited by the fixed point; every function is, when the
// fields change), and once exposed it stays so.

import (
	"go/ast"
	"go/types"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/flow"
)

// exposure is what decides, for one function, whether order can enter it.
type exposure struct {
	always  bool          // a mark that holds whatever the package finds
	callees []*types.Func // functions of this package it calls
	fields  []*types.Var  // channel fields it reads whose order is the stores'
}

// exposed reports whether map order can enter decl, with what the package
// knows now.
func (p *pkgState) exposed(decl *ast.FuncDecl) bool {
	e := p.exposures[decl]
	if e == nil {
		e = p.exposureOf(decl)
		p.exposures[decl] = e
	}
	if e.always {
		return true
	}
	for _, fn := range e.callees {
		if sum := p.summaries[fn]; sum != nil && !sum.empty() {
			e.always = true
			return true
		}
	}
	for _, f := range e.fields {
		if len(p.fields.stores[f]) > 0 {
			e.always = true
			return true
		}
	}
	return false
}

// exposureOf reads decl's marks: its parameters; the functions its body
// (literals included) calls or takes, from the package's function graph;
// and from its syntax, the map ranges and the fields it reads.
func (p *pkgState) exposureOf(decl *ast.FuncDecl) *exposure {
	e := &exposure{}
	if p.generated[p.pass.Fset.File(decl.Pos())] {
		return e
	}
	info := p.pass.TypesInfo
	if fn := p.graph.Func(decl); fn != nil {
		for v := range fn.Type().(*types.Signature).Params().Variables() {
			if orderedContent(v.Type()) {
				return &exposure{always: true}
			}
		}
	}
	for _, fn := range p.graph.Uses(decl) {
		switch {
		case mapSeq(fn) || mapList(fn) || isCacheList(fn): // alone, in slices.Collect or a range
			return &exposure{always: true}
		case len(p.implementations(fn)) > 0 || p.abstractResults(fn):
			return &exposure{always: true}
		case fn.Pkg() == p.pass.Pkg:
			e.callees = append(e.callees, fn, fn.Origin())
		case p.importFact(fn) != nil:
			return &exposure{always: true}
		}
	}
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if e.always {
			return false
		}
		switch n := n.(type) {
		case *ast.RangeStmt:
			if _, ok := under[*types.Map](info.TypeOf(n.X)); ok {
				e.always = true
			}
		case *ast.SelectorExpr:
			if sel, ok := info.Selections[n]; ok && sel.Kind() == types.FieldVal {
				if f, _ := info.Uses[n.Sel].(*types.Var); p.channel(f) {
					if p.ownOrder(f) {
						e.always = true
					} else {
						e.fields = append(e.fields, f)
					}
				}
			}
		}
		return true
	})
	return e
}

// isCacheList reports whether fn reads a list from an informer cache.
func isCacheList(fn *types.Func) bool {
	_, ok := flow.CacheList(fn)
	return ok
}
