package flow

// Provenance: what a value is computed from, to tell whether two values
// can be the same (an autoscaler's target name and a workload's name).

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/k8s"
)

// A Source is one thing a value is computed from: the result of a
// function (Obj a *types.Func), a field or a parameter without callers
// (Obj a *types.Var), or a string constant (Obj nil).
type Source struct {
	Obj   types.Object
	Const string
}

// provenanceBudget bounds the values visited for one question, and
// provenanceDepth the calls followed from a parameter to its callers'
// arguments.
const (
	provenanceBudget = 64
	provenanceDepth  = 3
)

// Sources returns what the value of e is computed from: through phis,
// conversions, concatenations, the standard library's formatting and
// joining functions, captured variables, and the parameters of the
// package's functions to the arguments of their calls (three calls up).
// A call of any other function is a source, with the string constants it
// is given, its other arguments not followed: `maintenanceName(cr.Name)`
// and `baseName(cr.Name)` are told apart, and so are
// `withSuffix("server", cr)` and `withSuffix("proxy", cr)`. It
// returns nil when the engine has no value for e, so that the caller can
// treat the provenance as unknown.
func (r *Result) Sources(e ast.Expr) map[Source]bool {
	if !r.ready() || r.graph == nil {
		return nil
	}
	refs := r.exprs[ast.Unparen(e)]
	if len(refs) == 0 {
		return nil
	}
	p := &provenance{r: r, out: map[Source]bool{}, seen: map[ssa.Value]bool{}, budget: provenanceBudget}
	for _, ref := range refs {
		p.visit(ref.X, 0)
	}
	if p.budget == 0 || len(p.out) == 0 {
		return nil // too far to tell, or nothing found
	}
	return p.out
}

type provenance struct {
	r      *Result
	out    map[Source]bool
	seen   map[ssa.Value]bool
	budget int
}

func (p *provenance) visit(v ssa.Value, depth int) {
	if v == nil || p.seen[v] || p.budget == 0 {
		return
	}
	p.seen[v] = true
	p.budget--
	switch x := v.(type) {
	case *ssa.Const:
		if k, ok := constString(x); ok {
			p.out[Source{Const: k}] = true
		}
	case *ssa.Phi:
		for _, e := range x.Edges {
			p.visit(e, depth)
		}
	case *ssa.BinOp:
		p.visit(x.X, depth)
		p.visit(x.Y, depth)
	case *ssa.ChangeType:
		p.visit(x.X, depth)
	case *ssa.Convert:
		p.visit(x.X, depth)
	case *ssa.MakeInterface:
		p.visit(x.X, depth)
	case *ssa.Field:
		p.field(x.X.Type(), x.Field, false)
	case *ssa.UnOp:
		if x.Op != token.MUL {
			return
		}
		switch a := x.X.(type) {
		case *ssa.FieldAddr:
			if !p.built(a, depth) {
				p.field(a.X.Type(), a.Field, true)
			}
		case *ssa.Alloc:
			p.stored(a, depth) // a local the function's closures share
		case *ssa.FreeVar:
			for _, b := range p.r.graph.bindings(a) {
				if alloc, ok := b.(*ssa.Alloc); ok {
					p.stored(alloc, depth)
				}
			}
		}
	case *ssa.FreeVar:
		for _, b := range p.r.graph.bindings(x) {
			p.visit(b, depth)
		}
	case *ssa.Extract:
		p.visit(x.Tuple, depth)
	case *ssa.Call:
		p.call(x, depth)
	case *ssa.Parameter:
		p.param(x, depth)
	}
}

// field records a field read.
func (p *provenance) field(t types.Type, i int, ptr bool) {
	if f := fieldOf(t, i, ptr); f != nil {
		p.out[Source{Obj: f}] = true
	}
}

// built follows a field read from the result of a package function that
// builds and returns a new object to the values that function stores in
// that field: `desired := newRouter(cr)` then `desired.Name` is computed
// from what newRouter gives its literal's ObjectMeta.Name. It reports
// false, and the field stays the source, when a return of the function is
// not an object it allocates or the field is not stored in each.
func (p *provenance) built(addr *ssa.FieldAddr, depth int) bool {
	path := []int{addr.Field}
	base := addr.X
	for {
		fa, ok := base.(*ssa.FieldAddr)
		if !ok {
			break
		}
		path = append([]int{fa.Field}, path...)
		base = fa.X
	}
	call, ok := base.(*ssa.Call)
	if !ok || depth >= provenanceDepth {
		return false
	}
	callee := call.Common().StaticCallee()
	if callee == nil || len(callee.Blocks) == 0 || callee.Signature.Results().Len() != 1 {
		return false
	}
	var vals []ssa.Value
	for _, r := range returnedAt(callee, 0) {
		alloc, ok := r.(*ssa.Alloc)
		if !ok {
			return false
		}
		vs := storedAt(alloc, path)
		if len(vs) == 0 {
			return false
		}
		vals = append(vals, vs...)
	}
	if len(vals) == 0 {
		return false
	}
	for _, v := range vals {
		p.visit(v, depth+1)
	}
	return true
}

// storedAt returns the values stored at the field path below addr:
// through the addresses of the fields on the way, and through a struct
// built in a cell of its own and then stored whole.
func storedAt(addr ssa.Value, path []int) []ssa.Value {
	if len(path) == 0 {
		return storedInto(addr)
	}
	var out []ssa.Value
	for _, use := range *referrers(addr) {
		if fa, ok := use.(*ssa.FieldAddr); ok && fa.X == addr && fa.Field == path[0] {
			out = append(out, storedAt(fa, path[1:])...)
		}
	}
	for _, v := range storedInto(addr) {
		if u, ok := v.(*ssa.UnOp); ok && u.Op == token.MUL {
			if a, ok := u.X.(*ssa.Alloc); ok {
				out = append(out, storedAt(a, path)...)
			}
		}
	}
	return out
}

// stored follows the values stored into a local's cell.
func (p *provenance) stored(a *ssa.Alloc, depth int) {
	for _, v := range storedInto(a) {
		p.visit(v, depth)
	}
}

// storedInto returns the values stored at the address addr: into a
// local's cell, a field or an element.
func storedInto(addr ssa.Value) []ssa.Value {
	var out []ssa.Value
	for _, use := range *referrers(addr) {
		if st, ok := use.(*ssa.Store); ok && st.Addr == addr {
			out = append(out, st.Val)
		}
	}
	return out
}

// call records the function a result comes from, or follows the
// arguments of a standard-library function that formats or joins them.
func (p *provenance) call(c *ssa.Call, depth int) {
	fn := calleeObject(c.Common())
	if fn == nil {
		return
	}
	if fn.Pkg() != nil && k8s.IsStdlib(fn.Pkg()) && (fn.Pkg().Path() == "fmt" || fn.Pkg().Path() == "strings" || fn.Pkg().Path() == "path") {
		for _, a := range c.Common().Args {
			p.visit(a, depth)
		}
		if sl, ok := lastSlice(c.Common().Args); ok {
			p.sliceElems(sl, depth) // fmt.Sprintf's variadic arguments
		}
		return
	}
	p.out[Source{Obj: fn}] = true
	for _, a := range c.Common().Args {
		if k, ok := constString(a); ok {
			p.out[Source{Const: k}] = true // nameWithSuffix("server", cr)
		}
	}
}

// lastSlice returns a call's last argument when it is a variadic slice.
func lastSlice(args []ssa.Value) (ssa.Value, bool) {
	if len(args) == 0 {
		return nil, false
	}
	last := args[len(args)-1]
	_, ok := last.Type().Underlying().(*types.Slice)
	return last, ok
}

// sliceElems follows the values stored into the elements of a slice
// built for a variadic call.
func (p *provenance) sliceElems(v ssa.Value, depth int) {
	for _, e := range variadicElems(v) {
		p.visit(e, depth)
	}
}

// variadicElems returns the values stored into the elements of the array
// behind a slice built for a variadic call, or nil for any other value.
func variadicElems(v ssa.Value) []ssa.Value {
	sl, ok := v.(*ssa.Slice)
	if !ok {
		return nil
	}
	alloc, ok := sl.X.(*ssa.Alloc)
	if !ok {
		return nil
	}
	var out []ssa.Value
	for _, use := range *referrers(alloc) {
		if ia, ok := use.(*ssa.IndexAddr); ok {
			out = append(out, storedInto(ia)...)
		}
	}
	return out
}

// param follows a parameter to the arguments its calls in the package
// pass; a parameter without such calls (an exported function's, a
// callback's) is itself a source.
func (p *provenance) param(x *ssa.Parameter, depth int) {
	i := sigIndex(x)
	sites := p.r.graph.sites(x.Parent())
	if i < 0 || depth >= provenanceDepth || len(sites) == 0 {
		if v, ok := x.Object().(*types.Var); ok {
			p.out[Source{Obj: v}] = true
		}
		return
	}
	for _, site := range sites {
		if args := argsOf(site.Common()); i < len(args) {
			p.visit(args[i], depth+1)
		}
	}
}

// NameSources returns what the name of the object the variable v holds
// is computed from (see Sources), in v's function: the values stored
// into its metadata's Name (the literal it is built from, an assignment,
// SetName), the Name of the key it is read into with a Get, and, for an
// object a call returns (a constructor, a clientset's Get), that call,
// with the string constants it is given. Every one of them counts: an
// object named on two paths has the sources of both. It returns nil when
// v takes no such value or the budget runs out.
func (r *Result) NameSources(v *types.Var) map[Source]bool {
	if v == nil || !r.ready() || r.graph == nil {
		return nil
	}
	p := &provenance{r: r, out: map[Source]bool{}, seen: map[ssa.Value]bool{}, budget: provenanceBudget}
	for _, x := range r.values[v] {
		if call, ok := x.(*ssa.Call); ok {
			p.visit(call, 0) // a constructor names it from what it is given
			continue
		}
		path := namePath(x.Type())
		if path == nil {
			continue
		}
		for _, val := range storedAt(x, path) {
			p.visit(val, 0)
		}
		for _, call := range callsWith(x, path[:len(path)-1]) {
			args := argsOf(call.Common())
			fn := calleeObject(call.Common())
			switch {
			case k8s.IsMethodIn(fn, k8s.MetaV1, "SetName") && len(args) == 1:
				p.visit(args[0], 0)
			case fn != nil && IsClientMethod(fn, "Get") && len(args) >= 3:
				// The key it is read with: a literal's Name.
				if load, ok := args[1].(*ssa.UnOp); ok && load.Op == token.MUL {
					if keyPath := namePath(load.X.Type()); keyPath != nil {
						for _, val := range storedAt(load.X, keyPath[len(keyPath)-1:]) {
							p.visit(val, 0)
						}
					}
				}
			}
		}
	}
	if p.budget == 0 || len(p.out) == 0 {
		return nil
	}
	return p.out
}

// namePath returns the field indexes from a pointer of type t to the
// Name of the ObjectMeta it holds (through embedding), or to the Name of
// a NamespacedName key; nil for any other type.
func namePath(t types.Type) []int {
	if _, ok := t.Underlying().(*types.Pointer); !ok {
		return nil
	}
	obj, path, _ := types.LookupFieldOrMethod(t, true, nil, "Name")
	f, ok := obj.(*types.Var)
	if !ok || !f.IsField() || f.Pkg() == nil {
		return nil
	}
	switch f.Pkg().Path() {
	case k8s.MetaV1, k8s.Types:
		return path
	}
	return nil
}

// callsWith returns the calls that are handed x, or the address of the
// field path below x (the ObjectMeta a promoted method is called on), or
// x converted to an interface, as an argument or receiver.
func callsWith(x ssa.Value, path []int) []*ssa.Call {
	vals := []ssa.Value{x}
	for _, use := range *referrers(x) {
		if fa, ok := use.(*ssa.FieldAddr); ok && len(path) > 0 && fa.Field == path[0] {
			vals = append(vals, fa)
		}
		if mi, ok := use.(*ssa.MakeInterface); ok {
			vals = append(vals, mi)
		}
	}
	var out []*ssa.Call
	for _, v := range vals {
		for _, use := range *referrers(v) {
			if call, ok := use.(*ssa.Call); ok {
				out = append(out, call)
			}
		}
	}
	return out
}
