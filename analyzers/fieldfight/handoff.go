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

	"github.com/reconcilelint/reconcilelint/analyzers/internal/funcs"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/k8s"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/live"
)

// replacesFact is a function's summary: the replacements it makes that
// its callers decide.
type replacesFact struct {
	Replaced []Replacement
}

func (*replacesFact) AFact() {}

func (f *replacesFact) String() string {
	var parts []string
	for _, r := range f.Replaced {
		obj, val := "a live object", "a value it builds"
		if r.Obj >= 0 {
			obj = fmt.Sprintf("param %d", r.Obj)
		}
		if r.Value >= 0 {
			val = fmt.Sprintf("param %d", r.Value)
		}
		parts = append(parts, fmt.Sprintf("replaces %s's %s %s with %s at %s", obj, r.Kind, r.Part, val, r.At))
	}
	return "replaces(" + strings.Join(parts, "; ") + ")"
}

// A Replacement replaces the part Part (`Spec`, `Webhooks`) of the
// object Obj (a parameter's index, or -1: a live object the function
// reads itself) of the kind Pkg.Kind with the value of parameter Value
// (-1: a value the module builds). At is the assignment (file:line), Via
// the calls that lead from the function to it, outermost first.
type Replacement struct {
	Obj, Value int
	Pkg, Kind  string
	Part       string
	At         string
	Via        []string
}

func (r Replacement) row() *row { return findRow(r.Pkg, r.Kind) }

// summarize computes the package's summaries, to a fixed point over its
// calls, before any function is checked. Nothing is reported meanwhile.
// Generated functions are left out.
func (c *checker) summarize(generated map[*ast.FuncDecl]bool) {
	graph := c.graph
	c.replaces = map[*types.Func]*replacesFact{}
	c.quiet = true
	graph.Fixpoint(maxRounds, funcs.Callers, func(fd *ast.FuncDecl) bool {
		fn := graph.Func(fd)
		if fn == nil || generated[fd] {
			return false
		}
		before := 0
		if f := c.replaces[fn]; f != nil {
			before = len(f.Replaced)
		}
		c.function(fd)
		f := c.replaces[fn]
		return f != nil && len(f.Replaced) > before
	})
	c.quiet = false
}

// maxRounds bounds the fixed point: a replacement is followed up this many
// calls within the package.
const maxRounds = 6

// summary returns the replacements fn makes that its callers decide.
func (c *checker) summary(fn *types.Func) *replacesFact {
	fn = fn.Origin()
	if fn.Pkg() == c.pass.Pkg {
		return c.replaces[fn]
	}
	f := new(replacesFact)
	if fn.Pkg() == nil || !c.pass.ImportObjectFact(fn, f) {
		return nil
	}
	return f
}

// record adds r to the summary of the function being checked.
func (c *checker) record(r Replacement) {
	fn := c.graph.Func(c.fd)
	if fn == nil {
		return
	}
	f := c.replaces[fn]
	if f == nil {
		f = &replacesFact{}
		c.replaces[fn] = f
	}
	for _, x := range f.Replaced {
		if x.Obj == r.Obj && x.Value == r.Value && x.Kind == r.Kind && x.Pkg == r.Pkg && x.At == r.At {
			return
		}
	}
	f.Replaced = append(f.Replaced, r)
}

// exportSummaries exports the package's summaries, in source order.
func (c *checker) exportSummaries() {
	for _, fd := range c.graph.Decls {
		if fn := c.graph.Func(fd); fn != nil && c.replaces[fn] != nil {
			c.pass.ExportObjectFact(fn, c.replaces[fn])
		}
	}
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
		if len(o.Params) > 1 && slices.ContainsFunc(o.Params[1:], func(p *types.Var) bool { return p != o.Params[0] }) {
			return false, -1
		}
		if o.Fresh || len(o.Funcs) > 0 {
			return false, -1
		}
		return false, c.paramIndex(o.Params[0])
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
		c.writtenBetween(t.root, r, as.End(), c.fd.Body.End()) {
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

func (c *checker) replacement(r *row, t target, as *ast.AssignStmt, obj, val int) Replacement {
	pos := c.pass.Fset.Position(as.Pos())
	return Replacement{Obj: obj, Value: val, Pkg: r.pkg, Kind: r.kind, Part: strings.Join(t.names, "."),
		At: fmt.Sprintf("%s:%d", filepath.Base(pos.Filename), pos.Line)}
}

// handedOver checks a call of a function whose summary replaces an owned
// part: reported when the object handed over is live and the value built
// by the module, recorded in the caller's summary when either is its
// parameter.
func (c *checker) handedOver(call *ast.CallExpr, stack []ast.Node) {
	fn := k8s.Callee(c.pass.TypesInfo, call)
	if fn == nil {
		return
	}
	f := c.summary(fn)
	if f == nil {
		return
	}
	for _, rp := range f.Replaced {
		r := rp.row()
		if r == nil || rp.Obj >= len(call.Args) || rp.Value >= len(call.Args) {
			continue
		}
		obj := -1
		if rp.Obj >= 0 {
			arg := call.Args[rp.Obj]
			if c.live.Expr(arg) == live.NotLive {
				if _, obj = c.valueOrigin(arg); obj < 0 {
					continue // a copy, or an object of unknown origin
				}
			}
		}
		ev, ok := c.present(r, nil, false)
		if !ok || c.guarded(stack, call, r.owner) {
			continue
		}
		if rp.Value >= 0 && c.withoutConversionWebhook(r, call.Args[rp.Value]) {
			continue // a CRD of the module's manifests, none converting by webhook
		}
		val := -1
		if rp.Value >= 0 && ev.At == "" {
			built, param := c.valueOrigin(call.Args[rp.Value])
			if !built && param < 0 {
				continue // the value may hold the bundle
			}
			val = param
		}
		via := append([]string{funcName(c.pass.Pkg, fn)}, rp.Via...)
		if obj >= 0 || val >= 0 {
			c.record(Replacement{Obj: obj, Value: val, Pkg: rp.Pkg, Kind: rp.Kind, Part: rp.Part, At: rp.At, Via: via})
			continue
		}
		c.report(call, r, ev, fmt.Sprintf("%s replaces the live %s's %s wholesale (%s), %s with it, while %s",
			strings.Join(via, " → "), rp.Kind, rp.Part, rp.At, r.fieldText(), c.ownerText(r, ev)))
	}
}

// funcName names fn as a caller in pkg writes it: `merge`,
// `resourcemerge.EnsureCRD`, `Applier.Apply`.
func funcName(pkg *types.Package, fn *types.Func) string {
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
