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
	"go/token"
	"go/types"
	"slices"
	"strings"
	"sync"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/astutil"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/engine"
	"golang.org/x/tools/go/analysis"
)

// Analyzer gives the Graph of a package, built on first use.
var Analyzer = engine.Lazy("summarygraph",
	"find a package's functions and the calls between them (engine of every analyzer that summarises functions)",
	func(pass *analysis.Pass) *Graph {
		return Build(pass.TypesInfo, astutil.CodeFiles(pass.Fset, pass.Files))
	})

// Of returns the graph of pass's package; pass's analyzer must require
// Analyzer.
func Of(pass *analysis.Pass) *Graph { return engine.Of[*Graph](pass, Analyzer) }

// Graph holds the functions declared with a body in a package, in source
// order, and the edges between them: fd uses g when fd's body (closures
// included) calls g or takes it as a value, directly or through an
// interface method that g implements.
type Graph struct {
	Decls    []*ast.FuncDecl
	funcOf   map[*ast.FuncDecl]*types.Func
	declOf   map[*types.Func]*ast.FuncDecl
	index    map[*ast.FuncDecl]int
	callees  map[*ast.FuncDecl][]*ast.FuncDecl
	callers  map[*ast.FuncDecl][]*ast.FuncDecl
	uses     map[*ast.FuncDecl][]*types.Func
	builtins map[*ast.FuncDecl][]string // by name, in no order

	implMu sync.Mutex
	impls  map[*types.Func][]*types.Func

	ifaceTargets map[*types.Func][]*ast.FuncDecl // memo of targets, while building
}

// Build returns the graph of the functions in files.
func Build(info *types.Info, files []*ast.File) *Graph {
	g := &Graph{
		funcOf:   map[*ast.FuncDecl]*types.Func{},
		declOf:   map[*types.Func]*ast.FuncDecl{},
		index:    map[*ast.FuncDecl]int{},
		callees:  map[*ast.FuncDecl][]*ast.FuncDecl{},
		callers:  map[*ast.FuncDecl][]*ast.FuncDecl{},
		uses:     map[*ast.FuncDecl][]*types.Func{},
		builtins: map[*ast.FuncDecl][]string{},

		ifaceTargets: map[*types.Func][]*ast.FuncDecl{},
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
	// The uses of functions, by the body they are in, in source order: one
	// pass over info.Uses costs less than walking every body.
	at := astutil.NewDeclIndex(g.Decls)
	byPos := at.Decls
	type use struct {
		pos token.Pos
		fn  *types.Func
	}
	uses := make([][]use, len(byPos))
	for id, obj := range info.Uses {
		fn, isFunc := obj.(*types.Func)
		b, isBuiltin := obj.(*types.Builtin)
		if !isFunc && !isBuiltin {
			continue
		}
		i := at.At(id.Pos())
		if i < 0 || id.Pos() < byPos[i].Body.Pos() {
			continue // outside every body
		}
		if isBuiltin {
			if fd := byPos[i]; !slices.Contains(g.builtins[fd], b.Name()) {
				g.builtins[fd] = append(g.builtins[fd], b.Name())
			}
			continue
		}
		uses[i] = append(uses[i], use{id.Pos(), fn})
	}
	for i, fd := range byPos {
		list := uses[i]
		slices.SortFunc(list, func(a, b use) int { return int(a.pos - b.pos) })
		var used distinct[*types.Func]
		var callees distinct[*ast.FuncDecl]
		for _, u := range list {
			used.add(u.fn)
			for _, callee := range g.targets(u.fn) {
				callees.add(callee)
			}
		}
		if used.list != nil {
			g.uses[fd] = used.list
		}
		if callees.list != nil {
			g.callees[fd] = callees.list
		}
	}
	// Callers in the order the callers' first uses come, as the walk over
	// Decls found them.
	for _, fd := range g.Decls {
		for _, callee := range g.callees[fd] {
			g.callers[callee] = append(g.callers[callee], fd)
		}
	}
	return g
}

// distinct keeps the values added to it, each once, in the order first
// added: a list searched while short (most functions use a few others), a
// set once it grows.
type distinct[T comparable] struct {
	list []T
	set  map[T]bool
}

func (d *distinct[T]) add(x T) {
	if d.set != nil {
		if !d.set[x] {
			d.set[x] = true
			d.list = append(d.list, x)
		}
		return
	}
	if slices.Contains(d.list, x) {
		return
	}
	d.list = append(d.list, x)
	if len(d.list) > 32 {
		d.set = make(map[T]bool, 2*len(d.list))
		for _, y := range d.list {
			d.set[y] = true
		}
	}
}

// targets returns the declarations of the package a use of fn can run:
// fn's own, or for an interface method the package's methods of that name
// whose receiver implements the interface.
func (g *Graph) targets(fn *types.Func) []*ast.FuncDecl {
	if d := g.declOf[fn.Origin()]; d != nil {
		return []*ast.FuncDecl{d}
	}
	if !isInterfaceMethod(fn) {
		return nil
	}
	if out, ok := g.ifaceTargets[fn]; ok {
		return out
	}
	iface := fn.Type().(*types.Signature).Recv().Type().Underlying().(*types.Interface)
	var out []*ast.FuncDecl
	defer func() { g.ifaceTargets[fn] = out }()
	for _, fd := range g.Decls {
		m := g.funcOf[fd]
		if m == nil || m.Name() != fn.Name() {
			continue
		}
		if msig := m.Type().(*types.Signature); msig.Recv() != nil {
			if recv := msig.Recv().Type(); types.Implements(recv, iface) || types.Implements(types.NewPointer(recv), iface) {
				out = append(out, fd)
			}
		}
	}
	return out
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

// Uses returns the functions fd's body uses (calls or takes as a value),
// of any package, each once, in first-use order: a question about what a
// function calls is answered without walking it.
func (g *Graph) Uses(fd *ast.FuncDecl) []*types.Func { return g.uses[fd] }

// CallsBuiltin reports whether fd's body calls (or names) the builtin
// name, such as delete.
func (g *Graph) CallsBuiltin(fd *ast.FuncDecl, name string) bool {
	return slices.Contains(g.builtins[fd], name)
}

// Callers returns the package functions that use fd, in first-use order.
func (g *Graph) Callers(fd *ast.FuncDecl) []*ast.FuncDecl { return g.callers[fd] }

// A Call is a call of a package function and the function making it.
type Call struct {
	Caller *ast.FuncDecl
	Call   *ast.CallExpr
}

// CallsOf returns every call of fd made in the package's functions
// (callers in Callers order, calls in source order), for the analyses that
// excuse a helper by what each of its callers does first. It reports false
// when some use of fd is not the function of a call (a function value may
// run from anywhere) or a caller reaches it only through an interface
// method, whose call sites are not seen. info is the package's.
func (g *Graph) CallsOf(info *types.Info, fd *ast.FuncDecl) ([]Call, bool) {
	fn := g.funcOf[fd]
	if fn == nil {
		return nil, false
	}
	var out []Call
	for _, caller := range g.callers[fd] {
		ok, found := true, false
		astutil.WithStack(caller.Body, func(n ast.Node, stack []ast.Node) bool {
			id, isID := n.(*ast.Ident)
			if !ok || !isID || info.Uses[id] != fn || len(stack) == 0 {
				return ok
			}
			// f(...), or r.f(...): the call holds the name or its selector.
			var fun ast.Node = id
			if sel, isSel := stack[len(stack)-1].(*ast.SelectorExpr); isSel && sel.Sel == id && len(stack) > 1 {
				fun, stack = sel, stack[:len(stack)-1]
			}
			call, isCall := stack[len(stack)-1].(*ast.CallExpr)
			if !isCall || call.Fun != fun {
				ok = false // used as a value
				return false
			}
			out = append(out, Call{caller, call})
			found = true
			return true
		})
		if !ok || !found {
			return nil, false
		}
	}
	return out, true
}

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

// FixpointFindings runs Fixpoint with a visit that also returns the
// findings of the function it visits, and returns the findings of each
// function's last visit, which saw its callees' final summaries, in
// source order: a finding of an earlier visit may have been decided on a
// summary that grew since.
func (g *Graph) FixpointFindings(bound int, revisit Revisit, visit func(fd *ast.FuncDecl) ([]analysis.Diagnostic, bool)) []analysis.Diagnostic {
	found := map[*ast.FuncDecl][]analysis.Diagnostic{}
	g.Fixpoint(bound, revisit, func(fd *ast.FuncDecl) bool {
		ds, grew := visit(fd)
		found[fd] = ds
		return grew
	})
	var out []analysis.Diagnostic
	for _, fd := range g.Decls {
		out = append(out, found[fd]...)
	}
	return out
}

// ModulePath returns the path of the module pass's package belongs to.
// Without module information (GOPATH mode, as in the suite's testdata
// tree) the packages sharing the first element of the import path count
// as one module.
func ModulePath(pass *analysis.Pass) string {
	if pass.Module != nil && pass.Module.Path != "" {
		return pass.Module.Path
	}
	first, _, _ := strings.Cut(pass.Pkg.Path(), "/")
	return first
}

// InModule reports whether pkg is the package pass analyses or one of
// the packages of its module.
func InModule(pass *analysis.Pass, pkg *types.Package) bool {
	if pkg == nil {
		return false
	}
	mod := ModulePath(pass)
	return pkg == pass.Pkg || pkg.Path() == mod || strings.HasPrefix(pkg.Path(), mod+"/")
}

// Implementations returns the concrete methods a call of the interface
// method fn can reach in the module: the methods of that name of the named
// types declared in pkg, and in the packages pkg imports from the same
// module (modulePath, "" for pkg's own only), whose type or pointer
// implements fn's interface. It returns nil when fn is not a method of an
// interface declared in pkg or the module. The answer is memoised on the
// graph.
func (g *Graph) Implementations(pkg *types.Package, modulePath string, fn *types.Func) []*types.Func {
	if !isInterfaceMethod(fn) || fn.Pkg() == nil {
		return nil
	}
	// Only interfaces of the module: a library's (io.Writer, client.Client)
	// is implemented by the library, and checking every type of the package
	// against it would cost time for nothing.
	if p := fn.Pkg().Path(); fn.Pkg() != pkg && (modulePath == "" || p != modulePath && !strings.HasPrefix(p, modulePath+"/")) {
		return nil
	}
	g.implMu.Lock()
	defer g.implMu.Unlock()
	if out, ok := g.impls[fn]; ok {
		return out
	}
	out := ImplementationsIn(pkg, fn)
	if modulePath != "" {
		for _, imp := range pkg.Imports() {
			if imp.Path() == modulePath || strings.HasPrefix(imp.Path(), modulePath+"/") {
				for _, f := range ImplementationsIn(imp, fn) {
					if !slices.Contains(out, f) {
						out = append(out, f)
					}
				}
			}
		}
	}
	if g.impls == nil {
		g.impls = map[*types.Func][]*types.Func{}
	}
	g.impls[fn] = out
	return out
}

// ImplementationsIn returns the concrete methods of the named types
// declared in p (their own or promoted) that a call of the interface
// method fn can reach: those of fn's name whose type or pointer
// implements the interface declaring fn.
func ImplementationsIn(p *types.Package, fn *types.Func) []*types.Func {
	if !isInterfaceMethod(fn) {
		return nil
	}
	iface := fn.Type().(*types.Signature).Recv().Type().Underlying().(*types.Interface)
	var out []*types.Func
	for _, t := range methodOwners(p)[fn.Name()] {
		m, _, _ := types.LookupFieldOrMethod(t, true, fn.Pkg(), fn.Name())
		f, ok := m.(*types.Func)
		// A method promoted from an embedded interface is the
		// interface's again, not an implementation.
		if !ok || isInterfaceMethod(f) || !types.Implements(t, iface) || slices.Contains(out, f) {
			continue
		}
		out = append(out, f)
	}
	return out
}

// isInterfaceMethod reports whether fn is a method of an interface.
func isInterfaceMethod(fn *types.Func) bool {
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return false
	}
	_, ok = sig.Recv().Type().Underlying().(*types.Interface)
	return ok
}

// owners caches methodOwners per package for the life of the process: a
// type-checked package's declarations do not change.
var owners sync.Map // *types.Package -> map[string][]types.Type

// methodOwners returns, by method name, the concrete types declared in p
// (T or *T, whichever has the method in its method set) that have a method
// of that name, declared or promoted.
func methodOwners(p *types.Package) map[string][]types.Type {
	if v, ok := owners.Load(p); ok {
		return v.(map[string][]types.Type)
	}
	out := map[string][]types.Type{}
	for _, name := range p.Scope().Names() {
		tn, ok := p.Scope().Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		if _, isIface := tn.Type().Underlying().(*types.Interface); isIface {
			continue
		}
		ptr := types.NewPointer(tn.Type())
		ms := types.NewMethodSet(ptr) // the pointer's set holds the value's
		for i := range ms.Len() {
			m := ms.At(i).Obj()
			out[m.Name()] = append(out[m.Name()], ptr)
		}
	}
	v, _ := owners.LoadOrStore(p, out)
	return v.(map[string][]types.Type)
}

// Summary returns fn's summary from cache (this package's, or a fact read
// before), else the fact fn's package exported, remembering the answer
// (nil included) in cache. A function of this package not yet summarised
// has none.
func Summary[T any, PT interface {
	*T
	analysis.Fact
}](pass *analysis.Pass, cache map[*types.Func]PT, fn *types.Func) PT {
	fn = fn.Origin()
	if s, ok := cache[fn]; ok {
		return s
	}
	if fn.Pkg() == nil || fn.Pkg() == pass.Pkg {
		return nil
	}
	f := PT(new(T))
	if pass.ImportObjectFact(fn, f) {
		cache[fn] = f
		return f
	}
	cache[fn] = nil
	return nil
}

// OperandIndex returns the index of v among fn's receiver and parameters,
// the receiver 0 (as the SSA form and live.CallOperands count them), or
// -1.
func OperandIndex(fn *types.Func, v *types.Var) int {
	if fn == nil || v == nil {
		return -1
	}
	sig := fn.Signature()
	if recv := sig.Recv(); recv != nil {
		if recv == v {
			return 0
		}
		if i := ParamIndex(fn, v); i >= 0 {
			return i + 1
		}
		return -1
	}
	return ParamIndex(fn, v)
}

// ParamIndex returns the index of v among fn's parameters, or -1 (a
// closure's parameters, or a local).
func ParamIndex(fn *types.Func, v *types.Var) int {
	if fn == nil || v == nil {
		return -1
	}
	params := fn.Signature().Params()
	for i := range params.Len() {
		if params.At(i) == v {
			return i
		}
	}
	return -1
}
