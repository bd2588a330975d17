// Package live tells which Kubernetes objects in a package are live (read
// from the API server) and which are desired (built by the operator).
//
// It is an analysis.Analyzer whose result other analyzers require, so the
// rules are computed once per package and are the same for all of them.
//
// A variable (local or parameter) holding a Kubernetes object is live when:
//
//  1. it is the target of controller-runtime's client.Reader.Get, or is
//     taken from the Items of a list filled by client.Reader.List
//     (`for _, x := range list.Items`, `x := &list.Items[i]`);
//  2. it is assigned the result of a typed clientset's Get (a method Get
//     declared under k8s.io/client-go/kubernetes/typed/);
//  3. it is the object passed to controllerutil.CreateOrUpdate or
//     CreateOrPatch: inside the mutate function the object holds the
//     server's copy;
//  4. the function passes it to Update or Patch (controller-runtime's
//     client.Writer or status writer, or a typed clientset): it must exist
//     on the server, so it was read from there;
//  5. it is a parameter to which some call in the package passes a live
//     object, or an argument of a call of a package function that reads
//     into that parameter with Get (`r.getOrCreate(ctx, key, current)`),
//     both computed to a fixed point;
//  6. it is assigned from a live variable, its DeepCopy, a type assertion,
//     a field path of one, or an accessor of one returning a pointer to a
//     struct (`pod := live.DeepCopy()`, `tmpl := &dep.Spec.Template`,
//     `pod := obj.(*corev1.Pod)`, `tmpl := workload.PodTemplate()`);
//  7. it is a runtime.Object or client.Object parameter of a function
//     literal that returns nothing and is handed to other code (a call
//     argument or a struct field): a reconcile framework's update
//     callback, which receives the object it read and mutates it in place
//     (`UpdateInPlace: func(key client.ObjectKey, obj runtime.Object)`).
//     A callback that builds an object returns it, so it is not matched.
//
// Everything else is desired: objects built with a composite literal or a
// constructor and then created or applied are never live. A variable is
// live for the whole function once one rule holds, which is imprecise for
// a variable that is reassigned between a desired and a live object; the
// analyzers accept that, since operators rarely reuse a variable so.
package live

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/directive"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/funcs"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/astutil"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/k8s"
)

// Analyzer computes the live variables of a package.
var Analyzer = directive.Guard(&analysis.Analyzer{
	Name:       "reconcilelintlive",
	Doc:        "compute which Kubernetes object variables are live (read from the API server)",
	Run:        run,
	ResultType: reflect.TypeFor[*Result](),
	Requires:   []*analysis.Analyzer{funcs.Analyzer},
})

// Reason says why a variable is live.
type Reason int

const (
	NotLive        Reason = iota
	ReadByGet             // target of client.Reader.Get, or an item of a listed list
	ClientsetGet          // result of a typed clientset Get
	MutateFunction        // object of controllerutil.CreateOrUpdate/CreateOrPatch
	Written               // passed to Update or Patch
	LiveArgument          // parameter receiving live objects from callers
	Derived               // copied or taken from a live variable
	Callback              // object parameter of an update callback
)

func (r Reason) String() string {
	switch r {
	case ReadByGet:
		return "read with Get or List"
	case ClientsetGet:
		return "read with a clientset Get"
	case MutateFunction:
		return "the object of a CreateOrUpdate mutate function"
	case Written:
		return "written back with Update or Patch"
	case LiveArgument:
		return "passed live objects by its callers"
	case Derived:
		return "derived from a live object"
	case Callback:
		return "the object of an update callback"
	}
	return "not live"
}

// Result holds the live variables of a package.
type Result struct {
	info  *types.Info
	pkg   *types.Package
	vars  map[*types.Var]Reason
	lists map[*types.Var]bool // lists filled by client.Reader.List
}

// VarReason returns why v is live, or NotLive.
func (r *Result) VarReason(v *types.Var) Reason { return r.vars[v] }

// Expr returns why the object that e refers to is live: e is a live
// variable, or a field path, index, dereference or method result
// (GetAnnotations()) rooted at one.
func (r *Result) Expr(e ast.Expr) Reason {
	if v := astutil.RootVar(r.info, e); v != nil {
		return r.vars[v]
	}
	return NotLive
}

func run(pass *analysis.Pass) (any, error) {
	r := &Result{info: pass.TypesInfo, pkg: pass.Pkg, vars: map[*types.Var]Reason{}, lists: map[*types.Var]bool{}}
	if k8s.Irrelevant(pass) {
		return r, nil // fast path: no Kubernetes object can be named here
	}
	// Local rules first, then live arguments and derivations to a fixed
	// point; each round can only add variables. A new live variable can
	// make more of its own function live, its callees' parameters, and its
	// callers' arguments.
	graph := funcs.Of(pass)
	for _, fd := range graph.Decls {
		r.local(fd.Body)
	}
	if len(r.vars) == 0 && len(r.lists) == 0 {
		return r, nil // every derivation starts from a live variable or a listed one
	}
	graph.Fixpoint(maxRounds, funcs.Self|funcs.Callers|funcs.Callees, func(fd *ast.FuncDecl) bool {
		return r.propagate(fd.Body)
	})
	return r, nil
}

// maxRounds bounds the fixed point: liveness is followed through this many
// rounds of derivations and calls in one package.
const maxRounds = 16

func (r *Result) mark(e ast.Expr, why Reason) bool {
	v := astutil.RootVar(r.info, e)
	if v == nil || !isObjectLike(v.Type()) {
		return false
	}
	if _, ok := r.vars[v]; ok {
		return false
	}
	r.vars[v] = why
	return true
}

// local applies rules 1 to 4.
func (r *Result) local(body *ast.BlockStmt) {
	info := r.info
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.KeyValueExpr:
			r.callback(n.Value)
		case *ast.CallExpr:
			for _, arg := range n.Args {
				r.callback(arg)
			}
			fn := k8s.Callee(info, n)
			if fn == nil {
				return true
			}
			switch {
			case isClientMethod(fn, "Get") && len(n.Args) >= 3:
				r.mark(n.Args[2], ReadByGet)
			case isClientMethod(fn, "List") && len(n.Args) >= 2:
				if v := astutil.RootVar(info, n.Args[1]); v != nil {
					r.lists[v] = true
				}
			case (k8s.IsFunc(fn, k8s.Controllerutil, "CreateOrUpdate") || k8s.IsFunc(fn, k8s.Controllerutil, "CreateOrPatch")) && len(n.Args) >= 3:
				r.mark(n.Args[2], MutateFunction)
			case isClientMethod(fn, "Update") && len(n.Args) >= 2:
				r.mark(n.Args[1], Written)
			case isClientMethod(fn, "Patch") && len(n.Args) >= 3 && !isApplyPatch(info, n.Args[2]):
				r.mark(n.Args[1], Written) // a server-side apply patch sends a desired object
			case isClientsetMethod(fn, "Update") || isClientsetMethod(fn, "Patch"):
				if len(n.Args) >= 2 && isObjectLike(info.TypeOf(n.Args[1])) {
					r.mark(n.Args[1], Written)
				}
			}
		case *ast.AssignStmt:
			// x, err := clientset.CoreV1().Pods(ns).Get(ctx, name, opts)
			if len(n.Rhs) == 1 && len(n.Lhs) >= 1 {
				if call, ok := ast.Unparen(n.Rhs[0]).(*ast.CallExpr); ok {
					if fn := k8s.Callee(info, call); fn != nil && isClientsetMethod(fn, "Get") {
						r.mark(n.Lhs[0], ClientsetGet)
					}
				}
			}
		}
		return true
	})
}

// callback applies rule 7 to e, a call argument or a struct field value.
func (r *Result) callback(e ast.Expr) {
	lit, ok := ast.Unparen(e).(*ast.FuncLit)
	if !ok || lit.Type.Results != nil && len(lit.Type.Results.List) > 0 {
		return
	}
	for _, field := range lit.Type.Params.List {
		for _, name := range field.Names {
			v, _ := r.info.Defs[name].(*types.Var)
			if v != nil && isGenericObject(v.Type()) {
				if _, seen := r.vars[v]; !seen {
					r.vars[v] = Callback
				}
			}
		}
	}
}

// isGenericObject reports whether t is runtime.Object or client.Object.
func isGenericObject(t types.Type) bool {
	return k8s.IsNamed(t, k8s.Runtime, "Object") || k8s.IsNamed(t, k8s.Client, "Object")
}

// propagate applies rules 5 and 6 once; it reports whether it added any.
func (r *Result) propagate(body *ast.BlockStmt) bool {
	info := r.info
	changed := false
	liveExpr := func(e ast.Expr) Reason {
		e = ast.Unparen(e)
		if call, ok := e.(*ast.CallExpr); ok {
			// live.DeepCopy()
			if k8s.IsDeepCopy(info, call) {
				return r.Expr(ast.Unparen(call.Fun).(*ast.SelectorExpr).X)
			}
			// tmpl := live.PodTemplate(): an accessor handing out a pointer
			// into the live object (a method without arguments returning a
			// pointer to a struct), through an interface too.
			if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && len(call.Args) == 0 && info.Selections[sel] != nil {
				if p, ok := info.TypeOf(call).(*types.Pointer); ok {
					if _, isStruct := p.Elem().Underlying().(*types.Struct); isStruct {
						return r.Expr(sel.X)
					}
				}
			}
			return NotLive
		}
		if ta, ok := e.(*ast.TypeAssertExpr); ok {
			return r.Expr(ta.X) // pod := obj.(*corev1.Pod)
		}
		return r.Expr(e)
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if len(n.Lhs) == len(n.Rhs) {
				for i, rhs := range n.Rhs {
					if _, isIdent := ast.Unparen(n.Lhs[i]).(*ast.Ident); isIdent && liveExpr(rhs) != NotLive {
						changed = r.mark(n.Lhs[i], Derived) || changed
					}
				}
			}
		case *ast.RangeStmt:
			// for _, item := range list.Items, with list filled by List.
			if n.Value != nil && r.listed(n.X) {
				changed = r.mark(n.Value, ReadByGet) || changed
			}
		case *ast.CallExpr:
			fn := k8s.Callee(info, n)
			if fn == nil || fn.Pkg() != r.pkg {
				return true // only this package's callers are all known
			}
			params := paramsOf(fn)
			for i, arg := range n.Args {
				if i < len(params) && params[i] != nil && r.vars[params[i]] == ReadByGet {
					// get(ctx, key, obj): a helper reading into the object
					// it is handed makes the caller's object live.
					changed = r.mark(arg, ReadByGet) || changed
				}
				if i < len(params) && params[i] != nil && liveExpr(arg) != NotLive {
					if _, ok := r.vars[params[i]]; !ok && isObjectLike(params[i].Type()) {
						r.vars[params[i]] = LiveArgument
						changed = true
					}
				}
			}
		}
		return true
	})
	// list.Items[i] taken by address or value: item := &list.Items[i].
	astutil.Assignments(body, func(lhs, rhs ast.Expr) {
		x := ast.Unparen(rhs)
		if u, ok := x.(*ast.UnaryExpr); ok {
			x = ast.Unparen(u.X)
		}
		if ix, ok := x.(*ast.IndexExpr); ok && r.listed(ix.X) {
			changed = r.mark(lhs, ReadByGet) || changed
		}
	})
	return changed
}

// listed reports whether e is list.Items of a list that client.Reader.List
// filled in this package.
func (r *Result) listed(e ast.Expr) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Items" {
		return false
	}
	v := astutil.RootVar(r.info, sel.X)
	return v != nil && r.lists[v]
}

// paramsOf returns the declared parameters of fn (of its generic origin).
func paramsOf(fn *types.Func) []*types.Var {
	sig := fn.Origin().Type().(*types.Signature)
	out := make([]*types.Var, sig.Params().Len())
	for i := range out {
		out[i] = sig.Params().At(i)
	}
	return out
}

// isApplyPatch reports whether e is controller-runtime's client.Apply.
func isApplyPatch(info *types.Info, e ast.Expr) bool {
	var id *ast.Ident
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		id = x
	case *ast.SelectorExpr:
		id = x.Sel
	default:
		return false
	}
	v, ok := info.Uses[id].(*types.Var)
	return ok && v.Name() == "Apply" && v.Pkg() != nil && v.Pkg().Path() == k8s.Client
}

// isClientMethod reports whether fn is the controller-runtime client method
// name (of Reader, Writer, Client, or a status or sub-resource writer), or
// a method of that name on a type that implements client.Client.
func isClientMethod(fn *types.Func, name string) bool {
	if fn.Name() != name || fn.Pkg() == nil {
		return false
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return false
	}
	if fn.Pkg().Path() == k8s.Client {
		return true
	}
	// A reconciler embedding client.Client: r.Get resolves to the
	// interface method, declared in the client package, so it was caught
	// above. A fake or wrapper client with its own method is matched by
	// its parameter types: (context.Context, ..., client.Object, ...).
	params := sig.Params()
	for i := range params.Len() {
		if k8s.IsNamed(params.At(i).Type(), k8s.Client, "Object") {
			return true
		}
	}
	return false
}

// isClientsetMethod reports whether fn is a typed clientset method name.
func isClientsetMethod(fn *types.Func, name string) bool {
	return k8s.IsClientMethod(fn, name) && fn.Pkg().Path() != k8s.Client
}

// isObjectLike reports whether t (or *t) is a struct or an interface: a
// Kubernetes object, or client.Object.
func isObjectLike(t types.Type) bool {
	if t == nil {
		return false
	}
	t = types.Unalias(t)
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	switch t.Underlying().(type) {
	case *types.Struct, *types.Interface:
		return true
	}
	return false
}

// IsUpdate reports whether call is an Update of an object through
// controller-runtime's client (or a client with its shape) or a typed
// clientset, and returns the object argument.
func IsUpdate(info *types.Info, call *ast.CallExpr) (ast.Expr, bool) {
	fn := k8s.Callee(info, call)
	if fn == nil {
		return nil, false
	}
	switch {
	case isClientMethod(fn, "Update") && len(call.Args) >= 2:
		return call.Args[1], true
	case isClientsetMethod(fn, "Update") && len(call.Args) >= 2:
		return call.Args[1], true
	}
	return nil, false
}

// IsRead reports whether why says the object was read from the server
// (Get, List, a clientset Get, a mutate function's object), as opposed to
// only written back or passed in.
func IsRead(why Reason) bool {
	return why == ReadByGet || why == ClientsetGet || why == MutateFunction
}

// An InverseUpdate is the inverse form of a wholesale replacement: Desired,
// an object built apart from the live one, is sent with Update after only
// metadata was copied into it from Live, an object of the same type read
// from the server in the same function (At). Everything not copied is
// replaced by the desired value.
type InverseUpdate struct {
	Desired, Live *types.Var
	At            token.Pos
}

// Inverse reports whether call, in body, is an inverse update (see
// InverseUpdate); inits are body's local initialisers (astutil.Inits).
// The metadata copy is an assignment to Desired's ResourceVersion or
// ObjectMeta reading Live, SetResourceVersion, or a call given both
// ObjectMetas (a metadata merge helper), before the call.
func (r *Result) Inverse(body *ast.BlockStmt, call *ast.CallExpr, inits map[*types.Var]ast.Expr) (InverseUpdate, bool) {
	info := r.info
	obj, ok := IsUpdate(info, call)
	if !ok {
		return InverseUpdate{}, false
	}
	v := astutil.RootVar(info, obj)
	if v == nil || k8s.Named(v.Type()) == nil {
		return InverseUpdate{}, false
	}
	if why := r.VarReason(v); IsRead(why) || why == Derived || why == Callback {
		return InverseUpdate{}, false // the live object itself, changed in place
	}
	if init := inits[v]; init != nil && astutil.RootVar(info, init) != nil && r.Expr(init) != NotLive {
		return InverseUpdate{}, false
	}
	src, at := r.metadataSource(body, v, call.Pos())
	if src == nil {
		return InverseUpdate{}, false
	}
	return InverseUpdate{Desired: v, Live: src, At: at}, true
}

func (r *Result) metadataSource(body *ast.BlockStmt, v *types.Var, pos token.Pos) (*types.Var, token.Pos) {
	info := r.info
	kind := k8s.Named(v.Type()).Obj()
	source := func(e ast.Expr) *types.Var {
		l := astutil.RootVar(info, e)
		if l == nil || l == v || k8s.Named(l.Type()) == nil || k8s.Named(l.Type()).Obj() != kind || !IsRead(r.VarReason(l)) {
			return nil
		}
		return l
	}
	isMeta := func(e ast.Expr) bool {
		t := info.TypeOf(e)
		return t != nil && k8s.IsNamed(t, k8s.MetaV1, "ObjectMeta")
	}
	var found *types.Var
	var at token.Pos
	ast.Inspect(body, func(n ast.Node) bool {
		if found != nil || n == nil || n.Pos() >= pos {
			return found == nil
		}
		switch x := n.(type) {
		case *ast.AssignStmt:
			for i, lhs := range x.Lhs {
				if i >= len(x.Rhs) || astutil.RootVar(info, lhs) != v {
					continue
				}
				sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr)
				if !ok {
					continue
				}
				f, _ := info.Uses[sel.Sel].(*types.Var)
				rv := f != nil && f.Name() == "ResourceVersion" && f.Pkg() != nil && f.Pkg().Path() == k8s.MetaV1
				if rv || isMeta(lhs) {
					if l := source(x.Rhs[i]); l != nil {
						found, at = l, x.Pos()
					}
				}
			}
		case *ast.CallExpr:
			fn := k8s.Callee(info, x)
			if k8s.IsMethodIn(fn, k8s.MetaV1, "SetResourceVersion") && len(x.Args) == 1 {
				if sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr); ok && astutil.RootVar(info, sel.X) == v {
					if l := source(x.Args[0]); l != nil {
						found, at = l, x.Pos()
					}
				}
				return true
			}
			var mine bool
			var theirs *types.Var
			for _, arg := range x.Args {
				if !isMeta(arg) {
					continue
				}
				if astutil.RootVar(info, arg) == v {
					mine = true
				} else if l := source(arg); l != nil {
					theirs = l
				}
			}
			if mine && theirs != nil {
				found, at = theirs, x.Pos()
			}
		}
		return found == nil
	})
	return found, at
}
