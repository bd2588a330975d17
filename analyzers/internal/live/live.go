// Package live tells the syntax-based analyzers which Kubernetes objects
// of a package are live (read from the API server) and which are desired
// (built by the operator), by variable and by expression.
//
// The answer is the flow engine's (package flow): a variable is live when
// a value it takes in the package's SSA form is. The rules, and what is
// followed, are documented there. This package adds what the analyzers
// ask in the terms of the syntax tree: the root variable of an
// expression, and the inverse form of a wholesale update (Inverse).
package live

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/astutil"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/directive"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/flow"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/k8s"
)

// Analyzer gives the live variables of a package.
var Analyzer = directive.Guard(&analysis.Analyzer{
	Name:       "reconcilelintlive",
	Doc:        "tell which Kubernetes object variables are live (read from the API server)",
	Run:        run,
	ResultType: reflect.TypeFor[*Result](),
	Requires:   []*analysis.Analyzer{flow.Analyzer},
})

// Reason says why a variable is live; see flow.Reason.
type Reason = flow.Reason

const (
	NotLive        = flow.NotLive
	ReadByGet      = flow.ReadByGet
	ClientsetGet   = flow.ClientsetGet
	MutateFunction = flow.MutateFunction
	Written        = flow.WrittenBack
	LiveArgument   = flow.LiveArgument
	Derived        = flow.Derived
	Callback       = flow.Callback
)

// Result holds the live variables of a package.
type Result struct {
	info *types.Info
	flow *flow.Result
}

// VarReason returns why v is live, or NotLive.
func (r *Result) VarReason(v *types.Var) Reason { return r.flow.Var(v) }

// CalledWhen returns the conditions under which a framework runs the
// callback lit (flow.Result.CalledWhen).
func (r *Result) CalledWhen(lit *ast.FuncLit) []flow.Cond { return r.flow.CalledWhen(lit) }

// At returns why v is live where it is used at pos: VarReason, unless
// from there on the object is only sent with Create (the NotFound branch
// after a Get; see flow.Result.OnlyCreatedAfter), or v is a parameter
// whose callers hand it live objects only to create them
// (flow.Result.ParamOnlyCreated), or pos is on the branch where the
// object has not been created yet (`if obj.CreationTimestamp.IsZero()`
// in a mutate function; flow.Result.BeforeCreation), or v holds an object
// its function allocates that is read only on paths that do not reach pos
// (a branch that looks it up to delete it and returns;
// flow.Result.NotReadAt), or v is a parameter whose callers hand it only
// such objects (flow.Result.ParamNotRead).
func (r *Result) At(v *types.Var, pos token.Pos) Reason {
	why := r.flow.Var(v)
	if why != NotLive && (r.flow.OnlyCreatedAfter(v, pos) || r.flow.ParamOnlyCreated(v) || r.flow.BeforeCreation(v, pos) || r.flow.NotReadAt(v, pos) || r.flow.ParamNotRead(v, pos)) {
		return NotLive
	}
	return why
}

// BeforeCreation reports whether pos runs only while v's object has not
// been created yet (flow.Result.BeforeCreation).
func (r *Result) BeforeCreation(v *types.Var, pos token.Pos) bool {
	return r.flow.BeforeCreation(v, pos)
}

// Where returns where the object of e (or, with root, of the variable e
// is rooted at) goes: flow.Result.Where.
func (r *Result) Where(e ast.Expr, root bool) flow.Dest { return r.flow.Where(e, root) }

// WhereVar returns where the object held by v goes (flow.Result.WhereVar).
func (r *Result) WhereVar(v *types.Var) flow.Dest { return r.flow.WhereVar(v) }

// Carries reports whether the value of e is built from what the location
// loc held (flow.Result.Carries).
func (r *Result) Carries(e, loc ast.Expr) bool { return r.flow.Carries(e, loc) }

// Locate returns what e is rooted at (flow.Result.Locate).
func (r *Result) Locate(e ast.Expr) flow.Location { return r.flow.Locate(e) }

// LocateVar returns what the values of v are rooted at
// (flow.Result.LocateVar).
func (r *Result) LocateVar(v *types.Var) flow.Location { return r.flow.LocateVar(v) }

// Computed returns the expression that computes the value of e, read
// through locals (flow.Result.Computed), or nil.
func (r *Result) Computed(e ast.Expr) ast.Expr { return r.flow.Computed(e) }

// Constant reports whether every value e holds is a constant, through
// locals (flow.Result.Constant).
func (r *Result) Constant(e ast.Expr) bool { return r.flow.Constant(e) }

// Allocated reports whether every object the local v holds is allocated
// by its function (flow.Result.Allocated).
func (r *Result) Allocated(v *types.Var) bool { return r.flow.Allocated(v) }

// CarriesFrom reports whether the value of e is built from a read that
// q accepts (flow.Result.CarriesFrom).
func (r *Result) CarriesFrom(e ast.Expr, q flow.Carry) bool { return r.flow.CarriesFrom(e, q) }

// Expr returns why the object that e refers to is live: e is a live
// variable, or a field path, index, dereference or method result
// (GetAnnotations()) rooted at one.
func (r *Result) Expr(e ast.Expr) Reason {
	if v := astutil.RootVar(r.info, e); v != nil {
		return r.flow.Var(v)
	}
	return NotLive
}

func run(pass *analysis.Pass) (any, error) {
	return &Result{info: pass.TypesInfo, flow: pass.ResultOf[flow.Analyzer].(*flow.Result)}, nil
}

// IsUpdate reports whether call is an Update of an object through
// controller-runtime's client (or a client with its shape) or a typed
// clientset, and returns the object argument.
func IsUpdate(info *types.Info, call *ast.CallExpr) (ast.Expr, bool) {
	fn := k8s.Callee(info, call)
	if fn == nil {
		return nil, false
	}
	if (flow.IsClientMethod(fn, "Update") || k8s.IsClientMethod(fn, "Update")) && len(call.Args) >= 2 {
		return call.Args[1], true
	}
	return nil, false
}

// IsRead reports whether why says the object was read from the server
// (Get, List, a clientset Get, a mutate function's object), as opposed to
// only written back or passed in.
func IsRead(why Reason) bool { return flow.IsRead(why) }

// IsReadOrCopy reports whether why says the object was read from the
// server (IsRead) or copied from one that was (Derived).
func IsReadOrCopy(why Reason) bool { return IsRead(why) || why == Derived }

// An InverseUpdate is the inverse form of a wholesale replacement: Desired,
// an object built apart from the live one, is sent with Update after only
// metadata was copied into it from Live, an object of the same type that
// holds the server's copy (serverCopy: read by the function or by a helper
// that returns it, a copy of one, a local written back itself) (At), or
// with a merge patch taken against Live (Patch). Everything not copied is replaced by the desired
// value.
type InverseUpdate struct {
	// Desired is nil when no variable holds the desired object: the call
	// that builds it is handed straight to the helper or the patch
	// (`kubeutil.UpdateFromObject(ctx, c, build(cr), live.ObjectMeta)`).
	Desired, Live *types.Var
	// Type is the desired object's type.
	Type types.Type
	At   token.Pos
	// Patch says the desired object is sent with a merge patch taken
	// against a copy of Live (`Patch(ctx, desired,
	// client.MergeFrom(live.DeepCopy()))`), At the patch's making: the
	// patch deletes what Live has and Desired lacks. No metadata copy is
	// needed then.
	Patch bool
	// Sent is the object argument of the call.
	Sent ast.Expr
}

// Inverse reports whether call, in body, is an inverse update (see
// InverseUpdate): not the live object, or a copy of it (flow.Result.Locate
// through DeepCopy and locals), changed and written back.
// The metadata copy is an assignment to Desired's ResourceVersion or
// ObjectMeta reading Live (directly, or through a local holding a part of
// it: flow.Result.Locate), SetResourceVersion, a call given both
// ObjectMetas (a metadata merge helper), or a call of a helper of the
// package that copies the resourceVersion of one parameter into another
// (flow.Result.MetaCopies), given both objects, before the call. A merge
// Patch of Desired whose base is a copy of Live (flow.Result.Locate) is
// one too, without a metadata copy (InverseUpdate.Patch).
func (r *Result) Inverse(body *ast.BlockStmt, call *ast.CallExpr) (InverseUpdate, bool) {
	info := r.info
	if inv, ok := r.overwrite(body, call); ok {
		return inv, true
	}
	obj, ok := IsUpdate(info, call)
	base, patched := r.mergePatch(call)
	if !ok && !patched {
		return InverseUpdate{}, false
	}
	if patched {
		obj = call.Args[1]
	}
	v, t := r.desiredObject(obj)
	if t == nil {
		return InverseUpdate{}, false
	}
	if patched {
		l := r.flow.Locate(base.Args[0]).Root
		if l == nil || l == v || k8s.Named(l.Type()) == nil || k8s.Named(l.Type()).Obj() != k8s.Named(t).Obj() || !IsRead(r.VarReason(l)) {
			return InverseUpdate{}, false
		}
		return InverseUpdate{Desired: v, Live: l, Type: t, At: base.Pos(), Patch: true, Sent: obj}, true
	}
	if v == nil {
		return InverseUpdate{}, false // the metadata copy is made into a variable
	}
	src, at := r.metadataSource(body, v, call.Pos())
	if src == nil {
		return InverseUpdate{}, false
	}
	return InverseUpdate{Desired: v, Live: src, Type: t, At: at, Sent: obj}, true
}

// overwrite reports whether call is a call of a helper, of any package,
// that sends one of the objects it is given with Update after taking the
// resourceVersion of another (flow.Result.Overwrites): given a desired
// object and, for the other, the live one of its kind or a part of it
// (`kubeutil.UpdateFromObject(ctx, c, desired, live.ObjectMeta)`), the
// call writes the desired object over the live one.
func (r *Result) overwrite(body *ast.BlockStmt, call *ast.CallExpr) (InverseUpdate, bool) {
	info := r.info
	fn := k8s.Callee(info, call)
	pairs := r.flow.Overwrites(fn)
	if len(pairs) == 0 {
		return InverseUpdate{}, false
	}
	args := CallOperands(info, call, fn)
	for _, pair := range pairs {
		into, from := pair[0], pair[1]
		if into >= len(args) || from >= len(args) {
			continue
		}
		if v, t := r.desiredObject(args[into]); t != nil {
			if l := r.liveSource(body, args[from], v, t); l != nil {
				return InverseUpdate{Desired: v, Live: l, Type: t, At: call.Pos(), Sent: args[into]}, true
			}
		}
	}
	return InverseUpdate{}, false
}

// desiredObject returns the variable at the root of obj, a workload sent
// in the inverse form, and its type, when it holds an object built apart
// from the live one: not the live object itself changed in place, nor a
// copy of it (DeepCopy) changed and written. A call that builds one
// (`build(cr)`: builtObject) is one too, held by no variable: the variable
// is nil then. Otherwise the type is nil.
func (r *Result) desiredObject(obj ast.Expr) (*types.Var, types.Type) {
	if call, ok := ast.Unparen(obj).(*ast.CallExpr); ok && !k8s.IsDeepCopy(r.info, call) {
		return nil, r.builtObject(obj)
	}
	v := astutil.RootVar(r.info, obj)
	if v == nil || k8s.Named(v.Type()) == nil {
		return nil, nil
	}
	if why := r.VarReason(v); IsRead(why) || why == Derived || why == Callback {
		return nil, nil
	}
	if l := r.flow.Locate(obj).Root; l != nil && l != v && r.VarReason(l) != NotLive {
		return nil, nil
	}
	return v, v.Type()
}

// builtObject returns the type of obj, a Kubernetes object, when obj is
// a call that builds it (flow.Result.Built). Otherwise nil.
func (r *Result) builtObject(obj ast.Expr) types.Type {
	t := r.info.TypeOf(obj)
	if t == nil || k8s.Named(t) == nil || !r.flow.Built(obj) {
		return nil
	}
	return t
}

// liveSource returns the variable of the function whose body is given
// that e is read from, when it holds the server's copy of an object of
// type t (the desired object's, held by desired or by no variable): e's
// root variable or, through locals that hold a part of
// it (`version := current.ResourceVersion`, a copy of its ObjectMeta), the
// one the flow engine locates. The server's copy is an object read (by
// the function, or by a helper that returns it), copied from one, or a
// local written back with Update or Patch itself; a parameter written
// back is not: which object it holds is its callers' to say.
func (r *Result) liveSource(body *ast.BlockStmt, e ast.Expr, desired *types.Var, t types.Type) *types.Var {
	kind := k8s.Named(t).Obj()
	for _, l := range []*types.Var{astutil.RootVar(r.info, e), r.flow.Locate(e).Root} {
		if l == nil || l == desired || k8s.Named(l.Type()) == nil || k8s.Named(l.Type()).Obj() != kind {
			continue
		}
		why := r.VarReason(l)
		if IsReadOrCopy(why) || why == Written && body.Pos() <= l.Pos() && l.Pos() < body.End() {
			return l
		}
	}
	return nil
}

// mergePatch returns the making of the patch when call patches an object
// through the client with a merge patch taken against a base:
// client.MergeFrom(base), MergeFromWithOptions or StrategicMergeFrom,
// given in the call or through a value made by one such call (the flow
// engine's Origin: a local, a phi of one).
func (r *Result) mergePatch(call *ast.CallExpr) (*ast.CallExpr, bool) {
	fn := k8s.Callee(r.info, call)
	if fn == nil || !(flow.IsClientMethod(fn, "Patch") || k8s.IsClientMethod(fn, "Patch")) || len(call.Args) < 3 {
		return nil, false
	}
	mk, ok := ast.Unparen(call.Args[2]).(*ast.CallExpr)
	if !ok {
		o, found := r.flow.Origin(call.Args[2])
		if !found || o.Other || len(o.Params) > 0 || len(o.Calls) != 1 {
			return nil, false
		}
		mk = o.Calls[0]
	}
	if len(mk.Args) == 0 {
		return nil, false
	}
	f := k8s.Callee(r.info, mk)
	for _, name := range []string{"MergeFrom", "MergeFromWithOptions", "StrategicMergeFrom"} {
		if k8s.IsFunc(f, k8s.Client, name) {
			return mk, true
		}
	}
	return nil, false
}

func (r *Result) metadataSource(body *ast.BlockStmt, v *types.Var, pos token.Pos) (*types.Var, token.Pos) {
	info := r.info
	source := func(e ast.Expr) *types.Var { return r.liveSource(body, e, v, v.Type()) }
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
			// A helper of the package that copies the resourceVersion
			// from one of its parameters into another (flow's MetaCopies).
			if args := CallOperands(info, x, fn); args != nil {
				for _, pair := range r.flow.MetaCopies(fn) {
					into, from := pair[0], pair[1]
					if into < len(args) && from < len(args) && astutil.RootVar(info, args[into]) == v {
						if l := source(args[from]); l != nil {
							found, at = l, x.Pos()
						}
					}
				}
				if found != nil {
					return false
				}
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

// CallOperands returns the operands of call in the order of the SSA
// parameters of fn: the receiver first for a method called on a value,
// then the arguments; nil when they cannot be told (a method expression,
// a spread tuple).
func CallOperands(info *types.Info, call *ast.CallExpr, fn *types.Func) []ast.Expr {
	if fn == nil || call.Ellipsis.IsValid() {
		return nil
	}
	sig := fn.Type().(*types.Signature)
	if sig.Recv() == nil {
		return call.Args
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	if s := info.Selections[sel]; s == nil || s.Kind() != types.MethodVal {
		return nil
	}
	return append([]ast.Expr{sel.X}, call.Args...)
}
