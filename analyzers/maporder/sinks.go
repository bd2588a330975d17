package maporder

// Sinks: the order-sensitive destinations (API list fields, apply
// configuration builders, ordered writers) and the type tests behind them.

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/astutil"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/k8s"
)

// A sink is an order-sensitive destination. A sink in a field of an
// object the function builds keeps the object (obj for obj.Spec.Env = x,
// the literal for Container{Env: x}) to ask later where it goes.
type sink struct {
	desc   string
	pos    token.Pos
	object ast.Expr      // the object written into, or nil
	decl   *ast.FuncDecl // the function holding object
}

// apiField returns the field selected by e if it is a field of a Kubernetes
// API struct that is stored (not a request's options).
func (s *fnState) apiField(e ast.Expr) *types.Var {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	v, ok := s.p.pass.TypesInfo.Uses[sel.Sel].(*types.Var)
	owner := s.p.pass.TypesInfo.TypeOf(sel.X)
	if !ok || !s.p.api.IsAPIField(v) || isListItems(owner, v) || k8s.IsRequestOptions(owner) || k8s.Pruned(owner, v) {
		return nil
	}
	return v
}

// isListItems reports whether field is the Items of a top-level kind (a
// struct embedding metav1.ListMeta or metav1.TypeMeta): by API convention
// that is a collection, a list read from the server, handed to an informer
// or sent in a hook request, never a stored list whose order matters.
func isListItems(t types.Type, field *types.Var) bool {
	return field.Name() == "Items" && t != nil && k8s.IsKind(t)
}

// isSinkField reports whether order reaching field matters: a list, a
// string map or a string of any API type (an env value, a condition
// message, a selector kept in a custom resource's status).
func isSinkField(field *types.Var) bool {
	t := field.Type()
	return isStringMap(t) || orderedContent(t)
}

// bookkeeping reports whether val, stored in field, is a hash kept in a
// plain string field of a custom resource: the operator's own record of
// its inputs, not a documented sink. A string of Kubernetes' own types
// stays a sink whatever it holds.
func (s *fnState) bookkeeping(field *types.Var, val ast.Expr) bool {
	if !isBasic(field.Type(), types.IsString) || k8s.IsBuiltinAPIPackage(field.Pkg()) {
		return false
	}
	return s.hashed(val, 3)
}

// hashed reports whether e is computed by a hash function (a call into
// crypto/... or hash/...), or is a local declared with such a value,
// following locals depth deep.
func (s *fnState) hashed(e ast.Expr, depth int) bool {
	if e == nil || depth == 0 {
		return false
	}
	info := s.p.pass.TypesInfo
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.CallExpr:
			if fn := typeutil.Callee(info, n); fn != nil && fn.Pkg() != nil {
				path := fn.Pkg().Path()
				found = path == "hash" || strings.HasPrefix(path, "hash/") || strings.HasPrefix(path, "crypto/")
			}
		case *ast.Ident:
			if v, ok := info.Uses[n].(*types.Var); ok && !v.IsField() {
				found = s.hashed(s.p.flow.Computed(n), depth-1)
			}
		}
		return !found
	})
	return found
}

// sinkField is sink for a field, named Type.Field, at at; object is the
// expression whose field it is (a path rooted at the object, or the
// composite literal). The name is computed only when something reaches it.
func (s *fnState) sinkField(t taint, field *types.Var, at, object ast.Expr) {
	if len(t) == 0 {
		return
	}
	desc, ok := s.p.fieldNames[field]
	if !ok {
		desc = describeField(field)
		s.p.fieldNames[field] = desc
	}
	s.record(t, sink{desc: desc, pos: at.Pos(), object: object, decl: s.decl})
}

// sink records that the origins in t reach an order-sensitive destination.
func (s *fnState) sink(t taint, desc string, pos token.Pos) {
	s.record(t, sink{desc: desc, pos: pos})
}

func (s *fnState) record(t taint, sk sink) {
	if !s.final {
		return
	}
	for _, o := range t {
		if o.kind == fieldOrigin {
			s.p.reachedField(o, sk)
			continue
		}
		if o.kind == methodOrigin {
			s.p.reachedMethod(o, sk)
			continue
		}
		if o.kind == paramOrigin {
			if _, ok := s.sum.sinks[o.param]; !ok {
				s.sum.sinks[o.param] = sink{desc: sk.desc, pos: sk.pos}
				s.p.changed = true
			}
			continue
		}
		if s.report {
			s.p.reached[s.decl] = append(s.p.reached[s.decl], reach{o, sk})
		}
	}
}

// reach is an origin of map order reaching a sink, seen in a visit.
type reach struct {
	origin *origin
	sink   sink
}

// collect turns the sinks reached in the last visit of each function, in
// source order, into findings by origin.
func (p *pkgState) collect(decls []*ast.FuncDecl) {
	for _, decl := range decls {
		for _, r := range p.reached[decl] {
			f := p.findings[r.origin]
			if f == nil {
				f = &finding{origin: r.origin}
				p.findings[r.origin] = f
			}
			if !slices.ContainsFunc(f.sinks, func(x sink) bool { return x.pos == r.sink.pos }) {
				f.sinks = append(f.sinks, r.sink)
			}
		}
	}
}

// writerOf returns the writer that a call writes to: w.Write*(...) on a
// hash, strings.Builder or bytes.Buffer, or fmt.Fprint*(w, ...) and
// io.WriteString(w, ...) with such a w.
func (s *fnState) writerOf(fn *types.Func, call *ast.CallExpr, sel *ast.SelectorExpr) (ast.Expr, bool) {
	info := s.p.pass.TypesInfo
	switch {
	case sel != nil && strings.HasPrefix(fn.Name(), "Write") && info.Selections[sel] != nil:
		if isOrderedWriter(info.TypeOf(sel.X)) {
			return sel.X, true
		}
	case (k8s.IsFunc(fn, "fmt", "Fprint") || k8s.IsFunc(fn, "fmt", "Fprintf") ||
		k8s.IsFunc(fn, "fmt", "Fprintln") || k8s.IsFunc(fn, "io", "WriteString")) && len(call.Args) > 0:
		if isOrderedWriter(info.TypeOf(call.Args[0])) {
			return derefAddr(call.Args[0]), true
		}
	}
	return nil, false
}

// isOrderedWriter reports whether t accumulates what is written to it: a
// strings.Builder, a bytes.Buffer, or a hash (a type with Sum([]byte) []byte).
func isOrderedWriter(t types.Type) bool {
	if t == nil {
		return false
	}
	if k8s.IsNamed(t, "strings", "Builder") || k8s.IsNamed(t, "bytes", "Buffer") {
		return true
	}
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, "Sum")
	fn, ok := obj.(*types.Func)
	if !ok {
		return false
	}
	sig := fn.Type().(*types.Signature)
	return sig.Params().Len() == 1 && sig.Results().Len() == 1 && isBytes(sig.Params().At(0).Type())
}

// orderedContent reports whether values of t carry an order: slices,
// arrays and strings (including []byte).
func orderedContent(t types.Type) bool {
	switch u := types.Unalias(t).Underlying().(type) {
	case *types.Slice, *types.Array:
		return true
	case *types.Basic:
		return u.Info()&types.IsString != 0
	case *types.Pointer:
		return isSlice(u.Elem())
	}
	return false
}

// isStringMap reports whether t is a map whose values carry order
// (annotations, labels, ConfigMap data, selectors).
func isStringMap(t types.Type) bool {
	m, ok := under[*types.Map](t)
	return ok && orderedContent(m.Elem())
}

// under returns the underlying type of t as a U, if it is one.
func under[U types.Type](t types.Type) (U, bool) {
	u, ok := types.Unalias(t).Underlying().(U)
	return u, ok
}

func isSlice(t types.Type) bool {
	_, ok := under[*types.Slice](t)
	return ok
}

func isPointerToSlice(t types.Type) bool {
	p, ok := under[*types.Pointer](t)
	return ok && isSlice(p.Elem())
}

// isObjectList reports whether t is a list of objects that a callee can
// fill: a pointer to a list kind (*corev1.PodList), or a client.ObjectList.
func isObjectList(t types.Type) bool {
	if k8s.IsNamed(t, k8s.Client, "ObjectList") {
		return true
	}
	p, ok := under[*types.Pointer](t)
	if !ok || !k8s.IsKind(p.Elem()) {
		return false
	}
	st, ok := under[*types.Struct](p.Elem())
	if !ok {
		return false
	}
	for f := range st.Fields() {
		if f.Name() == "Items" && isSlice(f.Type()) {
			return true
		}
	}
	return false
}

func isBytes(t types.Type) bool {
	s, ok := under[*types.Slice](t)
	if !ok {
		return false
	}
	b, ok := under[*types.Basic](s.Elem())
	return ok && b.Kind() == types.Byte
}

func isInteger(t types.Type) bool { return isBasic(t, types.IsInteger) }

// isBasic reports whether t is a basic type with the property info.
func isBasic(t types.Type, info types.BasicInfo) bool {
	b, ok := under[*types.Basic](t)
	return ok && b.Info()&info != 0
}

// isAppendTo reports whether e is append(dst, ...) with dst the location
// lhs is (compared as access paths).
func isAppendTo(info *types.Info, e, lhs ast.Expr) bool {
	if !astutil.IsAppend(info, e) {
		return false
	}
	call := ast.Unparen(e).(*ast.CallExpr)
	if len(call.Args) == 0 {
		return false
	}
	a, aok := astutil.PathOf(info, call.Args[0])
	b, bok := astutil.PathOf(info, lhs)
	return aok && bok && a.Equal(b)
}
