package fieldfight

// Evidence that an owner is there: a HorizontalPodAutoscaler built for a
// kind, a CA injection annotation named, caBundle set by the module
// itself. A package's evidence is exported as a package fact, and a
// package sees its own and that of the packages of its module it depends
// on.

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"path/filepath"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/funcs"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/k8s"
)

// injectionKeys are the annotations that ask a CA injector to fill an
// object's caBundle.
var injectionKeys = []string{
	"cert-manager.io/inject-ca-from",
	"cert-manager.io/inject-ca-from-secret",
	"cert-manager.io/inject-apiserver-ca",
	"service.beta.openshift.io/inject-cabundle",
}

// ownersFact is a package's evidence, for the packages that import it.
type ownersFact struct {
	Scaled       []Evidence // HorizontalPodAutoscalers (or ScaledObjects) built, by target kind
	Injections   []Evidence // injection annotations named
	SetsCABundle bool       // the package writes a caBundle itself
}

func (*ownersFact) AFact() {}

func (f *ownersFact) String() string {
	var parts []string
	for _, e := range f.Scaled {
		if e.Handled {
			parts = append(parts, "handles autoscalers at "+e.At)
			continue
		}
		parts = append(parts, "scales "+e.what()+" at "+e.At)
	}
	for _, e := range f.Injections {
		parts = append(parts, "names "+e.Kind+" at "+e.At)
	}
	if f.SetsCABundle {
		parts = append(parts, "sets caBundle")
	}
	return "owners(" + strings.Join(parts, "; ") + ")"
}

// Evidence is one sign of an owner: for a HorizontalPodAutoscaler, the
// kind of its target ("" when not a constant); for an injection, the
// annotation. At is "file.go:line".
type Evidence struct {
	Kind string
	At   string
	// Handled: the module handles HorizontalPodAutoscalers of manifests
	// (`u.GetKind() == "HorizontalPodAutoscaler"`) rather than build one.
	Handled bool
	pos     token.Pos // in this package, for Related; NoPos from a fact
	name    ast.Expr  // the target's name, in this package; nil when not known
}

func (e Evidence) what() string {
	if e.Kind == "" {
		return "any kind"
	}
	return e.Kind
}

// evidence is what a package and its module's dependencies show.
type evidence struct {
	own     ownersFact
	scaled  []Evidence
	injects []Evidence
	setsCA  bool
}

// collect gathers the package's own evidence, exports it, and adds that
// of the module's packages it depends on.
func collect(pass *analysis.Pass, files []*ast.File) *evidence {
	ev := &evidence{}
	info := pass.TypesInfo
	at := func(pos token.Pos) string {
		p := pass.Fset.Position(pos)
		return fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line)
	}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.CompositeLit:
				if kind, name, ok := scaleTarget(info, x); ok {
					ev.own.Scaled = append(ev.own.Scaled, Evidence{Kind: kind, At: at(x.Pos()), pos: x.Pos(), name: name})
				}
				for _, elt := range x.Elts {
					if kv, ok := elt.(*ast.KeyValueExpr); ok {
						if id, ok := kv.Key.(*ast.Ident); ok && isCABundle(info.Uses[id]) && !isNil(info, kv.Value) {
							ev.own.SetsCABundle = true
						}
					}
				}
			case *ast.AssignStmt:
				for _, l := range x.Lhs {
					if sel, ok := ast.Unparen(l).(*ast.SelectorExpr); ok && isCABundle(info.Uses[sel.Sel]) {
						ev.own.SetsCABundle = true
					}
				}
			case *ast.CallExpr:
				fn := k8s.Callee(info, x)
				if fn != nil && fn.Name() == "WithCABundle" && fn.Pkg() != nil && k8s.IsApplyConfigPath(fn.Pkg().Path()) {
					ev.own.SetsCABundle = true
				}
				if fn != nil && fn.Name() == "WithKind" && fn.Pkg() != nil && strings.HasPrefix(fn.Pkg().Path(), "k8s.io/client-go/applyconfigurations/autoscaling/") && len(x.Args) == 1 {
					ev.own.Scaled = append(ev.own.Scaled, Evidence{Kind: stringConst(info, x.Args[0]), At: at(x.Pos()), pos: x.Pos()})
				}
			case *ast.BinaryExpr:
				if handlesAutoscalers(info, x) {
					ev.own.Scaled = append(ev.own.Scaled, Evidence{At: at(x.Pos()), pos: x.Pos(), Handled: true})
				}
			case *ast.BasicLit:
				if x.Kind == token.STRING {
					ev.injectionKey(info, x, at)
				}
			case *ast.Ident:
				if _, ok := info.Uses[x].(*types.Const); ok {
					ev.injectionKey(info, x, at) // a constant of another package, used here
				}
			}
			return true
		})
	}
	if len(ev.own.Scaled)+len(ev.own.Injections) > 0 || ev.own.SetsCABundle {
		f := ev.own
		pass.ExportPackageFact(&f)
	}
	ev.scaled = append(ev.scaled, ev.own.Scaled...)
	ev.injects = append(ev.injects, ev.own.Injections...)
	ev.setsCA = ev.own.SetsCABundle
	// The module's other packages, in a stable order.
	facts := pass.AllPackageFacts()
	sort.Slice(facts, func(i, j int) bool { return facts[i].Package.Path() < facts[j].Package.Path() })
	for _, pf := range facts {
		f, ok := pf.Fact.(*ownersFact)
		if !ok || pf.Package == pass.Pkg {
			continue
		}
		if !funcs.InModule(pass, pf.Package) {
			continue // another module's operator is not deployed with this one
		}
		ev.scaled = append(ev.scaled, f.Scaled...)
		ev.injects = append(ev.injects, f.Injections...)
		ev.setsCA = ev.setsCA || f.SetsCABundle
	}
	return ev
}

// injectionKey records e when it is an injection annotation's key.
func (ev *evidence) injectionKey(info *types.Info, e ast.Expr, at func(token.Pos) string) {
	if key := stringConst(info, e); key != "" && isInjectionKey(key) {
		for _, x := range ev.own.Injections {
			if x.Kind == key {
				return // the first place a key is named is enough
			}
		}
		ev.own.Injections = append(ev.own.Injections, Evidence{Kind: key, At: at(e.Pos()), pos: e.Pos()})
	}
}

// scaleTarget reports whether lit builds the target reference of a
// HorizontalPodAutoscaler (any autoscaling version) or of a KEDA
// ScaledObject, and gives the target's kind when it is a constant and the
// expression of its name.
func scaleTarget(info *types.Info, lit *ast.CompositeLit) (string, ast.Expr, bool) {
	n := k8s.Named(info.TypeOf(lit))
	if n == nil || n.Obj().Pkg() == nil {
		return "", nil, false
	}
	path, typ := n.Obj().Pkg().Path(), n.Obj().Name()
	hpaRef := strings.HasPrefix(path, autoscalingPfx) && typ == "CrossVersionObjectReference"
	keda := path == kedaV1alpha1 && typ == "ScaleTarget"
	if !hpaRef && !keda {
		return "", nil, false
	}
	kind := ""
	var name ast.Expr
	for _, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok && id.Name == "Kind" {
				kind = stringConst(info, kv.Value)
			} else if ok && id.Name == "Name" {
				name = kv.Value
			}
		}
	}
	if keda && kind == "" {
		kind = "Deployment" // KEDA's default target kind
	}
	return kind, name, true
}

// scales returns the evidence that a HorizontalPodAutoscaler scales kind,
// and the object the name of which same says may be its target.
func (ev *evidence) scales(kind string, same func(ast.Expr) bool) (Evidence, bool) {
	for _, e := range ev.scaled {
		if (e.Kind == kind || e.Kind == "") && same(e.name) {
			return e, true
		}
	}
	return Evidence{}, false
}

// injection returns the evidence that a CA injector fills caBundle: an
// injection annotation named in the module, or, with strict false, the
// module never setting caBundle itself (At empty).
func (ev *evidence) injection(strict bool) (Evidence, bool) {
	if len(ev.injects) > 0 {
		return ev.injects[0], true
	}
	if !strict && !ev.setsCA {
		return Evidence{}, true
	}
	return Evidence{}, false
}

func isInjectionKey(s string) bool {
	for _, k := range injectionKeys {
		if s == k {
			return true
		}
	}
	return false
}

// isCABundle reports whether obj is a CABundle field of a Kubernetes API
// type (webhook client configs, APIService).
func isCABundle(obj types.Object) bool {
	v, ok := obj.(*types.Var)
	return ok && v.IsField() && v.Name() == "CABundle" && v.Pkg() != nil && strings.HasPrefix(v.Pkg().Path(), "k8s.io/")
}

// isNil reports whether e is the untyped nil.
func isNil(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[ast.Unparen(e)]
	return ok && tv.IsNil()
}

// stringConst returns the value of e when it is a string constant, or "".
func stringConst(info *types.Info, e ast.Expr) string {
	tv, ok := info.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return ""
	}
	return constant.StringVal(tv.Value)
}

// handlesAutoscalers reports whether b compares an object's kind with
// "HorizontalPodAutoscaler": the module transforms autoscalers of the
// manifests it applies, for targets whose kind is data.
func handlesAutoscalers(info *types.Info, b *ast.BinaryExpr) bool {
	if b.Op != token.EQL && b.Op != token.NEQ {
		return false
	}
	for _, pair := range [][2]ast.Expr{{b.X, b.Y}, {b.Y, b.X}} {
		call, ok := ast.Unparen(pair[0]).(*ast.CallExpr)
		if !ok {
			continue
		}
		if s, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && s.Sel.Name == "GetKind" && stringConst(info, pair[1]) == "HorizontalPodAutoscaler" {
			return true
		}
	}
	return false
}
