package maporder

// Interfaces wired elsewhere: a controller calls a method of an interface
// it declares (`r.envBuilder.BuildEnv(ctx, app)`), and the implementation
// is in a package the controller does not import; only the program's
// main, or whatever builds the controller, hands one to the other. No
// package sees both the call and the implementation's order, and the
// facts run from a package to its importers only.
//
// So each side says what it knows, and the package that joins them
// reports. A result of a call of an interface method declared in the
// package carries a symbolic origin, like a parameter's; when it reaches a
// sink, a methodFact on the interface method says so. Where a value of a
// concrete type is handed over as such an interface (an argument, a field
// of a struct literal, an assignment to a field or variable of the
// interface's type), the concrete method's summary or fact is read: if
// the same result holds map order, the finding is reported there, at the
// wiring, with the map and the sink named.

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/astutil"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/funcs"
)

// methodFact says that results of an interface method reach sinks in the
// package declaring the interface.
type methodFact struct {
	Results []sinkFact // Index is the result's
}

func (*methodFact) AFact() {}

func (f *methodFact) String() string {
	s := "interface method:"
	for _, r := range f.Results {
		s += fmt.Sprintf(" result %d reaches %s (%s)", r.Index, r.Sink, r.Pos)
	}
	return s
}

type methodResult struct {
	fn    *types.Func
	index int
}

// abstract reports whether fn is a method of an interface declared in the
// package, whose result i holds a list: its calls carry a symbolic origin.
func (p *pkgState) abstract(fn *types.Func, i int) bool {
	if fn == nil || fn.Pkg() != p.pass.Pkg {
		return false
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil || !types.IsInterface(sig.Recv().Type()) || i >= sig.Results().Len() {
		return false
	}
	return isList(sig.Results().At(i).Type())
}

// abstractTaints returns the symbolic origins of the results of a call of
// the interface method fn.
func (s *fnState) abstractTaints(fn *types.Func, call *ast.CallExpr, n int) []taint {
	var out []taint
	for i := range n {
		if !s.p.abstract(fn, i) {
			continue
		}
		if out == nil {
			out = make([]taint, n)
		}
		out[i] = taint{s.p.origin(call, -100-i, func() *origin {
			return &origin{node: call, kind: methodOrigin, method: fn, result: i}
		})}
	}
	return out
}

// reachedMethod records that a result of an interface method reached a sink.
// A sink in an object that is only created is left out, as for any
// finding (pkgState.churns).
func (p *pkgState) reachedMethod(o *origin, sk sink) {
	k := methodResult{o.method, o.result}
	if _, ok := p.methods[k]; !ok && p.churns(&finding{origin: o, sinks: []sink{sk}}) {
		p.methods[k] = sink{desc: sk.desc, pos: sk.pos}
	}
}

// exportMethodFacts exports a fact for each interface method of the
// package whose results reach a sink.
func (p *pkgState) exportMethodFacts() {
	byFn := map[*types.Func][]sinkFact{}
	for k, sk := range p.methods {
		byFn[k.fn] = append(byFn[k.fn], sinkFact{Index: k.index, Sink: sk.desc, Pos: p.posText(sk.pos)})
	}
	fns := make([]*types.Func, 0, len(byFn))
	for fn := range byFn {
		fns = append(fns, fn)
	}
	slices.SortFunc(fns, func(a, b *types.Func) int { return int(a.Pos() - b.Pos()) })
	for _, fn := range fns {
		rs := byFn[fn]
		slices.SortFunc(rs, func(a, b sinkFact) int { return a.Index - b.Index })
		p.pass.ExportObjectFact(fn, &methodFact{Results: rs})
	}
}

// wirings reports each value of a concrete type handed over as an
// interface of the module whose method results reach a sink (an argument,
// a field of a struct literal, an assignment, a declared variable, a
// conversion), when
// the concrete method returns map order in one of them.
func (p *pkgState) wirings(files []*ast.File) {
	info := p.pass.TypesInfo
	var ds []analysis.Diagnostic
	for _, f := range files {
		if p.generated[p.pass.Fset.File(f.Pos())] {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				if tv, ok := info.Types[n.Fun]; ok && tv.IsType() && len(n.Args) == 1 {
					ds = append(ds, p.wired(n.Args[0], tv.Type)...) // a conversion, I(x)
					return true
				}
				sig, ok := info.TypeOf(n.Fun).(*types.Signature)
				if !ok {
					return true
				}
				for i, arg := range n.Args {
					if i >= sig.Params().Len() || (sig.Variadic() && i >= sig.Params().Len()-1) {
						break
					}
					ds = append(ds, p.wired(arg, sig.Params().At(i).Type())...)
				}
			case *ast.AssignStmt:
				if len(n.Lhs) == len(n.Rhs) {
					for i, lhs := range n.Lhs {
						ds = append(ds, p.wired(n.Rhs[i], info.TypeOf(lhs))...)
					}
				}
			case *ast.ValueSpec:
				if n.Type != nil && len(n.Names) == len(n.Values) {
					for _, v := range n.Values {
						ds = append(ds, p.wired(v, info.TypeOf(n.Type))...)
					}
				}
			case *ast.CompositeLit:
				t := info.TypeOf(n)
				if ptr, ok := under[*types.Pointer](t); ok {
					t = ptr.Elem() // an element &T{...} written {...}
				}
				st, ok := under[*types.Struct](t)
				if !ok {
					return true
				}
				for field, val := range astutil.StructFields(info, n, st) {
					ds = append(ds, p.wired(val, field.Type())...)
				}
			}
			return true
		})
	}
	for _, d := range ds {
		p.pass.Report(d)
	}
}

// wired returns the findings of the value e handed over as iface.
func (p *pkgState) wired(e ast.Expr, iface types.Type) []analysis.Diagnostic {
	named, ok := types.Unalias(iface).(*types.Named)
	if !ok || !types.IsInterface(named) || named.Obj().Pkg() == p.pass.Pkg || !funcs.InModule(p.pass, named.Obj().Pkg()) {
		return nil
	}
	concrete := p.pass.TypesInfo.TypeOf(e)
	if concrete == nil || types.IsInterface(concrete) {
		return nil
	}
	it := named.Underlying().(*types.Interface)
	var ds []analysis.Diagnostic
	for m := range it.Methods() {
		mf := new(methodFact)
		if !p.pass.ImportObjectFact(m, mf) {
			continue
		}
		obj, _, _ := types.LookupFieldOrMethod(concrete, true, m.Pkg(), m.Name())
		impl, _ := obj.(*types.Func)
		if impl == nil {
			continue
		}
		for _, r := range mf.Results {
			if src, where, ok := p.resultOrder(impl, r.Index); ok {
				ds = append(ds, analysis.Diagnostic{
					Pos: e.Pos(), End: e.End(),
					Message: fmt.Sprintf("%s returns values in the order of %s (%s); handed over here as %s, they feed %s (%s); sort them first",
						impl.Pkg().Name()+"."+calleeName(impl), src, where, named.Obj().Pkg().Name()+"."+named.Obj().Name(), r.Sink, r.Pos),
				})
			}
		}
	}
	return ds
}

// resultOrder says whether result i of fn holds map order, from its
// summary (this package) or fact, and where the order comes from.
func (p *pkgState) resultOrder(fn *types.Func, i int) (src, where string, ok bool) {
	if sum := p.summaries[fn]; sum != nil {
		for _, o := range sum.results[i] {
			if !symbolic(o) {
				return o.source(), p.where(o), true
			}
		}
		return "", "", false
	}
	if fact := p.importFact(fn); fact != nil {
		for _, r := range fact.Results {
			if r.Index == i && r.After == 0 {
				return r.source(), r.Pos, true
			}
		}
	}
	return "", "", false
}

// abstractResults reports whether a result of the interface method fn
// carries a symbolic origin.
func (p *pkgState) abstractResults(fn *types.Func) bool {
	sig, ok := fn.Type().(*types.Signature)
	if !ok {
		return false
	}
	for i := range sig.Results().Len() {
		if p.abstract(fn, i) {
			return true
		}
	}
	return false
}
