package fieldfight

// Replacements handed over. A function that replaces a part holding a
// caBundle on an object its caller hands it, or on a live object with a
// value its caller hands it, cannot tell alone whether that is a fight:
// the object may be a copy, the value may carry the bundle. Its summary
// says what it replaces (replacesFact, a fact for the packages that call
// it), and each call answers: reported there when the object is live and
// the value is built by the module; handed on, in the caller's own
// summary, when either is the caller's parameter. A helper of one package
// merging a CRD, called by an apply function of another with the live
// object, called with a CRD the module decodes, is reported at that last
// call.

import (
	"fmt"
	"go/ast"
	"go/types"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/flow"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/funcs"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/k8s"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/live"
)

// replacesFact is a function's summary: the replacements it makes that
// its callers decide (flow.Handoffs).
type replacesFact struct {
	Replaced []flow.Entry[Replacement]
}

func (*replacesFact) AFact() {}

func (f *replacesFact) String() string {
	var parts []string
	for _, e := range f.Replaced {
		obj, val := "a live object", "a value it builds"
		if e.Obj >= 0 {
			obj = fmt.Sprintf("param %d", e.Obj)
		}
		if e.Value >= 0 {
			val = fmt.Sprintf("param %d", e.Value)
		}
		parts = append(parts, fmt.Sprintf("replaces %s's %s %s with %s at %s", obj, e.What.Kind, e.What.Part, val, e.At))
	}
	return "replaces(" + strings.Join(parts, "; ") + ")"
}

// A Replacement replaces the part Part (`Spec`, `Webhooks`) of an object
// of the kind Pkg.Kind: the entry's object (a parameter, or a live object
// the function reads itself) with the entry's value (a parameter, or a
// value the module builds).
type Replacement struct {
	Pkg, Kind, Part string
}

func (r Replacement) row() *row { return findRow(r.Pkg, r.Kind) }

// summarize computes the package's summaries, to a fixed point over its
// calls, and returns the findings of each function's last visit, in
// source order. Generated functions are left out.
func (c *checker) summarize(generated map[*ast.FuncDecl]bool) []analysis.Diagnostic {
	graph := c.graph
	c.replaces = flow.NewHandoffs(c.pass, graph, func(fn *types.Func) ([]flow.Entry[Replacement], bool) {
		f := new(replacesFact)
		ok := c.pass.ImportObjectFact(fn, f)
		return f.Replaced, ok
	}, func(a, b Replacement) bool { return a.Pkg == b.Pkg && a.Kind == b.Kind })
	return graph.FixpointFindings(maxRounds, funcs.Callers, func(fd *ast.FuncDecl) ([]analysis.Diagnostic, bool) {
		if generated[fd] || fd.Body == nil {
			return nil, false
		}
		c.grew, c.found = false, nil
		c.function(fd)
		return c.found, c.grew
	})
}

// maxRounds bounds the fixed point: a replacement is followed up this many
// calls within the package.
const maxRounds = 6

// record adds e to the summary of the function being checked.
func (c *checker) record(e flow.Entry[Replacement]) {
	if c.replaces.Add(c.graph.Func(c.fd), e) {
		c.grew = true
	}
}

// exportSummaries exports the package's summaries, in source order.
func (c *checker) exportSummaries() {
	c.replaces.Export(func(es []flow.Entry[Replacement]) analysis.Fact { return &replacesFact{Replaced: es} })
}

// paramIndex returns the index of v among the parameters of the function
// being checked, or -1 (a closure's parameters are not the function's).
func (c *checker) paramIndex(v *types.Var) int {
	return funcs.ParamIndex(c.graph.Func(c.fd), v)
}

// valueOrigin tells where the value e comes from (flow.Origin): built by
// the module (a literal, a local filled by the module or by a decoder of
// the module's bytes, a result of a function of the module or of such a
// decoder), or one parameter of the function being checked (its index),
// or neither: a value another module's library made or filled, or of a
// caller that cannot be seen.
func (c *checker) valueOrigin(e ast.Expr) (built bool, param int) {
	o, ok := c.flow.Origin(e)
	if !ok || o.Other {
		return false, -1
	}
	if len(o.Params) > 0 {
		return false, c.paramIndex(o.Param()) // a parameter mixed with anything else: neither
	}
	for _, fn := range slices.Concat(o.Funcs, o.Fillers) {
		if !funcs.InModule(c.pass, fn.Pkg()) && !k8s.IsDecoder(fn) {
			return false, -1 // made or filled by another module (a test environment's reader)
		}
	}
	return o.Fresh || len(o.Funcs) > 0, -1
}

// replacedParam records the replacement of an owned part on an object a
// caller hands over (root, a parameter), when nothing in the function
// carries the field over or guards it.
func (c *checker) replacedParam(r *row, t target, as *ast.AssignStmt, rhs ast.Expr, stack []ast.Node) {
	obj := c.paramIndex(t.root)
	if obj < 0 || r.owner != injector {
		return
	}
	ev, ok := c.present(r, t.root, false)
	if !ok || c.fromLive(rhs, r, t.root, nil) || c.guarded(stack, as, r.owner) || c.withoutConversionWebhook(r, rhs) ||
		c.writtenAfter(t.root, r, as) {
		return
	}
	val := -1
	if ev.At == "" {
		built, param := c.valueOrigin(rhs)
		if !built && param < 0 {
			return // the value may hold the bundle
		}
		val = param
	}
	c.record(c.replacement(r, t, as, obj, val))
}

func (c *checker) replacement(r *row, t target, as *ast.AssignStmt, obj, val int) flow.Entry[Replacement] {
	pos := c.pass.Fset.Position(as.Pos())
	return flow.Entry[Replacement]{Obj: obj, Value: val, What: Replacement{Pkg: r.pkg, Kind: r.kind, Part: strings.Join(t.names, ".")},
		At: fmt.Sprintf("%s:%d", filepath.Base(pos.Filename), pos.Line)}
}

// handedOver checks a call of a function whose summary replaces an owned
// part: reported when the object handed over is live and the value built
// by the module, recorded in the caller's summary when either is its
// parameter.
func (c *checker) handedOver(call *ast.CallExpr, stack []ast.Node) {
	for _, h := range c.replaces.Calls(call) {
		r := h.What.row()
		if r == nil {
			continue
		}
		obj := -1
		if h.Obj != nil && c.live.Expr(h.Obj) == live.NotLive {
			if _, obj = c.valueOrigin(h.Obj); obj < 0 {
				continue // a copy, or an object of unknown origin
			}
		}
		ev, ok := c.present(r, nil, false)
		if !ok || c.guarded(stack, call, r.owner) {
			continue
		}
		if h.Value != nil && c.withoutConversionWebhook(r, h.Value) {
			continue // a CRD of the module's manifests, none converting by webhook
		}
		val := -1
		if h.Value != nil && ev.At == "" {
			built, param := c.valueOrigin(h.Value)
			if !built && param < 0 {
				continue // the value may hold the bundle
			}
			val = param
		}
		if obj >= 0 || val >= 0 {
			if c.replaces.HandOn(c.graph.Func(c.fd), h, obj, val) {
				c.grew = true
			}
			continue
		}
		via := append([]string{flow.FuncName(c.pass.Pkg, h.Callee)}, h.Via...)
		c.report(call, r, ev, fmt.Sprintf("%s replaces the live %s's %s wholesale (%s), %s with it, while %s",
			strings.Join(via, " → "), h.What.Kind, h.What.Part, h.At, r.fieldText(), c.ownerText(r, ev)))
	}
}
