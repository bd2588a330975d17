package timechurn

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/astutil"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/directive"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/flow"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/funcs"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/k8s"
)

//go:embed doc.go
var doc string

// Analyzer reports a fresh timestamp written into an object that is sent
// back to the API server on every reconcile.
var Analyzer = New()

// New returns a fresh timechurn analyzer (it has no settings).
func New() *analysis.Analyzer {
	return directive.New("timechurn", doc, run, []*analysis.Analyzer{funcs.Analyzer, flow.Analyzer}, new(stampFact))
}

// maxRounds bounds the summary fixed point: a chain of helpers in one
// package handing a timestamp to each other is followed this many calls
// deep (see the doc's Bounds).
const maxRounds = 6

// A stampFact summarises a function: the results that always hold a fresh
// timestamp, and the parameters whose object it always stamps (entries of
// the flow engine's hand-offs: whether the object is then sent is its
// callers' to tell).
type stampFact struct {
	Results []indexed
	Params  []flow.Entry[stamp]
	// Sends are the stamps an exported function writes itself on every
	// call, reported at its callers' calls that no change test guards
	// (callerReports): whether it runs on every reconcile is theirs to
	// tell.
	Sends []sentStamp
}

// A sentStamp is a finding of an exported function, said at the calls of
// it: its message, and where the stamp and the write are.
type sentStamp struct {
	Msg, At string
}

// indexed is a stamp at a result or parameter index.
type indexed struct {
	Index int
	Stamp stamp
}

func (*stampFact) AFact() {}
func (f *stampFact) String() string {
	var parts []string
	for _, r := range f.Results {
		parts = append(parts, fmt.Sprintf("result %d stamped with %s", r.Index, r.Stamp.Clock))
	}
	params := slices.Clone(f.Params)
	slices.SortFunc(params, func(a, b flow.Entry[stamp]) int { return a.Obj - b.Obj })
	for _, p := range params {
		switch {
		case p.Value >= 0 && p.Obj == flow.Receiver:
			parts = append(parts, fmt.Sprintf("receiver given param %d", p.Value))
		case p.Value >= 0:
			parts = append(parts, fmt.Sprintf("param %d given param %d", p.Obj, p.Value))
		default:
			parts = append(parts, fmt.Sprintf("param %d stamped with %s", p.Obj, p.What.Clock))
		}
	}
	for _, snd := range f.Sends {
		parts = append(parts, "sends a stamp at "+snd.At)
	}
	return "timechurn(" + strings.Join(parts, ", ") + ")"
}

// pkgState is the per-package state.
type pkgState struct {
	pass       *analysis.Pass
	graph      *funcs.Graph
	flow       *flow.Result               // where objects go
	summaries  map[*types.Func]*stampFact // results stamped; Params unused here
	stamps     *flow.Handoffs[stamp]      // parameters' objects stamped
	changed    bool
	clocks     map[*types.Func]bool       // clocks and other packages' stamping helpers used here
	fns        map[*ast.FuncDecl]*fnState // for guards looked up in callers
	guardedFns map[*ast.FuncDecl]bool
	holders    map[*types.Func]bool // functions given a value that holds a time (handed.go)
	parents    astutil.ParentMaps   // of functions, for guards
}

// mayStamp reports whether fd calls a clock, a helper of another package
// known to stamp, or a function of this package summarised as stamping:
// only such functions are walked.
func (p *pkgState) mayStamp(fd *ast.FuncDecl) bool {
	for _, fn := range p.graph.Uses(fd) {
		if p.clocks[fn] {
			return true
		}
		if p.stamps.Any(fn) {
			return true // it, or an implementation of the interface method, stamps a parameter's object
		}
		if s := p.summaries[fn.Origin()]; fn.Pkg() == p.pass.Pkg && s != nil && len(s.Results) > 0 {
			return true
		}
	}
	return false
}

// fnState returns the (cached) walk state of fd, for a caller's guards.
func (p *pkgState) fnState(fd *ast.FuncDecl) *fnState {
	if f, ok := p.fns[fd]; ok {
		return f
	}
	f := newFnState(p, fd)
	p.fns[fd] = f
	return f
}

// summary returns what is known of fn: this package's summary or a fact.
func (p *pkgState) summary(fn *types.Func) *stampFact {
	return funcs.Summary(p.pass, p.summaries, fn)
}

func run(pass *analysis.Pass) (any, error) {
	if k8s.IsStdlib(pass.Pkg) || k8s.IsKubernetesLibrary(pass) {
		return nil, nil // their timestamps are not an operator's: known from tables
	}
	if !k8s.DependsOn(pass.Pkg, k8s.MetaV1) && !k8s.DependsOn(pass.Pkg, "time") {
		return nil, nil // no clock can reach an object
	}
	p := &pkgState{pass: pass, flow: pass.ResultOf[flow.Analyzer].(*flow.Result), summaries: map[*types.Func]*stampFact{},
		fns: map[*ast.FuncDecl]*fnState{}, guardedFns: map[*ast.FuncDecl]bool{},
		parents: astutil.ParentMaps{}}
	// Fast path: a package that calls no clock and no helper of another
	// package known to stamp has nothing to summarise or report. Most
	// dependencies end here, before any function is walked.
	p.clocks = map[*types.Func]bool{}
	var methods []*types.Func // the module's interface methods called: an implementation may stamp
	for _, obj := range pass.TypesInfo.Uses {
		fn, ok := obj.(*types.Func)
		if !ok || p.clocks[fn] {
			continue
		}
		if isClockFunc(fn) || p.summary(fn) != nil {
			p.clocks[fn] = true
		} else if recv := fn.Signature().Recv(); recv != nil && types.IsInterface(recv.Type()) && funcs.InModule(pass, fn.Pkg()) {
			methods = append(methods, fn)
		}
	}
	graph := funcs.Of(pass)
	holders := timeHolders(pass, graph)
	if len(p.clocks) == 0 && len(methods) == 0 && len(holders) == 0 {
		return nil, nil
	}
	p.graph = graph
	p.holders = holders
	p.stamps = flow.NewHandoffs(pass, graph, func(fn *types.Func) ([]flow.Entry[stamp], bool) {
		f := new(stampFact)
		ok := pass.ImportObjectFact(fn, f)
		return f.Params, ok
	}, func(stamp, stamp) bool { return true })
	if len(p.clocks) == 0 && !slices.ContainsFunc(methods, p.stamps.Any) && len(holders) == 0 {
		return nil, nil
	}
	graph.Fixpoint(maxRounds, funcs.Callers, func(fd *ast.FuncDecl) bool {
		p.changed = false
		if fn := graph.Func(fd); fn != nil && (p.mayStamp(fd) || p.holders[fn]) {
			newFnState(p, fd).summarise(fn)
		}
		return p.changed
	})
	p.fns = map[*ast.FuncDecl]*fnState{} // their locals predate the final summaries
	var list []analysis.Diagnostic
	sends := map[*types.Func][]sentStamp{}
	if k8s.DependsOn(pass.Pkg, k8s.Client) || k8s.DependsOn(pass.Pkg, k8s.Controllerutil) {
		for _, f := range astutil.CodeFiles(pass.Fset, pass.Files) {
			if directive.IsGenerated(pass, f) {
				continue // generated code is not the author's
			}
			for _, d := range f.Decls {
				fd, ok := d.(*ast.FuncDecl)
				if !ok || fd.Body == nil || !p.mayStamp(fd) {
					continue
				}
				found := p.fnState(fd).findings()
				if fn := graph.Func(fd); len(found) > 0 && p.callersDecide(fd) {
					for _, d := range found {
						sends[fn] = append(sends[fn], sentStamp{Msg: d.Message, At: p.where(d.Pos)})
					}
					continue
				}
				list = append(list, found...)
			}
		}
	}
	for _, fd := range graph.Decls {
		fn := graph.Func(fd)
		if fn == nil {
			continue
		}
		f := &stampFact{Params: p.stamps.Of(fn), Sends: sends[fn]}
		if s := p.summaries[fn]; s != nil {
			f.Results = s.Results
		}
		if len(f.Results) > 0 || len(f.Params) > 0 || len(f.Sends) > 0 {
			pass.ExportObjectFact(fn, f)
		}
	}
	list = append(list, p.callerReports()...)
	sort.SliceStable(list, func(i, j int) bool { return list[i].Pos < list[j].Pos })
	for _, d := range list {
		pass.Report(d)
	}
	return nil, nil
}

// fnState is the state of one function's walk.
type fnState struct {
	p    *pkgState
	fd   *ast.FuncDecl
	vars map[*types.Var]*stamp // locals holding a stamp
}

func (f *fnState) info() *types.Info { return f.p.pass.TypesInfo }

// up returns the map from each node of the function to the node enclosing
// it, built on first need (most functions never ask) and kept for the
// function's later walks.
func (f *fnState) up() map[ast.Node]ast.Node { return f.p.parents.Of(f.fd) }

func newFnState(p *pkgState, fd *ast.FuncDecl) *fnState {
	f := &fnState{p: p, fd: fd, vars: map[*types.Var]*stamp{}}
	f.locals()
	return f
}

// locals finds the local variables given a stamp (now := metav1.Now(),
// cond := metav1.Condition{...}, conds = append(conds, cond)), in rounds
// until none is added: a variable once stamped stays stamped.
func (f *fnState) locals() {
	info := f.info()
	// A time variable also given a time that is not fresh (the previous
	// condition's) keeps the old time on some path: it is no stamp.
	kept := map[*types.Var]bool{}
	// A stamped condition whose type is given again (`cond.Type =
	// state`) is not the condition its literal names.
	retyped := map[*types.Var]bool{}
	defer func() {
		for v := range kept {
			delete(f.vars, v)
		}
		for v := range retyped {
			if s := f.vars[v]; s != nil && s.Cond != "" {
				c := *s
				c.Cond = ""
				f.vars[v] = &c
			}
		}
	}()
	for range 4 {
		added := false
		ast.Inspect(f.fd.Body, func(n ast.Node) bool {
			set := func(id ast.Expr, val ast.Expr) {
				// A stamped literal whose time field is given the previous
				// time (`cond.LastTransitionTime = old.LastTransitionTime`
				// when the status did not change) keeps it on that path.
				if sel, ok := ast.Unparen(id).(*ast.SelectorExpr); ok && sel.Sel.Name == "Type" {
					if base, ok := ast.Unparen(sel.X).(*ast.Ident); ok {
						if v, ok := info.Uses[base].(*types.Var); ok && astutil.IsLocal(v) {
							retyped[v] = true
						}
					}
					return
				}
				if sel, ok := ast.Unparen(id).(*ast.SelectorExpr); ok && isTime(info.TypeOf(val)) && f.stampOf(val) == nil {
					if base, ok := ast.Unparen(sel.X).(*ast.Ident); ok {
						if v, ok := info.Uses[base].(*types.Var); ok && astutil.IsLocal(v) {
							kept[v] = true
						}
					}
					return
				}
				ident, ok := ast.Unparen(id).(*ast.Ident)
				if !ok {
					return
				}
				v, _ := info.Defs[ident].(*types.Var)
				if v == nil {
					v, _ = info.Uses[ident].(*types.Var)
				}
				if v == nil || !astutil.IsLocal(v) {
					return
				}
				if isTime(info.TypeOf(val)) && f.stampOf(val) == nil {
					kept[v] = true
					return
				}
				if f.vars[v] != nil {
					return
				}
				if s := f.stampOf(val); s != nil && !f.guarded(n) {
					f.vars[v] = s // a stamp given only on change is no stamp
					added = true
				}
			}
			switch x := n.(type) {
			case *ast.AssignStmt:
				if len(x.Lhs) == len(x.Rhs) {
					for i := range x.Lhs {
						set(x.Lhs[i], x.Rhs[i])
					}
				} else if len(x.Rhs) == 1 {
					if call, ok := ast.Unparen(x.Rhs[0]).(*ast.CallExpr); ok {
						added = f.tupleResults(x.Lhs, call) || added
					}
				}
			case *ast.ValueSpec:
				for i := range x.Names {
					if i < len(x.Values) {
						set(x.Names[i], x.Values[i])
					}
				}
			}
			return true
		})
		if !added {
			return
		}
	}
}

// tupleResults gives the stamped results of a call to the variables on
// the left of `a, err := f()`.
func (f *fnState) tupleResults(lhs []ast.Expr, call *ast.CallExpr) (added bool) {
	fn := k8s.Callee(f.info(), call)
	if fn == nil {
		return false
	}
	if sum := f.p.summary(fn); sum != nil {
		for _, r := range sum.Results {
			if r.Index < len(lhs) {
				if id, ok := ast.Unparen(lhs[r.Index]).(*ast.Ident); ok {
					if v := astutil.IdentVar(f.info(), id); v != nil && f.vars[v] == nil {
						s := r.Stamp
						f.vars[v] = &s
						added = true
					}
				}
			}
		}
	}
	return added
}

// summarise records which results of fn always hold a stamp and which
// parameters' objects it always stamps.
func (f *fnState) summarise(fn *types.Func) {
	sum := f.p.summaries[fn]
	if sum == nil {
		sum = &stampFact{}
		f.p.summaries[fn] = sum
	}
	sig := fn.Type().(*types.Signature)
	// Results: stamped on an unguarded return, and nil or stamped on every
	// other return of fn itself.
	stamped := map[int]*stamp{}
	broken := map[int]bool{}
	ast.Inspect(f.fd.Body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		ret, ok := n.(*ast.ReturnStmt)
		if !ok || len(ret.Results) != sig.Results().Len() {
			return true
		}
		for i, r := range ret.Results {
			if s := f.stampOf(r); s != nil && !f.guarded(ret) {
				if stamped[i] == nil {
					stamped[i] = s
				}
			} else if !isNil(f.info(), r) {
				broken[i] = true
			}
		}
		return true
	})
	for i, s := range stamped {
		if !broken[i] && !slices.ContainsFunc(sum.Results, func(x indexed) bool { return x.Index == i }) {
			sum.Results = append(sum.Results, indexed{Index: i, Stamp: exported(*s)})
			f.p.changed = true
		}
	}
	// Parameters: an unguarded store of a stamp into a parameter's object.
	params := map[*types.Var]int{}
	if sig.Recv() != nil {
		params[sig.Recv()] = -1
	}
	for i := range sig.Params().Len() {
		params[sig.Params().At(i)] = i
	}
	for _, st := range f.stores() {
		i, ok := params[astutil.RootVar(f.info(), st.object)]
		if !ok || i < 0 || st.litDepth > 0 {
			continue
		}
		if f.sent(st) != nil {
			continue // reported here: a caller passing the object on is the same finding
		}
		if f.p.stamps.Add(fn, flow.Entry[stamp]{Obj: i, Value: -1, What: exported(st.stamp)}) {
			f.p.changed = true
		}
	}
	if f.p.holders[fn] {
		f.valueStores(fn)
	}
	sort.Slice(sum.Results, func(i, j int) bool { return sum.Results[i].Index < sum.Results[j].Index })
}

// exported drops what a fact cannot carry across packages: the position.
func exported(s stamp) stamp {
	s.Pos = token.NoPos
	return s
}

func isNil(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.IsNil()
}

// A store is an unguarded write of a stamp into an object: an assignment
// to a field, element or map entry of it, or a call of a function that
// stamps its argument.
type store struct {
	at       ast.Node // the assignment or the call
	value    ast.Expr // the value stored, or the call
	object   ast.Expr // the object's path (obj.Status.Conditions)
	stamp    stamp
	via      string // the helper that stamps, for a call
	apply    bool   // a With* method of an apply configuration
	litDepth int    // > 0 inside a function literal
}

// isApplyBuilder reports a With* method of an apply configuration.
func isApplyBuilder(fn *types.Func) bool {
	return k8s.IsApplyMethod(fn) && strings.HasPrefix(fn.Name(), "With")
}

// stores lists the unguarded stores of stamps in the function.
func (f *fnState) stores() []store {
	info := f.info()
	var out []store
	ast.Inspect(f.fd.Body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.AssignStmt:
			if len(x.Lhs) != len(x.Rhs) || x.Tok == token.DEFINE {
				return true
			}
			for i, l := range x.Lhs {
				if _, ok := ast.Unparen(l).(*ast.Ident); ok {
					continue // a local variable: followed by locals
				}
				s := f.stampOf(x.Rhs[i])
				if s == nil || f.guarded(x) {
					continue
				}
				out = append(out, store{at: x, value: x.Rhs[i], object: l, stamp: *s, litDepth: f.litDepth(x)})
			}
		case *ast.CallExpr:
			fn := k8s.Callee(info, x)
			if fn == nil {
				return true
			}
			if isApplyBuilder(fn) && len(x.Args) == 1 {
				// cond.WithLastTransitionTime(metav1.Now()): the apply
				// configuration holds the stamp, and goes where it goes.
				if s := f.stampOf(x.Args[0]); s != nil && !f.guarded(x) {
					st := *s
					st.Field = strings.TrimPrefix(fn.Name(), "With")
					out = append(out, store{at: x, value: x, object: x, stamp: st, via: k8s.ReceiverName(fn.Type().(*types.Signature)) + "." + fn.Name(), apply: true, litDepth: f.litDepth(x)})
				}
				return true
			}
			hs := f.p.stamps.Calls(x)
			if len(hs) == 0 || f.guarded(x) {
				return true
			}
			for _, h := range hs {
				if h.Entry.Value >= 0 {
					// A helper that stores what it is handed: stamped
					// when the caller's value is.
					if st := f.stampOf(h.Value); st != nil && h.Obj != nil {
						out = append(out, store{at: x, value: h.Value, object: h.Obj, stamp: *st, via: h.Callee.Name(), litDepth: f.litDepth(x)})
					}
					continue
				}
				out = append(out, store{at: x, value: x, object: h.Obj, stamp: h.What, via: h.Callee.Name(), litDepth: f.litDepth(x)})
			}
		}
		return true
	})
	return out
}

func (f *fnState) litDepth(n ast.Node) int {
	d := 0
	for p := f.up()[n]; p != nil; p = f.up()[p] {
		if _, ok := p.(*ast.FuncLit); ok {
			d++
		}
	}
	return d
}

// findings reports the stores whose object is sent with a write.
func (f *fnState) findings() []analysis.Diagnostic {
	var out []analysis.Diagnostic
	for _, st := range f.stores() {
		if write := f.sent(st); write != nil {
			out = append(out, f.diagnostic(st, write))
		}
	}
	return out
}

// sent returns the write that sends the object a store stamps, or nil when
// it is only created, encoded, or not seen sent: no churn is shown.
func (f *fnState) sent(st store) *ast.CallExpr {
	dest := f.p.flow.Where(st.object, !st.apply)
	if st.apply && dest.Set&flow.Written == 0 {
		// b.WithX(now) on a builder held in a variable: follow the builder.
		if call, ok := st.object.(*ast.CallExpr); ok {
			if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
				dest = f.p.flow.Where(sel.X, true)
			}
		}
	}
	if dest.Set&flow.Written == 0 {
		return nil
	}
	// Name a write the store can run before (the flow engine's
	// Reaches), not one on a path that returned earlier: the first after
	// it in the function, else one in a function it calls.
	var best, other *ast.CallExpr
	for _, w := range dest.Writes {
		if !f.p.flow.Reaches(st.value, w) {
			continue
		}
		if contains(f.fd.Body, w) && w.Pos() > st.value.Pos() {
			if best == nil || w.Pos() < best.Pos() {
				best = w
			}
		} else if other == nil {
			other = w
		}
	}
	switch {
	case best != nil:
		return best
	case other != nil:
		return other
	}
	return dest.Write
}

func (f *fnState) diagnostic(st store, write *ast.CallExpr) analysis.Diagnostic {
	what := types.ExprString(st.object)
	switch {
	case st.apply:
		what = st.via
	case st.via != "":
		what = st.via + "(" + what + ")"
	}
	field := st.stamp.Field
	var subject string
	switch {
	case st.stamp.Cond != "":
		subject = fmt.Sprintf("condition %q gets %s = %s", st.stamp.Cond, field, st.stamp.Clock)
	case field != "" && !st.apply:
		subject = fmt.Sprintf("%s gets %s = %s", what, field, st.stamp.Clock)
	default:
		subject = fmt.Sprintf("%s gets %s", what, st.stamp.Clock)
	}
	msg := fmt.Sprintf("%s on every reconcile and %s sends it", subject, writeName(write))
	if field == "LastTransitionTime" && st.apply {
		msg += "; apply the live condition's time while its status is unchanged"
	} else if field == "LastTransitionTime" {
		msg += "; use meta.SetStatusCondition"
	} else if k8s.ThroughTemplate(f.info(), st.object) {
		msg += ": a rollout each time"
	}
	d := analysis.Diagnostic{Pos: st.at.Pos(), End: st.at.End(), Message: msg}
	if st.stamp.Pos.IsValid() {
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: st.stamp.Pos, Message: "the clock is read here"})
	}
	d.Related = append(d.Related, analysis.RelatedInformation{Pos: write.Pos(), Message: "sent here: every write is a new resourceVersion, and a new reconcile"})
	if fix, ok := f.setConditionFix(st); ok {
		d.SuggestedFixes = []analysis.SuggestedFix{fix}
	}
	return d
}

const metaPkg = "k8s.io/apimachinery/pkg/api/meta"

// setConditionFix rewrites `conds = append(conds, metav1.Condition{...})`
// into `meta.SetStatusCondition(&conds, metav1.Condition{...})`, which
// keeps LastTransitionTime while the condition's status is unchanged (and
// replaces a condition of the same type instead of adding a second). It is
// offered only for one appended literal of metav1.Condition to the list
// being assigned, a field path, where the name meta is free or is that
// package.
func (f *fnState) setConditionFix(st store) (analysis.SuggestedFix, bool) {
	var none analysis.SuggestedFix
	info := f.info()
	as, ok := st.at.(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 || as.Tok != token.ASSIGN {
		return none, false
	}
	call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	if !ok || len(call.Args) != 2 || call.Ellipsis.IsValid() {
		return none, false
	}
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); !ok || id.Name != "append" || info.Uses[id] != types.Universe.Lookup("append") {
		return none, false
	}
	lit, ok := call.Args[1].(*ast.CompositeLit)
	if !ok || !k8s.IsNamed(info.TypeOf(lit), k8s.MetaV1, "Condition") {
		return none, false
	}
	dst, ok1 := astutil.PathOf(info, as.Lhs[0])
	src, ok2 := astutil.PathOf(info, call.Args[0])
	if !ok1 || !ok2 || !dst.Equal(src) {
		return none, false // append to another list: not an update in place
	}
	var file *ast.File
	for _, fl := range f.p.pass.Files {
		if fl.Pos() <= as.Pos() && as.End() <= fl.End() {
			file = fl
		}
	}
	if file == nil {
		return none, false
	}
	name, add, ok := astutil.ImportName(file, f.p.pass.Pkg.Scope().Innermost(as.Pos()), as.Pos(), metaPkg)
	if !ok {
		return none, false
	}
	edits := []analysis.TextEdit{
		{Pos: as.Pos(), End: lit.Pos(), NewText: []byte(name + ".SetStatusCondition(&" + types.ExprString(as.Lhs[0]) + ", ")},
		{Pos: lit.End(), End: as.End(), NewText: []byte(")")},
	}
	if add {
		edits = append(edits, astutil.AddImports(file, []string{metaPkg}))
	}
	return analysis.SuggestedFix{Message: "use meta.SetStatusCondition", TextEdits: edits}, true
}

// writeName names a write call as a reader knows it: Update,
// Status().Update, Patch, CreateOrUpdate.
func writeName(call *ast.CallExpr) string {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return types.ExprString(call.Fun)
	}
	if inner, ok := ast.Unparen(sel.X).(*ast.CallExpr); ok {
		if isel, ok := ast.Unparen(inner.Fun).(*ast.SelectorExpr); ok && len(inner.Args) == 0 {
			return isel.Sel.Name + "()." + sel.Sel.Name // Status().Update
		}
	}
	return sel.Sel.Name
}

// callersDecide reports whether the stamps fd writes on every call are its
// callers' to report: fd is an exported function (not a method: a
// reconciler's methods are called by the framework, on every reconcile)
// and no call of it in the package runs without a change test. A helper
// of another package that reloads a configuration by stamping its Pods
// runs when its caller finds the configuration changed.
func (p *pkgState) callersDecide(fd *ast.FuncDecl) bool {
	fn := p.graph.Func(fd)
	if fn == nil || !fn.Exported() || fn.Signature().Recv() != nil {
		return false
	}
	calls, ok := p.graph.CallsOf(p.pass.TypesInfo, fd)
	if !ok {
		return false // also a function value: it may run from anywhere
	}
	for _, c := range calls {
		if !p.guardedCall(c.Caller, c.Call) {
			return false
		}
	}
	return true
}

// guardedCall reports whether call, in fd, runs only behind a change test:
// in fd, or at every call of fd (onlyCalledGuarded).
func (p *pkgState) guardedCall(fd *ast.FuncDecl, call *ast.CallExpr) bool {
	return p.fnState(fd).guarded(call) || p.onlyCalledGuarded(fd, callerDepth-1)
}

// callerReports reports the calls of other packages' functions whose
// stamps are their callers' to report (stampFact.Sends) that no change
// test guards.
func (p *pkgState) callerReports() []analysis.Diagnostic {
	var out []analysis.Diagnostic
	info := p.pass.TypesInfo
	for _, f := range astutil.CodeFiles(p.pass.Fset, p.pass.Files) {
		if directive.IsGenerated(p.pass, f) {
			continue
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				fn := k8s.Callee(info, call)
				if fn == nil || fn.Pkg() == p.pass.Pkg {
					return true
				}
				sum := p.summary(fn)
				if sum == nil || len(sum.Sends) == 0 || p.guardedCall(fd, call) {
					return true
				}
				for _, snd := range sum.Sends {
					out = append(out, analysis.Diagnostic{
						Pos: call.Pos(), End: call.End(),
						Message: fmt.Sprintf("%s: %s (at %s); this call runs without a change test", flow.FuncName(p.pass.Pkg, fn), snd.Msg, snd.At),
					})
				}
				return true
			})
		}
	}
	return out
}

// where formats pos as "file.go:line".
func (p *pkgState) where(pos token.Pos) string {
	position := p.pass.Fset.Position(pos)
	return fmt.Sprintf("%s:%d", filepath.Base(position.Filename), position.Line)
}
