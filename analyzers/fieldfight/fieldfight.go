package fieldfight

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
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

// Analyzer reports writes of fields that another controller owns.
var Analyzer = New()

// New returns a fieldfight analyzer.
func New() *analysis.Analyzer {
	return directive.New("fieldfight", doc, run, []*analysis.Analyzer{live.Analyzer, flow.Analyzer, uses.Analyzer, funcs.Analyzer},
		new(ownersFact), new(replacesFact), new(embedsFact))
}

type checker struct {
	pass  *analysis.Pass
	live  *live.Result
	flow  *flow.Result
	ev    *evidence
	fd    *ast.FuncDecl
	kinds map[*row]types.Type // the type each row's kind has in this package

	graph    *funcs.Graph
	replaces *flow.Handoffs[Replacement] // the summaries of the package's functions (handoff.go)
	grew     bool                        // the visit added to its function's summary
	found    []analysis.Diagnostic       // the findings of the function being visited
	embeds   map[*types.Func]*embedsFact // functions reading embedded CRD manifests (embedded.go)
}

func run(pass *analysis.Pass) (any, error) {
	if k8s.Irrelevant(pass) {
		return nil, nil // fast path: no Kubernetes object can be named here
	}
	files := astutil.CodeFiles(pass.Fset, pass.Files)
	c := &checker{pass: pass, live: pass.ResultOf[live.Analyzer].(*live.Result),
		flow: pass.ResultOf[flow.Analyzer].(*flow.Result), ev: collect(pass, files)}
	if len(c.ev.scaled) == 0 && !ownedWithoutEvidence(uses.Of(pass)) {
		return nil, nil // no autoscaled workload, and no kind whose owner is always there
	}
	generated := map[*ast.FuncDecl]bool{}
	for _, f := range files {
		if directive.IsGenerated(pass, f) {
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok {
					generated[fd] = true
				}
			}
		}
	}
	c.graph = funcs.Of(pass)
	c.findEmbeds(files)
	for _, d := range c.summarize(generated) {
		pass.Report(d)
	}
	c.exportSummaries()
	return nil, nil
}

// ownedWithoutEvidence reports whether the package touches the package
// of a kind whose owner needs no evidence from the module (PVCs, Jobs) or
// may be there without it (caBundle's injector).
func ownedWithoutEvidence(index *uses.Index) bool {
	for i := range rows {
		if r := &rows[i]; r.owner.presence != autoscaled && index.Touches(r.pkg) {
			return true
		}
	}
	return false
}

func (c *checker) function(fd *ast.FuncDecl) {
	c.fd = fd
	astutil.WithStack(fd.Body, func(n ast.Node, stack []ast.Node) bool {
		switch x := n.(type) {
		case *ast.AssignStmt:
			if x.Tok == token.ASSIGN && len(x.Lhs) == len(x.Rhs) {
				for i, lhs := range x.Lhs {
					c.assignment(x, lhs, x.Rhs[i], stack)
				}
			}
		case *ast.BinaryExpr:
			if x.Op == token.EQL || x.Op == token.NEQ {
				c.comparison(x, []ast.Expr{x.X, x.Y}, stack)
			}
		case *ast.CallExpr:
			if as, ok := astutil.CopyInto(c.pass.TypesInfo, x); ok {
				c.assignment(as, as.Lhs[0], as.Rhs[0], stack)
			}
			if isStrictEqual(c.pass.TypesInfo, x) {
				c.comparison(x, x.Args, stack)
			}
			c.applyCall(x, stack)
			c.handedOver(x, stack)
			c.inverse(x, stack)
			c.unstructuredWrite(x, stack)
		}
		return true
	})
}

// A target is an owned field, or a part holding one, of an object of a
// kind of the table: root is the variable the object is reached from,
// names the field names from the object (list elements leave no step).
type target struct {
	root  *types.Var
	kind  types.Type
	names []string
}

// targetOf returns what e denotes on an object of a kind of the table:
// the nearest variable of such a kind that the flow engine reaches e from
// (live.Locate), through pointer locals (`wh := &cfg.Webhooks[i]`),
// lists that share their elements, captured variables and a pointer set
// from one place. A local copy on the way (`spec := dep.Spec`) is no
// target: its changes stay local.
func (c *checker) targetOf(e ast.Expr) (target, bool) {
	var names []string // innermost first
	for _, h := range c.live.Locate(e).Hops {
		if h.Var != nil && len(rowsOf(h.Var.Type())) > 0 {
			slices.Reverse(names)
			return target{root: h.Var, kind: h.Var.Type(), names: names}, true
		}
		if h.Copy {
			return target{}, false
		}
		if h.Field != nil && !h.Field.Embedded() {
			names = append(names, h.Field.Name())
		}
	}
	return target{}, false
}

// rowFor returns the row t is, or holds (whole), and whether t is the
// field itself.
func (c *checker) rowFor(t target) (*row, bool, bool) {
	for _, r := range rowsOf(t.kind) {
		if len(t.names) == 0 || len(t.names) > len(r.path) {
			continue
		}
		prefix := true
		for i, n := range t.names {
			if r.path[i] != n {
				prefix = false
				break
			}
		}
		if prefix {
			c.use(r, t.kind)
			return r, len(t.names) == len(r.path), true
		}
	}
	return nil, false, false
}

// present returns the evidence that r's owner is there for the object
// held by root (nil when not known); strict asks for positive evidence (a
// caBundle written by the module itself is then reported only where an
// injection annotation is named).
func (c *checker) present(r *row, root *types.Var, strict bool) (Evidence, bool) {
	switch r.owner.presence {
	case autoscaled:
		return c.ev.scales(r.kind, func(target ast.Expr) bool { return c.sameName(target, root) })
	case injected:
		return c.ev.injection(strict)
	}
	return Evidence{}, true
}

// assignment checks a write of an owned field, or of a part holding one,
// on a live object.
func (c *checker) assignment(as *ast.AssignStmt, lhs, rhs ast.Expr, stack []ast.Node) {
	t, ok := c.targetOf(lhs)
	if !ok {
		return
	}
	r, whole, ok := c.rowFor(t)
	if !ok {
		return // not an owned field
	}
	if c.live.At(t.root, lhs.Pos()) == live.NotLive {
		if !whole {
			c.replacedParam(r, t, as, rhs, stack) // the caller may hand a live object over
		}
		return // an object only built or created here
	}
	ev, ok := c.present(r, t.root, whole)
	if !ok {
		return // no sign of the owner in the module
	}
	if whole && r.unset != "" && isNil(c.pass.TypesInfo, rhs) {
		// Only an object that is written back gets the default: a live
		// copy cleared to be compared or hashed is no write.
		if c.live.Where(lhs, true).Set&flow.Written != 0 && !c.guarded(stack, as, nobody) {
			c.report(as, r, ev, fmt.Sprintf("%s.%s set to nil on the live object, which the API server defaults to %s on update, while %s",
				kindName(t.kind), r.fieldText(), r.unset, c.ownerText(r, ev)))
		}
		return // the owner's guard does not help: nil is written as the default
	}
	if c.fromLive(rhs, r, t.root, nil) {
		return // carried over from the live object
	}
	if whole && r.owner == hpa && (c.isZero(rhs) || c.underZeroTest(stack, as)) {
		return // scaled to or from zero: an autoscaler leaves a target at zero replicas alone
	}
	if c.guarded(stack, as, r.owner) {
		return // only where the owner is absent, or only on create
	}
	if whole {
		c.report(as, r, ev, fmt.Sprintf("%s.%s set on every reconcile while %s", kindName(t.kind), r.fieldText(), c.ownerText(r, ev)))
		return
	}
	if c.writtenAfter(t.root, r, as) {
		return // the owned field is written again afterwards: that write is checked
	}
	if c.withoutConversionWebhook(r, rhs) {
		return // a CRD of the module's manifests, none converting by webhook: no bundle to lose
	}
	if ev.At == "" && r.owner == injector {
		built, param := c.valueOrigin(rhs)
		if param >= 0 {
			// The caller's value: its callers tell where it comes from.
			c.record(c.replacement(r, t, as, -1, param))
		}
		if !built {
			return // no annotation named, and the new value's origin unknown: it may hold the bundle
		}
	}
	if d := c.live.Where(lhs, true); d.OnlyApplied && d.Set&flow.Unknown == 0 {
		return // sent only as desired state: apply leaves the owner's field where it is
	}
	part := strings.Join(t.names, ".")
	c.report(as, r, ev, fmt.Sprintf("live %s's %s replaced wholesale, %s with it, while %s", kindName(t.kind), part, r.fieldText(), c.ownerText(r, ev)))
}

// comparison checks a strict comparison of an owned field of a live
// object that decides a write: the owner's changes read as drift, and the
// write undoes them. Only owners whose presence the module shows are
// checked: an allocated or injected value compared is defaultdrift's.
func (c *checker) comparison(cmp ast.Expr, sides []ast.Expr, stack []ast.Node) {
	for i, side := range sides {
		t, ok := c.targetOf(derefOf(side))
		if !ok {
			continue
		}
		r, whole, ok := c.rowFor(t)
		if !ok || !whole || r.owner.presence != autoscaled || c.live.At(t.root, side.Pos()) == live.NotLive {
			continue
		}
		if slices.ContainsFunc(sides, c.isZero) || slices.ContainsFunc(sides, func(e ast.Expr) bool { return isNil(c.pass.TypesInfo, e) }) {
			return // a test for zero replicas (a workload scaled down for maintenance) or for none: no drift check
		}
		others := false
		for j, o := range sides {
			if j != i && !c.fromLive(o, r, t.root, nil) {
				others = true
			}
		}
		if !others {
			return // the live object compared with itself or its own copy
		}
		ev, ok := c.present(r, t.root, true)
		if !ok || c.guarded(stack, cmp, r.owner) || !c.flow.Decides(cmp) {
			return
		}
		c.emit(analysis.Diagnostic{
			Pos: cmp.Pos(), End: cmp.End(),
			Message: fmt.Sprintf("%s.%s compared strictly to decide a write while %s: every scale reads as drift and is undone",
				kindName(t.kind), r.fieldText(), c.ownerText(r, ev)),
			Related: c.related(ev),
		})
		return
	}
}

// applyCall checks an apply configuration that sets an owned field.
func (c *checker) applyCall(call *ast.CallExpr, stack []ast.Node) {
	fn := k8s.Callee(c.pass.TypesInfo, call)
	if fn == nil || fn.Pkg() == nil {
		return
	}
	sig := fn.Type().(*types.Signature)
	if sig.Recv() == nil {
		return
	}
	recv := k8s.ReceiverName(sig)
	var r *row
	switch {
	case fn.Name() == "WithReplicas" && fn.Pkg().Path() == appsApplyV1 && strings.HasSuffix(recv, "SpecApplyConfiguration"):
		kind := strings.TrimSuffix(recv, "SpecApplyConfiguration")
		r = findRow(k8s.AppsV1, kind)
	case fn.Name() == "WithCABundle" && fn.Pkg().Path() == admApplyV1:
		r = findRow(admissionV1, "ValidatingWebhookConfiguration")
	}
	if r == nil {
		return
	}
	ev, ok := c.present(r, nil, true)
	if !ok || c.guarded(stack, call, r.owner) {
		return
	}
	at := call.Pos()
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		at = sel.Sel.Pos() // in a builder chain, the method, not the chain's start
	}
	c.emit(analysis.Diagnostic{
		Pos: at, End: call.End(),
		Message: fmt.Sprintf("%s.%s applied on every reconcile while %s: %s", recv, fn.Name(), c.ownerText(r, ev), r.fight),
		Related: c.related(ev),
	})
}

// inverse checks the inverse form of a wholesale replacement: a desired
// object sent with Update after only its metadata was copied from the
// live one (live.InverseUpdate) replaces every owned field the desired
// object does not carry over.
func (c *checker) inverse(call *ast.CallExpr, stack []ast.Node) {
	inv, ok := c.live.Inverse(c.fd.Body, call)
	if !ok {
		return
	}
	for _, r := range rowsOf(inv.Type) {
		c.use(r, inv.Type)
		ev, ok := c.present(r, inv.Desired, false)
		if !ok || c.guarded(stack, call, r.owner) {
			continue
		}
		if built, _ := c.valueOrigin(inv.Sent); ev.At == "" && r.owner == injector && !built {
			continue // as in assignment: the desired object's origin is unknown
		}
		if inv.Patch && c.writtenBefore(inv.Live, r, call) {
			continue // the patch's base was given the field first: the difference is chosen
		}
		if c.fromLive(inv.Sent, r, inv.Live, inv.Desired) {
			continue // the owned field is set on the desired object, from the live one or checked there
		}
		how := "sent with Update after only its metadata was copied from the live one"
		if inv.Patch {
			how = "patched with a merge patch taken against the live one"
		}
		c.report(call, r, ev, fmt.Sprintf("%s %s, replacing %s while %s",
			kindName(inv.Type), how, r.fieldText(), c.ownerText(r, ev)))
	}
}

func (c *checker) report(n ast.Node, r *row, ev Evidence, msg string) {
	c.emit(analysis.Diagnostic{
		Pos: n.Pos(), End: n.End(),
		Message: msg + ": " + r.fight,
		Related: c.related(ev),
	})
}

// emit keeps d until the last visit of its function (summarize).
func (c *checker) emit(d analysis.Diagnostic) { c.found = append(c.found, d) }

// related points at the owner's evidence when it is in this package.
func (c *checker) related(ev Evidence) []analysis.RelatedInformation {
	if !ev.pos.IsValid() {
		return nil
	}
	what := "the HorizontalPodAutoscaler's target is set here"
	switch {
	case ev.Handled:
		what = "the manifests' HorizontalPodAutoscalers are handled here"
	case strings.Contains(ev.Kind, "/"):
		what = "the injection annotation " + ev.Kind + " is named here"
	}
	return []analysis.RelatedInformation{{Pos: ev.pos, Message: what}}
}

// ownerText names the owner and its evidence, after "while".
func (c *checker) ownerText(r *row, ev Evidence) string {
	switch r.owner {
	case hpa:
		if ev.Handled {
			return "the HorizontalPodAutoscalers the module handles (" + ev.At + ") scale it"
		}
		return "the HorizontalPodAutoscaler built at " + ev.At + " scales it"
	case injector:
		if ev.At == "" {
			return "a CA injector fills its caBundle (the module never sets it)"
		}
		return "a CA injector fills its caBundle (" + ev.Kind + " at " + ev.At + ")"
	case binder:
		return "the volume binder set it when the claim was bound"
	case jobController:
		return "the Job controller generated it"
	}
	return "another controller owns it"
}

func findRow(pkg, kind string) *row {
	for i := range rows {
		if rows[i].pkg == pkg && rows[i].kind == kind {
			return &rows[i]
		}
	}
	return nil
}

func kindName(t types.Type) string {
	if n := k8s.Named(t); n != nil {
		return n.Obj().Name()
	}
	return "object"
}

// isZero reports whether e is the number zero, or a pointer to it: the
// constant, &v or ptr.To(v) with v a local that only ever holds zero.
func (c *checker) isZero(e ast.Expr) bool {
	info := c.pass.TypesInfo
	e = ast.Unparen(e)
	if tv, ok := info.Types[e]; ok && tv.Value != nil {
		return constant.Sign(tv.Value) == 0 && tv.Value.Kind() == constant.Int
	}
	switch x := e.(type) {
	case *ast.UnaryExpr:
		if x.Op == token.AND {
			return c.isZero(x.X)
		}
	case *ast.StarExpr:
		return c.isZero(x.X)
	case *ast.Ident:
		// A local: every value it may hold is the constant zero (the
		// flow engine's Origin, through its stores and phis).
		o, ok := c.flow.Origin(x)
		if !ok || o.Other || len(o.Params)+len(o.Funcs)+len(o.Fillers) > 0 || len(o.Consts) == 0 {
			return false
		}
		for _, k := range o.Consts {
			if k.Kind() != constant.Int || constant.Sign(k) != 0 {
				return false
			}
		}
		return true
	case *ast.CallExpr:
		fn := k8s.Callee(info, x)
		if len(x.Args) == 1 && (k8s.IsFunc(fn, "k8s.io/utils/ptr", "To") || k8s.IsFunc(fn, "k8s.io/utils/pointer", "Int32")) {
			return c.isZero(x.Args[0])
		}
		if tv, ok := info.Types[x.Fun]; ok && tv.IsType() && len(x.Args) == 1 {
			return c.isZero(x.Args[0]) // int32(0)
		}
	}
	return false
}

// underZeroTest reports whether node runs only under a condition that
// compares something with zero (`if *sts.Spec.Replicas == 0`): a workload
// scaled up from zero, which no autoscaler acts on.
func (c *checker) underZeroTest(stack []ast.Node, node ast.Node) bool {
	child := node
	for i := len(stack) - 1; i >= 0; i-- {
		if ifs, ok := stack[i].(*ast.IfStmt); ok && child == ifs.Body && c.zeroTest(ifs.Cond) {
			return true
		}
		child = stack[i]
	}
	return false
}

// zeroTest reports whether cond holds only when something equals zero:
// `x == 0`, or a conjunction with such a term.
func (c *checker) zeroTest(cond ast.Expr) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return false
	}
	switch b.Op {
	case token.LAND:
		return c.zeroTest(b.X) || c.zeroTest(b.Y)
	case token.EQL:
		return c.isZero(b.X) || c.isZero(b.Y)
	}
	return false
}

// derefOf strips a dereference: *dep.Spec.Replicas.
func derefOf(e ast.Expr) ast.Expr {
	if s, ok := ast.Unparen(e).(*ast.StarExpr); ok {
		return s.X
	}
	return e
}

// isStrictEqual reports whether call compares its two arguments strictly
// (k8s.IsStrictEqual), or compares what two pointers point to (ptr.Equal,
// pointer.Int32Equal): a replica count is a *int32.
func isStrictEqual(info *types.Info, call *ast.CallExpr) bool {
	fn := k8s.Callee(info, call)
	if len(call.Args) != 2 || fn == nil {
		return false
	}
	return k8s.IsStrictEqual(fn) || k8s.IsFunc(fn, "k8s.io/utils/ptr", "Equal") || k8s.IsFunc(fn, "k8s.io/utils/pointer", "Int32Equal")
}
