// Package fate answers, for an object an operator builds, where it goes:
// is it sent to the API server with a write that replaces what is there
// (Update, Patch, Apply, CreateOrUpdate), compared with something, only
// created, only written out (YAML, JSON, printed), or somewhere this
// package cannot see.
//
// The question belongs to every analyzer whose finding is churn: an order,
// a default or a timestamp that changes on every reconcile matters only
// when the object is written again or compared, and not when it is created
// once or exported for a user to read. The answer is conservative: any use
// not understood is Unknown, and a caller treats Unknown as "may be
// written".
//
// The object is followed through local variables (x := obj, the literal
// it is part of, a range over one of its lists, a pointer into another
// local object), through the returns of unexported functions of the
// package to the calls of them, and through append. Parameters, receivers,
// package variables, exported functions, methods, closures' returns and
// functions used as values are Unknown. Bounds: at most Depth variables or
// returns are followed from one start.
package fate

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/astutil"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/funcs"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/k8s"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/writes"
)

// Set is a set of destinations.
type Set uint8

const (
	Written  Set = 1 << iota // Update, Patch, Apply, CreateOrUpdate/CreateOrPatch
	Compared                 // DeepEqual, cmp.Equal/Diff, ==, !=
	Created                  // Create
	Exported                 // encoded (JSON, YAML) or printed
	Unknown                  // anything else, or past the bound
)

// Churns reports whether an object with these destinations may be sent
// again or compared: anything but only created or exported. An object
// whose destination was not seen at all (built and dropped, returned by a
// function nobody here calls) may churn: silence needs evidence.
func (s Set) Churns() bool { return s == 0 || s&^(Created|Exported) != 0 }

// Depth bounds how many variables and function returns are followed from
// one start: past it, the destination is Unknown.
const Depth = 8

// Tracer follows objects in one package.
type Tracer struct {
	info    *types.Info
	graph   *funcs.Graph
	parents astutil.ParentMaps
}

// New returns a tracer over the functions of graph.
func New(info *types.Info, graph *funcs.Graph) *Tracer {
	return &Tracer{info: info, graph: graph, parents: astutil.ParentMaps{}}
}

type walk struct {
	t      *Tracer
	budget int
	seen   map[any]bool
	out    Set
	write  *ast.CallExpr // the first write met
}

// Dest is where an object goes, and the first call that writes it (an
// Update, Patch, Apply or CreateOrUpdate) when there is one.
type Dest struct {
	Set   Set
	Write *ast.CallExpr
}

// Where is Expr (or Root, when root is true) with the write call.
func (t *Tracer) Where(fd *ast.FuncDecl, e ast.Expr, root bool) Dest {
	w := &walk{t: t, budget: Depth, seen: map[any]bool{}}
	if root {
		w.variable(fd, astutil.RootVar(t.info, e))
	} else {
		w.value(fd, e)
	}
	return Dest{Set: w.out, Write: w.write}
}

// Expr returns where the value of e, an expression in fd, goes: the
// literal it is part of, the variable it is stored in, and on.
func (t *Tracer) Expr(fd *ast.FuncDecl, e ast.Expr) Set {
	w := &walk{t: t, budget: Depth, seen: map[any]bool{}}
	w.value(fd, e)
	return w.out
}

// Var returns where the object held by v, a variable of fd, goes.
func (t *Tracer) Var(fd *ast.FuncDecl, v *types.Var) Set {
	w := &walk{t: t, budget: Depth, seen: map[any]bool{}}
	w.variable(fd, v)
	return w.out
}

// Root returns where the object at the root of e (obj for obj.Spec.Env)
// goes: Unknown when the root is not a variable declared in fd's body.
func (t *Tracer) Root(fd *ast.FuncDecl, e ast.Expr) Set {
	return t.Var(fd, astutil.RootVar(t.info, e))
}

// spend takes one step of the budget; past it the walk gives Unknown.
func (w *walk) spend(key any) bool {
	if w.seen[key] {
		return false
	}
	w.seen[key] = true
	if w.budget == 0 {
		w.out |= Unknown
		return false
	}
	w.budget--
	return true
}

// variable follows every use of v, a local variable of fd, and every
// object v may point into.
func (w *walk) variable(fd *ast.FuncDecl, v *types.Var) {
	if v == nil || fd == nil || fd.Body == nil || v.Pos() < fd.Pos() || v.Pos() >= fd.Body.End() {
		w.out |= Unknown // a package variable, or one of another function
		return
	}
	if v.Pos() < fd.Body.Pos() {
		// A parameter or receiver: its caller may do anything with it, and
		// what this function does is followed too.
		w.out |= Unknown
	}
	if !w.spend(v) {
		return
	}
	info := w.t.info
	parents := w.t.parents.Of(fd)
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok {
			return true
		}
		if info.Defs[id] == v {
			w.defined(fd, id, parents)
			return true
		}
		if info.Uses[id] != v {
			return true
		}
		if w.assignedTo(id, parents) {
			w.defined(fd, id, parents)
			return true
		}
		w.value(fd, w.chain(id, parents))
		return true
	})
}

// assignedTo reports whether id is, by itself, the left side of an
// assignment (v = x).
func (w *walk) assignedTo(id *ast.Ident, parents map[ast.Node]ast.Node) bool {
	as, ok := parents[id].(*ast.AssignStmt)
	if !ok {
		return false
	}
	for _, l := range as.Lhs {
		if l == id {
			return true
		}
	}
	return false
}

// defined follows what v is given where id defines or assigns it: a
// value reached from another local object (a pointer into it, an element
// of its list) makes v share that object's destinations.
func (w *walk) defined(fd *ast.FuncDecl, id *ast.Ident, parents map[ast.Node]ast.Node) {
	switch p := parents[id].(type) {
	case *ast.AssignStmt:
		for i, l := range p.Lhs {
			if l != id {
				continue
			}
			if len(p.Rhs) == len(p.Lhs) {
				w.source(fd, p.Rhs[i])
			} else if len(p.Rhs) == 1 {
				w.source(fd, p.Rhs[0])
			}
		}
	case *ast.ValueSpec:
		for i, n := range p.Names {
			if n == id && i < len(p.Values) {
				w.source(fd, p.Values[i])
			}
		}
	case *ast.RangeStmt:
		w.source(fd, p.X) // an element of a list: it shares the list's object
	}
}

// source follows the objects an assigned value may point into.
func (w *walk) source(fd *ast.FuncDecl, e ast.Expr) {
	info := w.t.info
	switch x := ast.Unparen(e).(type) {
	case *ast.CompositeLit, *ast.BasicLit, *ast.FuncLit:
		return
	case *ast.UnaryExpr:
		w.source(fd, x.X)
		return
	case *ast.CallExpr:
		if k8s.IsDeepCopy(info, x) {
			return // a copy: a new object
		}
		if _, ok := astutil.Base(info, x); !ok {
			// A function's result may point into an object it is given
			// (a container found in a Deployment): an argument whose type
			// holds the result's type is followed too.
			res := info.TypeOf(x)
			for _, a := range x.Args {
				if holds(info.TypeOf(a), res, map[types.Type]bool{}) {
					if v := astutil.RootVar(info, a); v != nil {
						w.variable(fd, v)
					}
				}
			}
			return
		}
	}
	if v := astutil.RootVar(info, e); v != nil && isObject(v.Type()) {
		w.variable(fd, v)
	}
}

// chain returns the largest expression that e is a part of: x.f, x[i],
// *x, &x, x.M(...), append(x, ...) and conversions.
func (w *walk) chain(e ast.Expr, parents map[ast.Node]ast.Node) ast.Expr {
	info := w.t.info
	return astutil.Climb(e, parents, func(p ast.Node, e ast.Expr) (ast.Expr, bool) {
		switch x := p.(type) {
		case *ast.ParenExpr, *ast.StarExpr:
			return x.(ast.Expr), true
		case *ast.SelectorExpr:
			if x.X != e {
				return nil, false
			}
			if call, ok := parents[x].(*ast.CallExpr); ok && call.Fun == x && info.Selections[x] != nil {
				return call, true // x.M(...)
			}
			return x, true
		case *ast.IndexExpr:
			return x, x.X == e
		case *ast.UnaryExpr:
			return x, x.Op == token.AND
		case *ast.CallExpr:
			// append(list, v) or append(v.List, ...): the result holds it;
			// and a conversion.
			tv, isType := info.Types[x.Fun]
			return x, astutil.IsAppend(info, x) && len(x.Args) > 0 || isType && tv.IsType()
		}
		return nil, false
	})
}

// value follows an expression that holds (part of) the object: where its
// value goes decides the destination.
func (w *walk) value(fd *ast.FuncDecl, e ast.Expr) {
	info := w.t.info
	if t := info.TypeOf(e); t != nil && !carries(t) {
		return // a string, a number, a bool: not the object
	}
	parents := w.t.parents.Of(fd)
	e = w.chain(e, parents)
	if t := info.TypeOf(e); t != nil && !carries(t) {
		return // obj.GetName(), len(obj.Spec.Env)
	}
	switch p := parents[e].(type) {
	case *ast.ExprStmt, *ast.IfStmt, *ast.SwitchStmt, *ast.IncDecStmt:
		return
	case *ast.KeyValueExpr:
		if p.Value == e {
			w.value(fd, w.literalOf(p, parents))
		}
		return // a key
	case *ast.CompositeLit:
		w.value(fd, p) // an element of a literal
		return
	case *ast.AssignStmt:
		w.assignedFrom(fd, p, e)
		return
	case *ast.ValueSpec:
		for i, val := range p.Values {
			if val == e && i < len(p.Names) {
				w.variable(fd, astutil.IdentVar(info, p.Names[i]))
			}
		}
		return
	case *ast.ReturnStmt:
		w.returned(fd, p, e, parents)
		return
	case *ast.BinaryExpr:
		if p.Op == token.EQL || p.Op == token.NEQ {
			w.out |= Compared
		}
		return
	case *ast.RangeStmt:
		if p.X == e {
			for _, kv := range []ast.Expr{p.Key, p.Value} {
				if id, ok := kv.(*ast.Ident); ok && id.Name != "_" {
					if v := astutil.IdentVar(info, id); v != nil && carries(v.Type()) {
						w.variable(fd, v)
					}
				}
			}
		}
		return
	case *ast.CallExpr:
		if p.Fun != e {
			w.argument(fd, p, e)
			return
		}
	}
	w.out |= Unknown
}

// literalOf returns the composite literal a key-value pair belongs to.
func (w *walk) literalOf(kv *ast.KeyValueExpr, parents map[ast.Node]ast.Node) ast.Expr {
	if lit, ok := parents[kv].(*ast.CompositeLit); ok {
		return lit
	}
	return kv.Value
}

// assignedFrom follows e, a value on the right of as, into what it is
// stored in: a local variable, or a part of a local object.
func (w *walk) assignedFrom(fd *ast.FuncDecl, as *ast.AssignStmt, e ast.Expr) {
	info := w.t.info
	for i, r := range as.Rhs {
		if r != e {
			continue
		}
		lhs := as.Lhs
		if len(as.Rhs) == len(as.Lhs) {
			lhs = as.Lhs[i : i+1]
		}
		for _, l := range lhs {
			if id, ok := ast.Unparen(l).(*ast.Ident); ok && id.Name == "_" {
				continue
			}
			w.variable(fd, astutil.RootVar(info, l))
		}
		return
	}
	// e is on the left: a write into the object, not a destination.
}

// returned follows a returned value to the calls of fd, for an unexported
// function used only in calls.
func (w *walk) returned(fd *ast.FuncDecl, ret *ast.ReturnStmt, e ast.Expr, parents map[ast.Node]ast.Node) {
	for n := parents[ret]; n != nil; n = parents[n] {
		if _, ok := n.(*ast.FuncLit); ok {
			w.out |= Unknown // a closure's result
			return
		}
	}
	index := -1
	for i, r := range ret.Results {
		if r == e {
			index = i
		}
	}
	fn := w.t.graph.Func(fd)
	if index < 0 || fn == nil || fn.Exported() || fn.Type().(*types.Signature).Recv() != nil {
		w.out |= Unknown
		return
	}
	if !w.spend(fn) {
		return
	}
	for _, caller := range w.t.graph.Callers(fd) {
		w.calls(caller, fn, index)
	}
}

// calls follows result index of every call of fn in caller; a use of fn
// that is not a call makes the destination Unknown.
func (w *walk) calls(caller *ast.FuncDecl, fn *types.Func, index int) {
	info := w.t.info
	parents := w.t.parents.Of(caller)
	ast.Inspect(caller.Body, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok || info.Uses[id] != fn {
			return true
		}
		call, ok := parents[id].(*ast.CallExpr)
		if !ok || call.Fun != id {
			w.out |= Unknown // fn used as a value
			return true
		}
		if as, ok := parents[call].(*ast.AssignStmt); ok && len(as.Rhs) == 1 && len(as.Lhs) > 1 {
			if index < len(as.Lhs) {
				if id, ok := as.Lhs[index].(*ast.Ident); ok && id.Name == "_" {
					return true
				}
				w.variable(caller, astutil.RootVar(info, as.Lhs[index]))
			}
			return true
		}
		w.value(caller, call)
		return true
	})
}

// argument classifies a call that is given the object.
func (w *walk) argument(fd *ast.FuncDecl, call *ast.CallExpr, e ast.Expr) {
	info := w.t.info
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
		if b, ok := info.Uses[id].(*types.Builtin); ok {
			switch b.Name() {
			case "len", "cap", "delete", "clear", "copy", "print", "println":
				return
			}
		}
	}
	fn := k8s.Callee(info, call)
	switch {
	case fn == nil:
		w.out |= Unknown
	case writes.IsWrite(fn):
		w.out |= Written
		if w.write == nil {
			w.write = call
		}
	case k8s.IsClientMethod(fn, "Create"):
		w.out |= Created
	case k8s.IsApplyMethod(fn):
		// status.WithConditions(cond): the value is now part of the
		// builder, which the call returns and its receiver holds.
		w.value(fd, call)
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			if v := astutil.RootVar(w.t.info, sel.X); v != nil {
				w.variable(fd, v)
			}
		}
	case k8s.IsClientMethod(fn, "Get", "List"):
		// read into the object
	case k8s.IsDeepEqual(fn) || isCmp(fn):
		w.out |= Compared
	case isExport(fn):
		w.out |= Exported
	default:
		w.out |= Unknown
	}
}

// isCmp reports go-cmp's Equal and Diff.
func isCmp(fn *types.Func) bool {
	return k8s.IsFunc(fn, "github.com/google/go-cmp/cmp", "Equal") || k8s.IsFunc(fn, "github.com/google/go-cmp/cmp", "Diff")
}

// isExport reports functions that encode or print a value: JSON and YAML
// encoders and fmt's printing functions.
func isExport(fn *types.Func) bool {
	if fn.Pkg() == nil {
		return false
	}
	path, name := fn.Pkg().Path(), fn.Name()
	switch {
	case path == "fmt":
		return strings.Contains(name, "print")
	case path == "encoding/json", path == "sigs.k8s.io/yaml", strings.HasPrefix(path, "gopkg.in/yaml."),
		path == "go.yaml.in/yaml/v2", path == "go.yaml.in/yaml/v3":
		return strings.HasPrefix(name, "Marshal") || name == "Encode"
	}
	return false
}

// carries reports whether a value of t can hold (part of) an object: not
// a string, number or bool.
func carries(t types.Type) bool {
	switch u := types.Unalias(t).Underlying().(type) {
	case *types.Basic:
		return false
	case *types.Tuple:
		for v := range u.Variables() {
			if carries(v.Type()) {
				return true
			}
		}
		return false
	}
	return true
}

// holds reports whether a value of type outer may hold or point to a value
// of type inner (or of one of inner's types, for a tuple): the same type,
// or one reached through pointers, slices, maps and struct fields.
func holds(outer, inner types.Type, seen map[types.Type]bool) bool {
	if outer == nil || inner == nil {
		return false
	}
	if tup, ok := inner.(*types.Tuple); ok {
		for v := range tup.Variables() {
			if carries(v.Type()) && holds(outer, v.Type(), seen) {
				return true
			}
		}
		return false
	}
	inner = deref(inner)
	outer = deref(outer)
	if types.Identical(outer, inner) {
		return true
	}
	if seen[outer] {
		return false
	}
	seen[outer] = true
	switch u := types.Unalias(outer).Underlying().(type) {
	case *types.Slice:
		return holds(u.Elem(), inner, seen)
	case *types.Array:
		return holds(u.Elem(), inner, seen)
	case *types.Map:
		return holds(u.Elem(), inner, seen)
	case *types.Struct:
		for f := range u.Fields() {
			if holds(f.Type(), inner, seen) {
				return true
			}
		}
	case *types.Interface:
		return types.Implements(inner, u) || types.Implements(types.NewPointer(inner), u)
	}
	return false
}

func deref(t types.Type) types.Type {
	if p, ok := types.Unalias(t).Underlying().(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// isObject reports whether t is (a pointer to) a struct, a slice or a map:
// something another variable may share.
func isObject(t types.Type) bool {
	if t == nil {
		return false
	}
	if p, ok := types.Unalias(t).Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	switch types.Unalias(t).Underlying().(type) {
	case *types.Struct, *types.Slice, *types.Map:
		return true
	}
	return false
}
