package restartrevert

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/astutil"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/directive"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/flow"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/funcs"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/k8s"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/live"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/uses"
)

//go:embed doc.go
var doc string

// Analyzer reports live pod templates replaced or compared in a way that
// undoes `kubectl rollout restart`.
var Analyzer = New()

// New returns a fresh restartrevert analyzer (it has no settings).
func New() *analysis.Analyzer {
	return directive.New("restartrevert", doc, run,
		[]*analysis.Analyzer{live.Analyzer, flow.Analyzer, funcs.Analyzer, uses.Analyzer}, new(carriesFact), new(replacesFact), new(keyCompareFact), new(hashSendFact))
}

const (
	restartedAt   = "kubectl.kubernetes.io/restartedAt"
	kubectlPrefix = "kubectl.kubernetes.io/"
)

// carriesFact marks a function that reads the restartedAt annotation (or
// every kubectl.kubernetes.io/ key) from a map, itself or through the
// functions it calls: a carry-over helper.
type carriesFact struct{}

func (*carriesFact) AFact()         {}
func (*carriesFact) String() string { return "carries restartedAt" }

// replacesFact is a function's summary: the workload templates (or
// specs) it replaces wholesale, reached from one of its parameters, in
// its body, in a closure it returns (a mutate-function factory) or in the
// helpers it hands the object to, with nothing else silencing it
// (flow.Handoffs). It is a finding where a caller hands a live object
// over: liveness comes from callers, so the caller reports it at its call,
// or hands it on to its own callers when the object is its parameter.
type replacesFact struct {
	Replaced []flow.Entry[replaced]
}

// replaced is one replacement: of What (`spec`, `pod template`) of a Kind.
type replaced struct {
	Kind, What string
}

func (*replacesFact) AFact() {}
func (f *replacesFact) String() string {
	var parts []string
	for _, e := range f.Replaced {
		parts = append(parts, fmt.Sprintf("replaces param %d's %s %s", e.Obj, e.What.Kind, e.What.What))
	}
	return strings.Join(parts, "; ")
}

var workloads = []string{"Deployment", "StatefulSet", "DaemonSet"}

func run(pass *analysis.Pass) (any, error) {
	if k8s.IsStdlib(pass.Pkg) || k8s.IsKubernetesLibrary(pass) {
		return nil, nil
	}
	c := &checker{pass: pass, live: pass.ResultOf[live.Analyzer].(*live.Result), carries: map[*types.Func]bool{}}
	files := map[*ast.FuncDecl]*ast.File{}
	for _, f := range astutil.CodeFiles(pass.Fset, pass.Files) {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				files[fd] = f
			}
		}
	}
	// Carry-over helpers, to a fixed point over calls in the package: a
	// function carries when it calls one that does.
	graph := funcs.Of(pass)
	c.graph = graph
	decls := graph.Decls
	// A function carries only where the key (or the prefix) is a constant
	// in it or a callee carries: with neither the key anywhere in the
	// package nor a carry-over helper imported, no walk can find one.
	withKey := keyedFuncs(pass.TypesInfo, decls)
	imported := len(pass.AllObjectFacts()) > 0
	graph.Fixpoint(maxRounds, funcs.Callers, func(fd *ast.FuncDecl) bool {
		if !withKey[fd] && !c.callsCarrier(graph, fd, imported) {
			return false
		}
		fn := graph.Func(fd)
		if fn == nil || c.carries[fn] || len(c.carryPoints(fd.Body)) == 0 {
			return false
		}
		c.carries[fn] = true
		pass.ExportObjectFact(fn, new(carriesFact))
		return true
	})
	c.keyCompares = keyCompares(pass, graph)
	c.flow = pass.ResultOf[flow.Analyzer].(*flow.Result)
	c.hashGates(decls)
	if !k8s.DependsOn(pass.Pkg, k8s.AppsV1) || !uses.Of(pass).Touches(k8s.AppsV1) {
		return nil, nil // fast path: carry-over helpers only; no workload here to report on
	}
	// Every target is rooted at a variable of a workload type (apps/v1),
	// which a function that can report uses.
	index := uses.Of(pass)
	c.replaces = flow.NewHandoffs(pass, graph, func(fn *types.Func) ([]flow.Entry[replaced], bool) {
		f := new(replacesFact)
		ok := pass.ImportObjectFact(fn, f)
		return f.Replaced, ok
	}, func(a, b replaced) bool { return a == b })
	// To a fixed point over calls: a function that hands its parameter to
	// a helper replacing the template replaces it too.
	found := graph.FixpointFindings(maxRounds, funcs.Callers, func(fd *ast.FuncDecl) ([]analysis.Diagnostic, bool) {
		if directive.IsGenerated(c.pass, files[fd]) || !index.FuncTouches(fd, k8s.AppsV1) {
			return nil, false
		}
		c.found, c.grew = nil, false
		c.function(fd)
		return c.found, c.grew
	})
	for _, d := range found {
		pass.Report(d)
	}
	c.replaces.Export(func(es []flow.Entry[replaced]) analysis.Fact { return &replacesFact{Replaced: es} })
	return nil, nil
}

// maxRounds bounds the carry-over fixed point: a helper calling a helper
// that carries restartedAt over is recognised this many calls deep.
const maxRounds = 8

type checker struct {
	keyCompares map[*types.Func]*keyCompareFact // the package's comparison helpers (keycompare.go)
	gated       map[*ast.CallExpr]bool          // the package's hash-gated writes (hashsend.go)
	hashSends   map[*types.Func]*hashSendFact   // its functions writing parameters only so

	fd      *ast.FuncDecl  // the function being checked
	body    *ast.BlockStmt // its body
	graph   *funcs.Graph
	pass    *analysis.Pass
	live    *live.Result
	flow    *flow.Result
	carries map[*types.Func]bool
	// replaces holds the replacements that would be findings if a
	// parameter were live (replacesFact).
	replaces *flow.Handoffs[replaced]
	grew     bool                  // the visit added to its function's summary
	found    []analysis.Diagnostic // the visit's findings
}

// report keeps d until the function's last visit.
func (c *checker) report(d analysis.Diagnostic) { c.found = append(c.found, d) }

// carryPoints returns the expressions in body where the restartedAt
// annotation is read from a map, or a carry-over helper is called.
func (c *checker) carryPoints(body ast.Node) []ast.Expr {
	info := c.pass.TypesInfo
	var out []ast.Expr
	astutil.WithStack(body, func(n ast.Node, stack []ast.Node) bool {
		switch x := n.(type) {
		case *ast.IndexExpr:
			if isKey(info, x.Index, false) && !isWriteTarget(stack, x) {
				out = append(out, x)
			}
		case *ast.CallExpr:
			fn := k8s.Callee(info, x)
			if fn == nil {
				return true
			}
			// strings.HasPrefix(k, "kubectl.kubernetes.io/"): every kubectl key.
			if k8s.IsFunc(fn, "strings", "HasPrefix") && len(x.Args) == 2 && isKey(info, x.Args[1], true) {
				out = append(out, x)
				return true
			}
			// filterByPrefix(live, "kubectl.kubernetes.io/"), keep(m, restartedAt):
			// a helper handed the key or the prefix selects it.
			for _, arg := range x.Args {
				if isKey(info, arg, true) || isKey(info, arg, false) {
					out = append(out, x)
					return true
				}
			}
			fn = fn.Origin()
			if c.carries[fn] || fn.Pkg() != c.pass.Pkg && c.pass.ImportObjectFact(fn, new(carriesFact)) {
				out = append(out, x)
			}
		}
		return true
	})
	return out
}

// keyedFuncs returns the functions in which a constant expression is the
// restartedAt key or the kubectl prefix (as isKey matches them): one pass
// over the package's expressions instead of a walk of each function.
func keyedFuncs(info *types.Info, decls []*ast.FuncDecl) map[*ast.FuncDecl]bool {
	out := map[*ast.FuncDecl]bool{}
	var at *astutil.DeclIndex
	for e, tv := range info.Types {
		if tv.Value == nil || tv.Value.Kind() != constant.String {
			continue
		}
		if s := constant.StringVal(tv.Value); s == restartedAt || s == kubectlPrefix || s == "kubectl.kubernetes.io" {
			if at == nil {
				at = astutil.NewDeclIndex(decls)
			}
			if i := at.At(e.Pos()); i >= 0 {
				out[at.Decls[i]] = true
			}
		}
	}
	return out
}

// callsCarrier reports whether fd uses a function known to carry the key
// over: one of this package found so far, or, when imported says any fact
// came in, another package's.
func (c *checker) callsCarrier(graph *funcs.Graph, fd *ast.FuncDecl, imported bool) bool {
	for _, fn := range graph.Uses(fd) {
		fn = fn.Origin()
		if c.carries[fn] || imported && fn.Pkg() != c.pass.Pkg && c.pass.ImportObjectFact(fn, new(carriesFact)) {
			return true
		}
	}
	return false
}

// isWriteTarget reports whether ix is assigned to (m[K] = v), not read.
func isWriteTarget(stack []ast.Node, ix *ast.IndexExpr) bool {
	if len(stack) == 0 {
		return false
	}
	as, ok := stack[len(stack)-1].(*ast.AssignStmt)
	return ok && slices.Contains(as.Lhs, ast.Expr(ix))
}

// isKey reports whether e is the constant restartedAt key, or with prefix
// the kubectl.kubernetes.io/ prefix.
func isKey(info *types.Info, e ast.Expr, prefix bool) bool {
	tv, ok := info.Types[e]
	return ok && tv.Value != nil && isKeyValue(tv.Value, prefix)
}

// isKeyValue is isKey for a constant's value.
func isKeyValue(v constant.Value, prefix bool) bool {
	if v.Kind() != constant.String {
		return false
	}
	s := constant.StringVal(v)
	if prefix {
		return s == kubectlPrefix || s == "kubectl.kubernetes.io"
	}
	return s == restartedAt
}

// workloadOf returns the workload kind of t (through a pointer), or "".
func workloadOf(t types.Type) string {
	for _, w := range workloads {
		if k8s.IsNamed(t, k8s.AppsV1, w) {
			return w
		}
	}
	return ""
}

// target describes what an expression denotes on a workload: "spec",
// "pod template", "pod template metadata" or "pod template annotations",
// with the root variable and the workload kind.
type target struct {
	what string
	root *types.Var
	kind string
}

// targetOf classifies e: X.Spec, X.Spec.Template, X.Spec.Template.ObjectMeta
// or X.Spec.Template.Annotations with X a workload (or a variable holding
// a workload's template, as `tmpl := &dep.Spec.Template`).
func (c *checker) targetOf(e ast.Expr) (target, bool) {
	info := c.pass.TypesInfo
	var steps []string
	x := ast.Unparen(e)
	for {
		sel, ok := x.(*ast.SelectorExpr)
		if !ok {
			break
		}
		if s := info.Selections[sel]; s == nil || s.Kind() != types.FieldVal {
			return target{}, false
		}
		steps = append([]string{sel.Sel.Name}, steps...)
		x = ast.Unparen(sel.X)
	}
	star := false
	if s, ok := x.(*ast.StarExpr); ok {
		x, star = ast.Unparen(s.X), true
	}
	id, ok := x.(*ast.Ident)
	if !ok {
		return target{}, false
	}
	v := astutil.IdentVar(info, id)
	if v == nil {
		return target{}, false
	}
	kind := workloadOf(v.Type())
	if kind == "" {
		// tmpl := &dep.Spec.Template: a template taken from a workload.
		if !k8s.IsNamed(v.Type(), k8s.CoreV1, "PodTemplateSpec") {
			return target{}, false
		}
		if len(steps) == 0 && !star {
			return target{}, false // assigning the variable itself replaces nothing
		}
		kind = "workload"
		steps = append([]string{"Spec", "Template"}, steps...)
	}
	path := strings.Join(steps, ".")
	switch path {
	case "Spec":
		return target{"spec", v, kind}, true
	case "Spec.Template":
		return target{"pod template", v, kind}, true
	case "Spec.Template.ObjectMeta":
		return target{"pod template metadata", v, kind}, true
	case "Spec.Template.Annotations", "Spec.Template.ObjectMeta.Annotations":
		return target{"pod template annotations", v, kind}, true
	}
	return target{}, false
}

// function checks one function: its assignments, comparisons and loops.
func (c *checker) function(fd *ast.FuncDecl) {
	c.fd, c.body = fd, fd.Body
	carries := c.carryPoints(fd.Body)
	// carriedBefore reports a carry point that runs before at, on a path
	// of the control-flow graph that leads to it (a read of the key in a
	// branch that the replacement is not on carries nothing over).
	carriedBefore := func(at ast.Expr) bool {
		for _, p := range carries {
			if c.flow.Precedes(p, at) {
				return true
			}
		}
		return false
	}
	astutil.WithStack(fd.Body, func(n ast.Node, stack []ast.Node) bool {
		switch x := n.(type) {
		case *ast.AssignStmt:
			if x.Tok != token.ASSIGN || len(x.Lhs) != len(x.Rhs) {
				return true
			}
			for i, lhs := range x.Lhs {
				c.assignment(x, lhs, x.Rhs[i], stack, carriedBefore)
			}
		case *ast.CallExpr:
			if as, ok := astutil.CopyInto(c.pass.TypesInfo, x); ok {
				c.assignment(as, as.Lhs[0], as.Rhs[0], stack, carriedBefore)
			}
			c.replacedBy(x, stack, carriedBefore)
			c.comparison(x, carriedBefore)
			c.inverse(fd, x, stack, carriedBefore)
		case *ast.RangeStmt:
			c.keyLoop(x)
		}
		return true
	})
}

// assignment reports a wholesale replacement of a live template.
func (c *checker) assignment(as *ast.AssignStmt, lhs, rhs ast.Expr, stack []ast.Node, carriedBefore func(ast.Expr) bool) {
	t, ok := c.targetOf(lhs)
	if !ok || c.live.BeforeCreation(t.root, lhs.Pos()) {
		return // not a template, or set only while the workload is created
	}
	why := c.live.At(t.root, lhs.Pos())
	merge := false
	param := -1 // a parameter: live if its callers' argument is
	if why == live.NotLive {
		// dst.Spec.Template = src.Spec.Template between two existing
		// workloads of one kind: a desired-into-live merge helper. From
		// a live source it is a carry-over into the desired object.
		src, ok := c.targetOf(rhs)
		merge = ok && t.kind != "workload" && src.root != t.root && src.kind == t.kind && src.what == t.what && !c.live.Allocated(t.root) && c.live.At(src.root, rhs.Pos()) == live.NotLive
		if merge && c.live.Where(lhs, true).Set&^flow.Compared == 0 {
			return // a copy only compared (is anything else different?): nothing is written
		}
		if !merge {
			// A parameter's object: the callers decide what it is (a
			// mutate-function factory's, in the closure it returns, or a
			// helper's), and a live one handed over is then replaced. A
			// helper that creates or encodes the object itself builds
			// it: silent.
			if param = funcs.ParamIndex(c.graph.Func(c.fd), t.root); param < 0 || !returnedLit(stack) && c.live.Where(lhs, true).Set&(flow.Created|flow.Exported) != 0 {
				return
			}
		}
	}
	if d := c.live.Where(lhs, true); d.OnlyApplied && d.Set&flow.Unknown == 0 {
		return // sent only as desired state: apply leaves restartedAt to kubectl's field manager
	}
	dst, ok := astutil.PathOf(c.pass.TypesInfo, lhs)
	if !ok {
		return // not a location we can follow: stay silent
	}
	if c.live.Carries(rhs, lhs) || guardedNil(c.pass.TypesInfo, stack, as, dst) {
		return // the new value is built from the live one, or fills a nil map
	}
	if carriedBefore(rhs) {
		return
	}
	if c.templateFrom(rhs, t.root, t.kind) {
		return // the new value's template took the live annotations in first
	}
	if c.restoredAfter(t.root, as) {
		return // the live template's annotations, saved before, are put back
	}
	if c.keySetAfter(dst, rhs) {
		return // restartedAt is written into the new template afterwards
	}
	if !merge && (c.hashGuarded(stack, as, t.root) || slices.ContainsFunc(c.sentOver(t.root), func(l *types.Var) bool { return c.hashGuarded(stack, as, l) })) {
		return // the template changes in this branch anyway: no extra rollout
	}
	if !merge && c.hashSent(t.root) {
		return // written only where the hash differs: the template changes then anyway
	}
	if why == live.Written && c.reportedInverse(t.root, carriedBefore) {
		return // a desired object written over the live one: reported at the write
	}
	if param >= 0 {
		pos := c.pass.Fset.Position(as.Pos())
		if c.replaces.Add(c.graph.Func(c.fd), flow.Entry[replaced]{Obj: param, Value: -1, What: replaced{Kind: t.kind, What: t.what},
			At: fmt.Sprintf("%s:%d", filepath.Base(pos.Filename), pos.Line)}) {
			c.grew = true
		}
		return
	}
	kind := t.kind
	if kind == "workload" {
		kind = "workload's"
	} else {
		kind += "'s"
	}
	msg := "live " + kind + " " + t.what + " replaced wholesale"
	if merge {
		// A helper copying one workload into another: the one written to is
		// the live one.
		msg = "merge into the live " + t.kind + " replaces its " + t.what + " wholesale"
	}
	c.report(analysis.Diagnostic{
		Pos: as.Pos(), End: as.End(),
		Message: msg + ", dropping restartedAt: `kubectl rollout restart` will be undone",
		Related: []analysis.RelatedInformation{{Pos: as.Pos(), End: as.End(),
			Message: "carry " + restartedAt + " over from the live template's annotations first, or use server-side apply"}},
	})
}

// returnedLit reports whether stack holds a function literal returned by
// the function it is in (`return func() error { ... }`).
func returnedLit(stack []ast.Node) bool {
	for i := len(stack) - 1; i > 0; i-- {
		if _, ok := stack[i].(*ast.FuncLit); ok {
			_, ret := stack[i-1].(*ast.ReturnStmt)
			return ret
		}
	}
	return false
}

// replacedBy checks a call of a function whose summary replaces the
// template of the workload it is handed (replacesFact), in its body, in
// the mutate function it returns or in a helper it calls: reported when
// the workload handed over is live, handed on to the caller's summary
// when it is the caller's parameter.
func (c *checker) replacedBy(call *ast.CallExpr, stack []ast.Node, carriedBefore func(ast.Expr) bool) {
	hs := c.replaces.Calls(call)
	if len(hs) == 0 || carriedBefore(call) {
		return
	}
	caller := c.graph.Func(c.fd)
	for _, h := range hs {
		if c.live.Expr(h.Obj) == live.NotLive {
			if p := c.flow.Param(caller, h.Obj); p >= 0 && c.replaces.HandOn(caller, h, p, -1) {
				c.grew = true
			}
			continue
		}
		// Silent, as for an assignment, when the caller puts restartedAt or
		// the annotations it saved back, or the template changes where the
		// helper runs anyway (a hash guard): no restart is undone.
		if root := astutil.RootVar(c.pass.TypesInfo, h.Obj); root != nil &&
			(c.keySetAfterCall(call, root) || c.restoredAfter(root, call) || c.hashGuarded(stack, call, root)) {
			return
		}
		if d := c.live.Where(h.Obj, true); d.OnlyApplied && d.Set&flow.Unknown == 0 {
			return // the caller only applies it
		}
		via := append([]string{flow.FuncName(c.pass.Pkg, h.Callee)}, h.Via...)
		c.report(analysis.Diagnostic{
			Pos: call.Pos(), End: call.End(),
			Message: fmt.Sprintf("%s replaces the live %s's %s wholesale (%s), dropping restartedAt: `kubectl rollout restart` will be undone",
				strings.Join(via, " → "), h.What.Kind, h.What.What, h.At),
			Related: []analysis.RelatedInformation{{Pos: h.Obj.Pos(), End: h.Obj.End(),
				Message: "the live " + h.What.Kind + " handed over here; carry " + restartedAt + " over from its template annotations in that function, or use server-side apply"}},
		})
		return
	}
}

// keySetAfter reports whether, after the replacement as, restartedAt is
// written into the new template's annotations (flow.StoresKey): through
// the replaced location (`live.Spec.Template.Annotations[restartedAt] =
// last`, or a local holding that map or a pointer into the template), or
// through the value assigned, whose maps the live object now shares
// (`live.Spec = spec` ... `spec.Template.Annotations[restartedAt] = last`:
// an operator that keeps the last restart on its own resource).
func (c *checker) keySetAfter(dst astutil.Path, rhs ast.Expr) bool {
	targets := []astutil.Path{dst}
	if src, ok := astutil.PathOf(c.pass.TypesInfo, rhs); ok {
		targets = append(targets, src)
	}
	return c.flow.StoresKey(rhs, flow.KeyStore{
		Key: isRestartedAt,
		Into: func(root types.Object, fields []*types.Var) bool {
			return slices.ContainsFunc(targets, func(t astutil.Path) bool { return t.Root == root && fieldsWithin(fields, t) })
		},
	})
}

// keySetAfterCall reports whether, after call handed the live workload
// root to a helper that replaces its template, restartedAt is written
// into root's template annotations (flow.StoresKey).
func (c *checker) keySetAfterCall(call *ast.CallExpr, root *types.Var) bool {
	return c.flow.StoresKey(call, flow.KeyStore{Key: isRestartedAt, Into: throughTemplateOf(root)})
}

// isRestartedAt accepts the constant restartedAt key (flow.KeyStore.Key).
func isRestartedAt(v constant.Value) bool { return isKeyValue(v, false) }

// fieldsWithin reports whether the field selections fields start with
// those of t (elements are not told apart; a path through an accessor's
// result is not followed).
func fieldsWithin(fields []*types.Var, t astutil.Path) bool {
	want := t.Fields()
	if slices.ContainsFunc(t.Steps, func(s astutil.Step) bool { return s.Method != nil }) || len(fields) < len(want) {
		return false
	}
	return slices.Equal(fields[:len(want)], want)
}

// restoredAfter reports whether, after the replacement as (an
// assignment, or the call of a helper that replaces the template), the
// live object's template gets back a value read from it before: `saved
// := live.Spec.Template.Annotations` ... `live.Spec.Template.Annotations
// = union(..., saved)`, or a helper handed the template and the saved
// value. A carry-over by data flow, whatever the keys are called: the
// flow engine (live.CarriesFrom) finds the value built from a read of the
// live template made before as, through locals, helpers and filters that
// may keep the key. After is on the control-flow graph: a restore in a
// branch the replacement does not lead to puts nothing back.
func (c *checker) restoredAfter(liveRoot *types.Var, as ast.Node) bool {
	info := c.pass.TypesInfo
	saved := func(e ast.Expr) bool {
		return c.live.CarriesFrom(e, flow.Carry{Match: throughTemplateOf(liveRoot), Drops: c.dropsKey, ReadBefore: as.Pos()})
	}
	intoTemplate := func(e ast.Expr) bool {
		return astutil.RootVar(info, e) == liveRoot && k8s.ThroughTemplate(info, e)
	}
	// after reports a restore that a path from the replacement leads to.
	after := func(n ast.Node) bool { return c.flow.Precedes(as, n) }
	found := false
	ast.Inspect(c.body, func(n ast.Node) bool {
		if found || n == nil || n.End() <= as.End() {
			return !found
		}
		switch x := n.(type) {
		case *ast.AssignStmt:
			for i, lhs := range x.Lhs {
				if i < len(x.Rhs) && intoTemplate(lhs) && saved(x.Rhs[i]) && after(x.Rhs[i]) {
					found = true
				}
			}
		case *ast.CallExpr:
			var into, from bool
			for _, arg := range x.Args {
				if intoTemplate(arg) {
					into = true
				} else if saved(arg) {
					from = true
				}
			}
			found = into && from && after(x)
		}
		return !found
	})
	return found
}

// inverse reports the inverse form of a wholesale replacement: a desired
// workload, built apart from the live one, sent with Update after only its
// metadata was copied from the live one (`desired.ResourceVersion =
// live.ResourceVersion`, or a helper given both ObjectMetas). Everything
// not copied is replaced, the template's restartedAt included, unless the
// function carries it over or takes the template from the live object.
func (c *checker) inverse(fd *ast.FuncDecl, call *ast.CallExpr, stack []ast.Node, carriedBefore func(ast.Expr) bool) {
	inv, ok := c.inverseFinding(fd, call, stack, carriedBefore)
	if !ok {
		return
	}
	kind := workloadOf(inv.Type)
	if inv.Patch {
		c.report(analysis.Diagnostic{
			Pos: call.Pos(), End: call.End(),
			Message: "desired " + kind + " patched with a merge patch taken against the live one, deleting restartedAt: `kubectl rollout restart` will be undone",
			Related: []analysis.RelatedInformation{{Pos: inv.At,
				Message: "the patch is the difference from the live " + kind + ": every key of its template annotations the desired one lacks is deleted; carry " + restartedAt + " over, or drop it from the base"}},
		})
		return
	}
	c.report(analysis.Diagnostic{
		Pos: call.Pos(), End: call.End(),
		Message: "desired " + kind + " written over the live one with Update, dropping restartedAt: `kubectl rollout restart` will be undone",
		Related: []analysis.RelatedInformation{{Pos: inv.At,
			Message: "only metadata is taken from the live " + kind + " here; carry " + restartedAt + " over from its template annotations too"}},
	})
}

// inverseFinding returns the inverse form at call (live.Inverse) when it
// is to be reported: not carried over, not hash-guarded, not a patch whose
// base lost the key.
func (c *checker) inverseFinding(fd *ast.FuncDecl, call *ast.CallExpr, stack []ast.Node, carriedBefore func(ast.Expr) bool) (live.InverseUpdate, bool) {
	inv, ok := c.live.Inverse(fd.Body, call)
	if !ok || workloadOf(inv.Type) == "" || c.templateFrom(inv.Sent, inv.Live, workloadOf(inv.Type)) || carriedBefore(call) {
		return inv, false
	}
	if c.hashGuarded(stack, call, inv.Live) {
		return inv, false // sent only when the live one's hash of the desired spec differs: the template changes anyway
	}
	if inv.Patch && c.keyDroppedFrom(fd.Body, inv.Live, call) {
		return inv, false // the patch's base lost the key first: the difference leaves it
	}
	return inv, true
}

// reportedInverse reports whether desired, a desired object of the
// function, is written over a live one by a call that inverse reports:
// that finding says what its replacements do, and better than calling the
// desired object live.
func (c *checker) reportedInverse(desired *types.Var, carriedBefore func(ast.Expr) bool) bool {
	found := false
	astutil.WithStack(c.fd.Body, func(n ast.Node, stack []ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && !found {
			if inv, ok := c.inverseFinding(c.fd, call, stack, carriedBefore); ok && inv.Desired == desired {
				found = true
			}
		}
		return !found
	})
	return found
}

// sentOver returns the live objects that desired, a desired object of
// the function, is written over (live.InverseUpdate): their hash guards
// guard its replacements too.
func (c *checker) sentOver(desired *types.Var) []*types.Var {
	var out []*types.Var
	ast.Inspect(c.fd.Body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if inv, ok := c.live.Inverse(c.fd.Body, call); ok && inv.Desired == desired && !slices.Contains(out, inv.Live) {
				out = append(out, inv.Live)
			}
		}
		return true
	})
	return out
}

// templateFrom reports whether the value of e (a workload, a template or
// a part of one) took src's pod template, or a part of it, in first: the
// flow engine (live.CarriesFrom) finds it built from a read through src's
// template, or filled with one before e (`desired.Spec.Template.Annotations
// = live.Spec.Template.Annotations`, a helper called for its effect and
// handed both, through locals that alias either template). With a kind,
// the template of any workload of that kind read from the server (a Get,
// an item of a List, a helper's result, or a copy of one) counts too: the
// object e is sent in place of, or one just like it
// (`desired.Spec.Template.ObjectMeta = running.Spec.Template.ObjectMeta`,
// with running listed by a helper and the Update made after a fresh Get).
// What a filter returns that keeps only keys other than restartedAt
// (dropsKey) is not followed.
func (c *checker) templateFrom(e ast.Expr, src *types.Var, kind string) bool {
	match := throughTemplateOf(src)
	if kind != "" {
		own := match
		match = func(o types.Object, fields []*types.Var) bool {
			if own(o, fields) {
				return true
			}
			v, ok := o.(*types.Var)
			return ok && workloadOf(v.Type()) == kind && live.IsReadOrCopy(c.live.At(v, e.Pos())) && viaTemplate(fields)
		}
	}
	return c.live.CarriesFrom(e, flow.Carry{Match: match, Drops: c.dropsKey})
}

// throughTemplateOf accepts the reads of src's pod template or a part of
// it (flow.Carry.Match).
func throughTemplateOf(src *types.Var) func(types.Object, []*types.Var) bool {
	return func(o types.Object, fields []*types.Var) bool {
		return o == src && (k8s.IsTemplate(src.Type()) || viaTemplate(fields))
	}
}

// viaTemplate reports whether fields, selected from a workload, pass
// through its pod template.
func viaTemplate(fields []*types.Var) bool {
	return slices.ContainsFunc(fields, func(f *types.Var) bool { return k8s.IsTemplate(f.Type()) })
}

// dropsKey reports whether call is handed a function (a predicate of a
// filter: `kv.Filter(live, isOwnKey)`) and every function it is handed
// keeps only keys that are not restartedAt: its body is one return of a
// positive test of constant keys or prefixes (`k == own`,
// `strings.HasPrefix(k, "example.com/")`, joined with ||), none of them
// the kubectl key or prefix. Any other function (a rejecting predicate
// such as `k != lastApplied`, a logger, one whose body is not known)
// may keep the key: the call is then taken to carry it.
func (c *checker) dropsKey(call *ast.CallExpr) bool {
	info := c.pass.TypesInfo
	handed := false
	for _, arg := range call.Args {
		if _, ok := types.Unalias(info.TypeOf(arg)).Underlying().(*types.Signature); !ok {
			continue
		}
		handed = true
		var body *ast.BlockStmt
		switch a := ast.Unparen(arg).(type) {
		case *ast.FuncLit:
			body = a.Body
		case *ast.Ident:
			if fn, ok := info.Uses[a].(*types.Func); ok {
				if fd := c.graph.Decl(fn); fd != nil {
					body = fd.Body
				}
			}
		}
		if body == nil || len(body.List) != 1 {
			return false
		}
		ret, ok := body.List[0].(*ast.ReturnStmt)
		if !ok || len(ret.Results) != 1 || !c.selectsOthers(ret.Results[0]) {
			return false
		}
	}
	return handed
}

// selectsOthers reports whether e is a positive test of constant keys or
// prefixes other than restartedAt and the kubectl prefix.
func (c *checker) selectsOthers(e ast.Expr) bool {
	info := c.pass.TypesInfo
	other := func(x ast.Expr) bool {
		tv, ok := info.Types[x]
		return ok && tv.Value != nil && tv.Value.Kind() == constant.String && !isKey(info, x, false) && !isKey(info, x, true) &&
			!strings.HasPrefix(restartedAt, constant.StringVal(tv.Value))
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.BinaryExpr:
		switch x.Op {
		case token.LOR:
			return c.selectsOthers(x.X) && c.selectsOthers(x.Y)
		case token.EQL:
			return other(x.X) || other(x.Y)
		}
	case *ast.CallExpr:
		fn := k8s.Callee(info, x)
		return fn != nil && k8s.IsFunc(fn, "strings", "HasPrefix") && len(x.Args) == 2 && other(x.Args[1])
	}
	return false
}

// comparison reports maps.Equal, reflect.DeepEqual or
// equality.Semantic.DeepEqual over a live template's annotations or
// metadata.
func (c *checker) comparison(call *ast.CallExpr, carriedBefore func(ast.Expr) bool) {
	fn := k8s.Callee(c.pass.TypesInfo, call)
	if fn == nil || len(call.Args) != 2 {
		return
	}
	if !k8s.IsFunc(fn, "maps", "Equal") && !k8s.IsDeepEqual(fn) {
		return
	}
	a, aok := c.targetOf(call.Args[0])
	b, bok := c.targetOf(call.Args[1])
	var t target
	switch {
	case aok && bok && (a.what == "pod template annotations" || a.what == "pod template metadata"):
		t = a // two workloads' templates: whichever is live, a restart reads as drift
	case aok && c.live.VarReason(a.root) != live.NotLive:
		t = a
	case bok && c.live.VarReason(b.root) != live.NotLive:
		t = b
	default:
		return
	}
	if t.what != "pod template annotations" && t.what != "pod template metadata" {
		return
	}
	// restartedAt carried over first, or one template took the other's
	// annotations in first (a helper handed both, an assignment reading
	// them): a restart is on both sides and does not read as drift.
	if carriedBefore(call) || aok && bok && a.root != b.root &&
		(c.carriedBetween(c.body, call.Args[0], call.Args[1], a.root, b.root) || c.carriedByCallers(a.root, b.root)) {
		return
	}
	c.report(analysis.Diagnostic{
		Pos: call.Pos(), End: call.End(),
		Message: fmt.Sprintf("drift check compares the live %s's %s strictly: a restart reads as drift and will be undone", t.kind, t.what),
		Related: []analysis.RelatedInformation{{Pos: call.Pos(), End: call.End(),
			Message: "`kubectl rollout restart` adds " + restartedAt + "; check that each desired key has its value instead"}},
	})
}

// carriedBetween reports whether, before x and y (rooted at vx and vy)
// are used in body, one took the other's template annotations in, or
// restartedAt was read (a carry-over helper called) on a path that leads
// there.
func (c *checker) carriedBetween(body *ast.BlockStmt, x, y ast.Expr, vx, vy *types.Var) bool {
	first := x
	if y.Pos() < x.Pos() {
		first = y
	}
	return c.templateFrom(x, vy, "") || c.templateFrom(y, vx, "") ||
		slices.ContainsFunc(c.carryPoints(body), func(p ast.Expr) bool { return c.flow.Precedes(p, first) })
}

// keyDroppedFrom reports whether body deletes restartedAt from a map of
// the object held by v before the patch, on a path that leads to it
// (`delete(live.Spec.Template.Annotations, restartedAt)`; one in a branch
// that returns first leaves the base as it was).
func (c *checker) keyDroppedFrom(body *ast.BlockStmt, v *types.Var, patch *ast.CallExpr) bool {
	info := c.pass.TypesInfo
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if found || !ok || call.Pos() >= patch.Pos() {
			return !found
		}
		if m, key, ok := astutil.Delete(info, call); ok && isKey(info, key, false) && c.live.Locate(m).Root == v && c.flow.Precedes(call, patch) {
			found = true
		}
		return !found
	})
	return found
}

// carriedByCallers reports whether x and y are parameters of the function
// being checked (a helper comparing two workloads) and every call of it in
// the package hands it two workloads between which the caller carried the
// annotations over first (carriedBetween). An exported helper may have
// callers elsewhere: it is not excused.
func (c *checker) carriedByCallers(x, y *types.Var) bool {
	fn := c.graph.Func(c.fd)
	if fn == nil || fn.Exported() {
		return false
	}
	params := fn.Signature().Params()
	ix, iy := -1, -1
	for i := range params.Len() {
		switch params.At(i) {
		case x:
			ix = i
		case y:
			iy = i
		}
	}
	if ix < 0 || iy < 0 || fn.Signature().Variadic() && max(ix, iy) == params.Len()-1 {
		return false
	}
	info := c.pass.TypesInfo
	calls, ok := c.graph.CallsOf(info, c.fd)
	if !ok || len(calls) == 0 {
		return false
	}
	for _, call := range calls {
		if len(call.Call.Args) != params.Len() {
			return false
		}
		ax, ay := call.Call.Args[ix], call.Call.Args[iy]
		rx, ry := astutil.RootVar(info, ax), astutil.RootVar(info, ay)
		if rx == nil || ry == nil || rx == ry || !c.carriedBetween(call.Caller.Body, ax, ay, rx, ry) {
			return false
		}
	}
	return true
}

// keyLoop reports `for k, v := range live.Spec.Template.Annotations` whose
// body compares v with another map's value for k: every live key must be
// desired, so a restart reads as drift.
func (c *checker) keyLoop(r *ast.RangeStmt) {
	t, ok := c.targetOf(r.X)
	if !ok || t.what != "pod template annotations" || c.live.VarReason(t.root) == live.NotLive {
		return
	}
	info := c.pass.TypesInfo
	key, val := identVar(info, r.Key), identVar(info, r.Value)
	if key == nil || val == nil {
		return
	}
	found := false
	ast.Inspect(r.Body, func(n ast.Node) bool {
		b, ok := n.(*ast.BinaryExpr)
		if !ok || found || (b.Op != token.NEQ && b.Op != token.EQL) {
			return !found
		}
		for _, pair := range [][2]ast.Expr{{b.X, b.Y}, {b.Y, b.X}} {
			if identVar(info, pair[0]) == val {
				if ix, ok := ast.Unparen(pair[1]).(*ast.IndexExpr); ok && identVar(info, ix.Index) == key {
					found = true
				}
			}
		}
		return !found
	})
	if found {
		c.report(analysis.Diagnostic{
			Pos: r.Pos(), End: r.X.End(),
			Message: fmt.Sprintf("drift check requires every key of the live %s's pod template annotations to be desired: a restart reads as drift", t.kind),
			Related: []analysis.RelatedInformation{{Pos: r.Pos(), End: r.X.End(),
				Message: "`kubectl rollout restart` adds " + restartedAt + "; range over the desired keys instead"}},
		})
	}
}

// identVar is astutil.IdentVar for an expression that may be an identifier.
func identVar(info *types.Info, e ast.Expr) *types.Var {
	if id, ok := ast.Unparen(e).(*ast.Ident); ok {
		return astutil.IdentVar(info, id)
	}
	return nil
}

// hashGuarded reports whether the replacement as (an assignment, or the
// call of a helper that replaces the template) runs only when an annotation
// of the live object root, read with a constant key, differs from a
// computed value: `if live.Annotations[specHashKey] != hash(desired)`, or
// after `if live.Annotations[specHashKey] == hash { return }`. That is the
// operator's own hash of its desired spec: in that branch the desired
// template differs from the live one, so a rollout happens anyway and
// dropping restartedAt undoes no restart. A comparison with a constant
// (`!= "true"`) is a flag, not a hash, and guards nothing.
//
// The live object is root or the object root was copied from (`dep :=
// current.DeepCopy()`: the hash is often read from the object as fetched),
// as the flow engine locates them, and a local variable holding one side
// of the comparison (`cur := current.Annotations[hashKey]`, whatever
// statement gives it) stands for the expression that computed its value.
func (c *checker) hashGuarded(stack []ast.Node, as ast.Node, root *types.Var) bool {
	info := c.pass.TypesInfo
	copied := c.live.LocateVar(root).Root // what root was copied from (or root)
	ofLive := func(e ast.Expr) bool {
		if astutil.RootVar(info, e) == root {
			return true
		}
		l := c.live.Locate(e).Root
		return l != nil && (l == root || l == copied)
	}
	value := func(e ast.Expr) ast.Expr {
		if v := c.live.Computed(e); v != nil {
			return v
		}
		return e
	}
	// lookup reports a read of the live object's own label or
	// annotation by a constant key: `live.Annotations[hashKey]`, or a
	// getter of the map returning a string, `hash.Get(live.Labels)`.
	lookup := func(e ast.Expr) bool {
		switch x := ast.Unparen(e).(type) {
		case *ast.IndexExpr:
			key, ok := info.Types[x.Index]
			return ok && key.Value != nil && k8s.MetadataMap(info, x.X) != "" && ofLive(x.X)
		case *ast.CallExpr:
			t, _ := info.TypeOf(x).(*types.Basic)
			return len(x.Args) == 1 && t != nil && t.Info()&types.IsString != 0 &&
				k8s.MetadataMap(info, x.Args[0]) != "" && ofLive(x.Args[0])
		}
		return false
	}
	var differs func(cond ast.Expr, op token.Token) bool
	differs = func(cond ast.Expr, op token.Token) bool {
		switch x := ast.Unparen(cond).(type) {
		case *ast.UnaryExpr:
			if x.Op == token.NOT {
				return differs(value(x.X), flip(op))
			}
		case *ast.CallExpr:
			return c.helperDiffers(x, op, ofLive) || c.keyCompareDiffers(x, op, ofLive)
		case *ast.BinaryExpr:
			if x.Op != op {
				return false
			}
			for _, pair := range [][2]ast.Expr{{value(x.X), value(x.Y)}, {value(x.Y), value(x.X)}} {
				if !lookup(pair[0]) {
					continue
				}
				if other, ok := info.Types[pair[1]]; ok && other.Value == nil && !c.live.Constant(pair[1]) && !ofLive(pair[1]) {
					return true
				}
			}
		}
		return false
	}
	// restartProof reports whether o is the live object's own labels or
	// annotations, or its template's labels (not the template's
	// annotations, where a restart writes), or a value computed from one
	// by a call given it (`hashOf(live.Spec.Template.Labels)`).
	var restartProof func(o ast.Expr, depth int) bool
	restartProof = func(o ast.Expr, depth int) bool {
		if ix, ok := ast.Unparen(o).(*ast.IndexExpr); ok {
			o = ix.X
		}
		if p, ok := astutil.PathOf(info, o); ok && ofLive(o) && k8s.MetadataMap(info, o) != "" {
			path := p.String()
			return !strings.Contains(path, "Template") || k8s.MetadataMap(info, o) == "Labels"
		}
		if depth == 0 {
			return false
		}
		if call, ok := ast.Unparen(value(o)).(*ast.CallExpr); ok && len(call.Args) == 1 {
			return restartProof(call.Args[0], depth-1)
		}
		return false
	}
	// objectMeta reports a comparison of the live object's own labels or
	// annotations (not its template's), or its template's labels, with
	// another value (restartProof): it turns true when the operator's
	// metadata drifted, which a restart does not do.
	objectMeta := func(e ast.Expr) bool {
		e = ast.Unparen(e)
		for {
			u, ok := e.(*ast.UnaryExpr)
			if !ok || u.Op != token.NOT {
				break
			}
			e = ast.Unparen(u.X)
		}
		var operands []ast.Expr
		switch x := e.(type) {
		case *ast.BinaryExpr:
			if x.Op != token.EQL && x.Op != token.NEQ {
				return false
			}
			for _, o := range []ast.Expr{x.X, x.Y} {
				if tv, ok := info.Types[o]; ok && tv.Value != nil {
					return false // a flag, not drift
				}
			}
			operands = []ast.Expr{x.X, x.Y}
		case *ast.CallExpr:
			operands = x.Args
		}
		for _, o := range operands {
			if restartProof(o, 1) {
				return true
			}
		}
		return false
	}
	// hashOr reports a hash comparison, or a disjunction of hash
	// comparisons and comparisons of the object's own metadata, with at
	// least one hash.
	hashOr := func(e ast.Expr) bool {
		var terms []ast.Expr
		var flat func(e ast.Expr)
		flat = func(e ast.Expr) {
			if b, ok := ast.Unparen(value(e)).(*ast.BinaryExpr); ok && b.Op == token.LOR {
				flat(b.X)
				flat(b.Y)
				return
			}
			terms = append(terms, value(e))
		}
		flat(e)
		hash := false
		for _, t := range terms {
			switch {
			case differs(t, token.NEQ):
				hash = true
			case !objectMeta(t):
				return false
			}
		}
		return hash
	}
	for _, cond := range astutil.GuardingConds(stack, as) {
		if hashOr(cond) {
			return true
		}
	}
	// notHashOr reports the negation of a hashOr: `!needsUpdate` with
	// `needsUpdate := hashDiffers || labelsDiffer`, whose early return
	// leaves the rest of the function to run only when hashOr holds.
	notHashOr := func(e ast.Expr) bool {
		u, ok := ast.Unparen(e).(*ast.UnaryExpr)
		return ok && u.Op == token.NOT && hashOr(u.X)
	}
	// An earlier `if <hash equal> { return }` in an enclosing block or
	// case of a switch or select.
	child := ast.Node(as)
	for i := len(stack) - 1; i >= 0; i-- {
		var list []ast.Stmt
		switch n := stack[i].(type) {
		case *ast.FuncLit:
			// A callback that a framework runs only under a sibling's
			// answer: `NeedsUpdate: func() bool { return <hash differs> }`.
			conds := c.live.CalledWhen(n)
			for _, cond := range conds {
				if cond.Want && !hashOr(cond.Expr) || !cond.Want && !differs(value(cond.Expr), token.EQL) {
					return false
				}
			}
			return len(conds) > 0
		case *ast.BlockStmt:
			list = n.List
		case *ast.CaseClause:
			list = n.Body
		case *ast.CommClause:
			list = n.Body
		}
		if list != nil {
			for _, st := range list {
				if st == child {
					break
				}
				ifs, ok := st.(*ast.IfStmt)
				if !ok || ifs.Init != nil || ifs.Else != nil || len(ifs.Body.List) == 0 {
					continue
				}
				if _, ret := ifs.Body.List[len(ifs.Body.List)-1].(*ast.ReturnStmt); ret && (differs(ifs.Cond, token.EQL) || notHashOr(ifs.Cond)) {
					return true
				}
			}
		}
		child = stack[i]
	}
	return false
}

// flip turns == into != and back.
func flip(op token.Token) token.Token {
	if op == token.EQL {
		return token.NEQ
	}
	return token.EQL
}

// helperDiffers reports a call of a function of the package that only
// compares one label or annotation, by a constant key, of two of its
// parameters (`return a.Labels[hashKey] == b.Labels[hashKey]`), with op,
// called with the live object and another one.
func (c *checker) helperDiffers(call *ast.CallExpr, op token.Token, ofLive func(ast.Expr) bool) bool {
	info := c.pass.TypesInfo
	fd := c.graph.Decl(k8s.Callee(info, call))
	if fd == nil || fd.Body == nil || len(fd.Body.List) != 1 {
		return false
	}
	ret, ok := fd.Body.List[0].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return false
	}
	b, ok := ast.Unparen(ret.Results[0]).(*ast.BinaryExpr)
	if !ok || b.Op != op {
		return false
	}
	var params []*types.Var
	for _, f := range fd.Type.Params.List {
		for _, name := range f.Names {
			v, _ := info.Defs[name].(*types.Var)
			params = append(params, v)
		}
	}
	arg := func(e ast.Expr) ast.Expr {
		ix, ok := ast.Unparen(e).(*ast.IndexExpr)
		if !ok || k8s.MetadataMap(info, ix.X) == "" {
			return nil
		}
		if key, ok := info.Types[ix.Index]; !ok || key.Value == nil {
			return nil
		}
		i := slices.Index(params, astutil.RootVar(info, ix.X))
		if i < 0 || i >= len(call.Args) || strings.Contains(types.ExprString(ix.X), "Template") {
			return nil
		}
		return call.Args[i]
	}
	x, y := arg(b.X), arg(b.Y)
	return x != nil && y != nil && ofLive(x) != ofLive(y)
}

// guardedNil reports whether the assignment only runs when dst is nil.
func guardedNil(info *types.Info, stack []ast.Node, as *ast.AssignStmt, dst astutil.Path) bool {
	for _, cond := range astutil.GuardingConds(stack, as) {
		if b, ok := cond.(*ast.BinaryExpr); ok && b.Op == token.EQL && info.Types[b.Y].IsNil() {
			if p, ok := astutil.PathOf(info, b.X); ok && p.Equal(dst) {
				return true
			}
		}
	}
	return false
}
