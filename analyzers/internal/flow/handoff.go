package flow

// Hand-offs: what a function does to an object its caller hands it, that
// only the caller can judge. A helper that replaces the template of the
// Deployment it is given cannot tell whether that Deployment is the live
// one; its caller, or its caller's caller in another package, can. Facts
// flow from callee to caller, and liveness the other way, so the
// helper's summary says what it does and to which parameter, and each
// call answers: the object handed over is live (a finding, there), or it
// is the caller's own parameter (the entry is handed on, into the
// caller's summary, and its callers answer), or neither (a copy, or an
// object nobody here can see: dropped).
//
// The analyzers that ask this question (restartrevert, fieldfight,
// admissionclobber, timechurn) keep what is done (a field replaced, its owner) as
// the payload T of their entries, and their own fact type holding the
// entries; the summaries, their order, the calls through interfaces and
// the hand-on chain are this file's.

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/funcs"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/k8s"
)

// An Entry is one thing a function does that its callers decide: to the
// object reached from parameter Obj (-1: an object the function reads
// itself; Receiver: the method's receiver), with the value of parameter
// Value (-1: a value the function builds, or none). At is the statement that does it (file:line), Via the
// calls that lead from the function to it, outermost first; What is the
// analyzer's account of it.
type Entry[T any] struct {
	Obj, Value int
	At         string
	Via        []string
	What       T
}

// Receiver is the Obj of an Entry about the object a method's receiver
// is or points to (`s.Conditions = append(s.Conditions, c)` in a method
// of the status type): at a call, the expression the method is selected
// from.
const Receiver = -2

// Handoffs holds the entries of a package's functions, and reads those of
// other packages' functions from their facts.
type Handoffs[T any] struct {
	pass     *analysis.Pass
	graph    *funcs.Graph
	own      map[*types.Func][]Entry[T]
	imported map[*types.Func][]Entry[T]
	read     func(*types.Func) ([]Entry[T], bool)
	same     func(a, b T) bool
}

// NewHandoffs returns an empty table for pass. read imports a function's
// entries from the analyzer's fact; same tells two accounts of one thing
// apart (entries at the same statement, parameters and account are kept
// once).
func NewHandoffs[T any](pass *analysis.Pass, graph *funcs.Graph, read func(*types.Func) ([]Entry[T], bool), same func(a, b T) bool) *Handoffs[T] {
	return &Handoffs[T]{pass: pass, graph: graph, own: map[*types.Func][]Entry[T]{},
		imported: map[*types.Func][]Entry[T]{}, read: read, same: same}
}

// Of returns fn's entries: this package's, or its fact's.
func (h *Handoffs[T]) Of(fn *types.Func) []Entry[T] {
	fn = fn.Origin()
	if fn.Pkg() == nil {
		return nil
	}
	if fn.Pkg() == h.pass.Pkg {
		return h.own[fn]
	}
	es, ok := h.imported[fn]
	if !ok {
		es, _ = h.read(fn)
		h.imported[fn] = es
	}
	return es
}

// Any reports whether a call of fn has entries: fn's own, or those of an
// implementation the module has of the interface method fn.
func (h *Handoffs[T]) Any(fn *types.Func) bool {
	if len(h.Of(fn)) > 0 {
		return true
	}
	for _, impl := range h.graph.Implementations(h.pass.Pkg, funcs.ModulePath(h.pass), fn) {
		if len(h.Of(impl)) > 0 {
			return true
		}
	}
	return false
}

// Add records e in fn's entries; it reports whether they grew.
func (h *Handoffs[T]) Add(fn *types.Func, e Entry[T]) bool {
	if fn == nil {
		return false
	}
	fn = fn.Origin()
	for _, x := range h.own[fn] {
		if x.Obj == e.Obj && x.Value == e.Value && x.At == e.At && h.same(x.What, e.What) {
			return false
		}
	}
	h.own[fn] = append(h.own[fn], e)
	return true
}

// Export writes the entries of the package's functions as facts, in
// source order, with write building the analyzer's fact.
func (h *Handoffs[T]) Export(write func([]Entry[T]) analysis.Fact) {
	for _, fd := range h.graph.Decls {
		if fn := h.graph.Func(fd); fn != nil && len(h.own[fn]) > 0 {
			h.pass.ExportObjectFact(fn, write(h.own[fn]))
		}
	}
}

// A Handed is an entry of a callee's summary at one call: Callee is the
// function called (an implementation, for a call of an interface method),
// Obj and Value the arguments handed in for the entry's parameters (nil
// for -1).
type Handed[T any] struct {
	Entry[T]
	Callee     *types.Func
	Obj, Value ast.Expr
}

// Calls returns the entries of what call calls, with their arguments: of
// its static callee, or of every implementation the module has of the
// interface method it calls. An entry whose parameter is variadic is left
// out (the argument is one of many, or a spread slice).
func (h *Handoffs[T]) Calls(call *ast.CallExpr) []Handed[T] {
	callee := k8s.Callee(h.pass.TypesInfo, call)
	if callee == nil || isMethodExpr(h.pass.TypesInfo, call) {
		return nil
	}
	callees := []*types.Func{callee}
	if impls := h.graph.Implementations(h.pass.Pkg, funcs.ModulePath(h.pass), callee); len(impls) > 0 {
		callees = impls // an interface method has no entries of its own
	}
	arg := func(i int, sig *types.Signature) (ast.Expr, bool) {
		if i == Receiver {
			sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
			if s := h.pass.TypesInfo.Selections[sel]; !ok || s == nil || s.Kind() != types.MethodVal {
				return nil, false
			}
			return sel.X, true
		}
		if i < 0 {
			return nil, true
		}
		if i >= len(call.Args) || sig.Variadic() && i >= sig.Params().Len()-1 {
			return nil, false
		}
		return call.Args[i], true
	}
	var out []Handed[T]
	for _, fn := range callees {
		for _, e := range h.Of(fn) {
			obj, ok1 := arg(e.Obj, fn.Signature())
			val, ok2 := arg(e.Value, fn.Signature())
			if ok1 && ok2 {
				out = append(out, Handed[T]{Entry: e, Callee: fn, Obj: obj, Value: val})
			}
		}
	}
	return out
}

// HandOn records c in caller's entries, for caller's own callers to
// decide, with obj and val the caller's parameters the arguments come
// from (-1: the object is live, or the value built, where the caller
// stands). It reports whether the entries grew.
func (h *Handoffs[T]) HandOn(caller *types.Func, c Handed[T], obj, val int) bool {
	e := c.Entry
	e.Obj, e.Value = obj, val
	e.Via = append([]string{FuncName(h.pass.Pkg, c.Callee)}, c.Via...)
	return h.Add(caller, e)
}

// Param returns the index of the parameter of fn the value of e is, or is
// read from (a field, an element, a pointer into it, through locals,
// phis, type assertions and captured variables: Origin), or -1 when it
// comes from anything else too.
func (r *Result) Param(fn *types.Func, e ast.Expr) int {
	o, ok := r.Origin(e)
	if !ok {
		return -1
	}
	return funcs.ParamIndex(fn, o.Param())
}

// FuncName names fn as a caller in pkg writes it: `merge`,
// `resourcemerge.EnsureCRD`, `Applier.Apply`.
func FuncName(pkg *types.Package, fn *types.Func) string {
	name := fn.Name()
	if recv := fn.Signature().Recv(); recv != nil {
		if n := k8s.Named(recv.Type()); n != nil {
			name = n.Obj().Name() + "." + name
		}
	}
	if fn.Pkg() != nil && fn.Pkg() != pkg {
		name = fn.Pkg().Name() + "." + name
	}
	return name
}

// isMethodExpr reports whether call calls a method expression
// (`T.Method(recv, args)`), whose arguments are shifted by the receiver.
func isMethodExpr(info *types.Info, call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	s := info.Selections[sel]
	return s != nil && s.Kind() == types.MethodExpr
}
