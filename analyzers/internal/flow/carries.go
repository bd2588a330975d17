package flow

// Carries: whether a new value keeps what a location held, through the
// locals, phis, appends and element reads that build it: `fresh :=
// make(...); ...; for i := range cur { if !want(cur[i]) { fresh =
// append(fresh, cur[i]) } }; pod.Spec.Volumes = fresh` keeps the
// volumes of pod.Spec.Volumes that it does not replace.

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"maps"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/astutil"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/k8s"
)

// carryBudget bounds the values visited for one question.
const carryBudget = 96

// Carries reports whether the value of e is built, at least in part, from
// what the location loc (a variable and the fields selected from it, as
// astutil.PathOf reads it) held: a read of loc, of a part of it, or of
// what holds it, reached through phis, appends (the slice and the
// elements appended), element and sub-slice reads, conversions, the
// values stored into a local's cell or into the parts of a literal, and
// the arguments (receiver included) of any call, whose result is taken
// as computed from them (`merge(live.Spec.Volumes, want)`, DeepCopy).
// It returns false when the engine has no value for e.
func (r *Result) Carries(e, loc ast.Expr) bool {
	r.ensure()
	if r.Pkg == nil {
		return false
	}
	target, ok := astutil.PathOf(r.info, loc)
	if !ok {
		return false
	}
	r.indexOnce.Do(r.index)
	r.carryOnce.Do(r.indexVars)
	c := &carrier{r: r, seen: map[ssa.Value]bool{}, budget: carryBudget}
	// The location as written, and as the values of its variable resolve
	// (an alias of a part of another object).
	steps := target.Fields()
	c.targets = append(c.targets, location{target.Root, steps})
	if v, ok := target.Root.(*types.Var); ok {
		for _, x := range r.values[v] {
			roots, fields := r.ssaPath(x)
			for _, root := range roots {
				if root != target.Root {
					c.targets = append(c.targets, location{root, append(slices.Clip(fields), steps...)})
				}
			}
		}
	}
	for _, ref := range r.exprs[ast.Unparen(e)] {
		if c.visit(ref.X) {
			return true
		}
	}
	return false
}

// fromBudget bounds the values visited for one CarriesFrom question,
// which follows the parts of every pointer a value is built from.
const fromBudget = 256

// A Carry is a CarriesFrom question.
type Carry struct {
	// Match accepts a read: a variable it is reached through and the
	// fields selected from it, outermost first (embedded fields
	// included). It is asked for each variable on the way: for `c :=
	// &cfg.Webhooks[0]; c.ClientConfig`, both (c, [ClientConfig]) and
	// (cfg, [Webhooks ClientConfig]).
	Match func(root types.Object, fields []*types.Var) bool
	// Drops, when not nil, names the calls whose result keeps nothing the
	// question is about of their arguments (a filter whose predicate
	// drops the key): they are not followed.
	Drops func(call *ast.CallExpr) bool
	// ReadBefore, when valid, accepts only the reads made before it in
	// the question's declared function (`saved := live.Spec.Template.Annotations`
	// before the template is replaced, not a read of the new template
	// after): a read in another function counts wherever it is.
	ReadBefore token.Pos
}

// CarriesFrom reports whether the value of e is built, at least in part,
// from a read that q.Match accepts. Besides what Carries follows, a
// pointer the value is built from (a literal, a local, a helper's result,
// a parameter) takes what is stored into its parts at any depth
// (`spec.Replicas = live.Spec.Replicas; dep.Spec = *spec`) and what a
// call made for its effect is handed beside it, or beside a struct that
// holds it (`keepReplicas(&spec, live.Spec)`, `b.keepCount(dep)`), before
// e. It also steps into the package's other functions: the values a
// function of the package returns (a read there of the function's
// parameter is a read of the call's argument, made at the call:
// `saved := templateAnnotations(live)`); for a part of an object made
// elsewhere (Result.objects: through builders' returns, lists, type
// switches and parameters), what was stored in that part of every
// object of the kind it may be; the values a closure's makers bind to
// what it captured, and the arguments every call of the package hands a
// parameter. "Before e" orders the instructions of e's own declared
// function only. A question too large to answer within the budget
// answers true: the caller stays silent; a step into other functions has
// a budget of its own (across), whose exhaustion answers false there.
func (r *Result) CarriesFrom(e ast.Expr, q Carry) bool {
	if !r.ready() {
		return false
	}
	r.carryOnce.Do(r.indexVars)
	c := &carrier{r: r, seen: map[ssa.Value]bool{}, budget: fromBudget, match: q.Match, drops: q.Drops, before: e.Pos(), readBefore: q.ReadBefore}
	for _, ref := range r.exprs[ast.Unparen(e)] {
		c.top = topOf(ref.Parent())
		if c.visit(ref.X) {
			return true
		}
	}
	return c.budget == 0
}

// indexVars maps the values that define a variable back to it, for the
// roots of paths. A value may define several (`b := a`): each is kept,
// whatever order the map of variables is walked in.
func (r *Result) indexVars() {
	n := 0
	for _, xs := range r.values {
		n += len(xs)
	}
	r.varOf = make(map[ssa.Value][]types.Object, n)
	for v, xs := range r.values {
		for _, x := range xs {
			r.varOf[x] = append(r.varOf[x], v)
		}
	}
}

type carrier struct {
	r       *Result
	targets []location
	seen    map[ssa.Value]bool
	budget  int

	// For CarriesFrom: which reads count, and where the value is used
	// (parts stored or handed to a helper after it do not count).
	match  func(root types.Object, fields []*types.Var) bool
	drops  func(*ast.CallExpr) bool
	before token.Pos
	// readBefore is Carry.ReadBefore.
	readBefore token.Pos
	// top is the declared function holding the question's expression:
	// before orders the instructions of its body (closures included),
	// not those of the functions the question is followed into.
	top *ssa.Function

	handedSeen map[ssa.Value]bool

	// bound maps the parameters of the functions whose results are being
	// followed to the arguments of the call the question came through
	// (`saved := templateAnnotations(live)`: the callee's read of its
	// parameter's template is a read of live's), and via is the call in
	// the question's own function that led there.
	bound map[*ssa.Parameter]ssa.Value
	via   ssa.Instruction
}

// A location is a variable and the fields selected from it, outermost
// first.
type location struct {
	root   types.Object
	fields []*types.Var
}

func (c *carrier) visit(v ssa.Value) bool {
	if v == nil || c.seen[v] || c.budget == 0 {
		return false
	}
	c.seen[v] = true
	c.budget--
	if c.reads(v) || c.follow(v) {
		return true
	}
	if _, alloc := v.(*ssa.Alloc); c.match != nil && !alloc && isReference(v.Type()) {
		// A pointer, map or list a helper returned, a caller passed or a
		// field held, filled here.
		return c.any(c.handed(v, 0))
	}
	return false
}

// follow visits what v is computed from.
func (c *carrier) follow(v ssa.Value) bool {
	switch x := v.(type) {
	case *ssa.Phi:
		return c.any(x.Edges)
	case *ssa.ChangeType:
		return c.visit(x.X)
	case *ssa.Convert:
		return c.visit(x.X)
	case *ssa.Slice:
		return c.visit(x.X)
	case *ssa.Index:
		return c.visit(x.X)
	case *ssa.BinOp:
		return c.visit(x.X) || c.visit(x.Y)
	case *ssa.UnOp:
		if x.Op != token.MUL {
			return false
		}
		switch a := x.X.(type) {
		case *ssa.IndexAddr:
			return c.visit(a.X) // an element of a list built from loc
		case *ssa.Alloc:
			return c.any(c.parts(a))
		}
		return c.match != nil && c.visit(x.X)
	case *ssa.MakeInterface:
		return c.visit(x.X)
	case *ssa.TypeAssert:
		return c.visit(x.X)
	case *ssa.Extract:
		if call, ok := x.Tuple.(*ssa.Call); ok && c.match != nil {
			if fn := c.bodyOf(call); fn != nil && c.across(func(sub *carrier) bool { return sub.into(call, fn).any(returnedAt(fn, x.Index)) }) {
				return true
			}
		}
		return c.visit(x.Tuple)
	case *ssa.FieldAddr:
		// A part of an object made elsewhere in the package: what was
		// stored in that part of every object it may be (`desired :=
		// build(...)` ... `desired.Spec`, through the lists, type switches
		// and parameters on the way).
		return c.match != nil && c.across(func(sub *carrier) bool { return sub.fromObjects(x) })
	case *ssa.FreeVar:
		// A closure's captured value, as every place that makes the
		// closure binds it (a mutate function a factory returns).
		return c.match != nil && c.across(func(sub *carrier) bool { return sub.all(sub.r.graph.bindings(x)) })
	case *ssa.Parameter:
		return c.match != nil && c.across(func(sub *carrier) bool { return sub.fromCallers(x) })
	case *ssa.Next:
		return c.visit(x.Iter) // a key or value of a range over a map
	case *ssa.Range:
		return c.visit(x.X)
	case *ssa.Alloc:
		return c.any(c.parts(x))
	case *ssa.Call:
		if c.drops != nil {
			if call := c.r.callExprs[x]; call != nil && c.drops(call) {
				return false
			}
		}
		for _, a := range x.Call.Args {
			if c.visit(a) || c.any(variadicElems(a)) {
				return true
			}
		}
		// What a function of the package returns: a builder that keeps
		// the live count it reads in a helper.
		if fn := c.bodyOf(x); fn != nil && c.match != nil && fn.Signature.Results().Len() == 1 {
			return c.across(func(sub *carrier) bool { return sub.into(x, fn).any(returnedAt(fn, 0)) })
		}
	}
	return false
}

// acrossBudget bounds the values visited in other functions for one
// step into them (a builder's returns, a closure's bindings, a
// parameter's callers).
const acrossBudget = 64

// across follows a step into other functions with a budget of its own,
// taken from what is left: a question that grows too large there answers
// that nothing is carried that way, rather than that the answer is
// unknown (which silences the caller).
func (c *carrier) across(step func(sub *carrier) bool) bool {
	sub := *c
	sub.budget = min(acrossBudget, c.budget)
	return step(&sub) && sub.budget > 0
}

// into binds the parameters of fn, the function call runs, to the
// call's arguments, for the reads of its results, and returns c.
func (c *carrier) into(call *ssa.Call, fn *ssa.Function) *carrier {
	bound := maps.Clone(c.bound)
	if bound == nil {
		bound = map[*ssa.Parameter]ssa.Value{}
	}
	args := call.Call.Args
	if len(args) == len(fn.Params) {
		for i, p := range fn.Params {
			bound[p] = args[i]
		}
	}
	c.bound = bound
	if c.via == nil && topOf(call.Parent()) == c.top {
		c.via = call
	}
	return c
}

// fromObjects reports whether, for every object the base of fa may be
// (Result.objects) other than a local of the question's own value, what
// is stored into fa's field of it carries.
func (c *carrier) fromObjects(fa *ssa.FieldAddr) bool {
	objs, ok := c.r.objects(fa.X)
	if !ok || len(objs) == 0 {
		return false
	}
	for _, obj := range objs {
		if obj == fa.X {
			// A local struct (`st := kept{ann: live...}` ... `st.ann`):
			// what was stored in that field of it.
			a, ok := obj.(*ssa.Alloc)
			return ok && c.any(c.localField(a, fa.Field, 0))
		}
		found := false
		for _, use := range *referrers(obj) {
			if f, isField := use.(*ssa.FieldAddr); isField && f.X == obj && f.Field == fa.Field && c.any(c.handed(f, 0)) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// bodyOf returns the function of the package that call statically runs,
// or nil.
func (c *carrier) bodyOf(call *ssa.Call) *ssa.Function {
	fn := call.Common().StaticCallee()
	if fn == nil {
		return nil
	}
	fn = origin(fn)
	if fn.Blocks == nil || fn.Pkg == nil || fn.Pkg.Pkg != c.r.Pkg.Pkg {
		return nil
	}
	return fn
}

// fromCallers reports whether every call of the parameter's function in
// the package hands it a value that carries: a value one caller builds
// from the live object and another does not is not carried.
func (c *carrier) fromCallers(p *ssa.Parameter) bool {
	i := sigIndex(p)
	sites := c.r.graph.sites(p.Parent())
	if i < 0 || len(sites) == 0 {
		return false
	}
	for _, site := range sites {
		args := argsOf(site.Common())
		if i >= len(args) || !c.visit(args[i]) {
			return false
		}
	}
	return true
}

// all reports whether every one of vs carries (and there is one).
func (c *carrier) all(vs []ssa.Value) bool {
	if len(vs) == 0 {
		return false
	}
	for _, v := range vs {
		if !c.visit(v) {
			return false
		}
	}
	return true
}

// topOf returns the declared function fn is, or is a closure of.
func topOf(fn *ssa.Function) *ssa.Function {
	for fn != nil && fn.Parent() != nil {
		fn = fn.Parent()
	}
	return fn
}

// after reports whether instr runs after the question's expression in
// the same declared function (the order of other functions' instructions
// does not bear on it).
func (c *carrier) after(instr ssa.Instruction) bool {
	p := instr.Pos()
	return p.IsValid() && c.before.IsValid() && p > c.before && topOf(instr.Parent()) == c.top
}

// localField returns what is stored in field i of the local a: through
// any address of the field, and through a whole value copied into a (a
// composite literal built apart, then stored).
func (c *carrier) localField(a *ssa.Alloc, i, depth int) []ssa.Value {
	if depth > handedDepth {
		return nil
	}
	var out []ssa.Value
	for _, use := range *referrers(a) {
		switch x := use.(type) {
		case *ssa.FieldAddr:
			if x.Field == i {
				out = append(out, c.handed(x, 0)...)
			}
		case *ssa.Store:
			if x.Addr != a || c.after(x) {
				continue
			}
			if load, ok := x.Val.(*ssa.UnOp); ok && load.Op == token.MUL {
				if b, ok := load.X.(*ssa.Alloc); ok {
					out = append(out, c.localField(b, i, depth+1)...)
				}
			}
		}
	}
	return out
}

// parts returns what a literal or a local's cell is built from: for
// Carries the values stored into it and into its fields and elements,
// for CarriesFrom also deeper parts and helpers' arguments (handed).
func (c *carrier) parts(a *ssa.Alloc) []ssa.Value {
	if c.match != nil {
		return c.handed(a, 0)
	}
	return partsStored(a)
}

// handedDepth bounds the field and element addresses followed into a
// value by handed.
const handedDepth = 6

// handed returns what the pointer v, or a part of it at any depth up to
// handedDepth, takes before the question's expression: the values stored
// into it, and the other arguments of the calls it is handed to (a helper
// handed `&spec` and `live.Spec` may copy one into the other, and so may
// one handed a struct that holds the field, or a closure that captured
// the live object); only calls made for their effect (forEffect). A
// field's
// address stands for every address of that field of the same value, and
// a list loaded from one for its elements: `want.Webhooks[i].ClientConfig
// = ...` is a part of `want.Webhooks`.
func (c *carrier) handed(v ssa.Value, depth int) []ssa.Value { return c.handedAt(v, depth, true) }

// handedAt is handed; calls says whether the calls v is handed to count:
// not for a pointer or list loaded from a part of the value, which a
// helper is given to read (`merge(&local, src.SecurityContext)`), though
// it may write through it; a map loaded from one is filled that way
// (`keepSystemKeys(want...Annotations, live...Annotations)`).
func (c *carrier) handedAt(v ssa.Value, depth int, calls bool) []ssa.Value {
	if depth > handedDepth || c.handedSeen[v] {
		return nil
	}
	if c.handedSeen == nil {
		c.handedSeen = map[ssa.Value]bool{}
	}
	c.handedSeen[v] = true
	addrs := sameAddr(v, 0)
	for _, a := range addrs {
		c.handedSeen[a] = true
	}
	var out []ssa.Value
	for _, a := range addrs {
		for _, use := range *referrers(a) {
			if c.after(use) {
				continue // after the value is used
			}
			switch x := use.(type) {
			case *ssa.Store:
				if x.Addr == a {
					out = append(out, x.Val)
				}
			case *ssa.FieldAddr:
				out = append(out, c.handed(x, depth+1)...)
			case *ssa.IndexAddr:
				out = append(out, c.handed(x, depth+1)...)
			case *ssa.UnOp:
				if x.Op == token.MUL && isReference(x.Type()) {
					_, isMap := x.Type().Underlying().(*types.Map)
					out = append(out, c.handedAt(x, depth+1, isMap)...) // the list's elements, the map's entries
				}
			case *ssa.MapUpdate:
				if x.Map == a {
					out = append(out, x.Key, x.Value)
				}
			case *ssa.Call:
				if calls && forEffect(x) && c.r.mayWrite(x, a) {
					out = append(out, besides(x, a)...)
				}
			}
		}
		// A method or helper handed a struct that holds the field may
		// fill it (`b.keepCount(dep)` before `dep.Spec = b.spec`).
		for up, n := a, 0; n < handedDepth; n++ {
			fa, ok := up.(*ssa.FieldAddr)
			if !ok {
				break
			}
			up = fa.X
			for _, base := range sameAddr(up, 0) {
				for _, use := range *referrers(base) {
					if call, ok := use.(*ssa.Call); ok && forEffect(call) && c.r.mayWrite(call, base) && !c.after(call) {
						out = append(out, besides(call, base)...)
					}
				}
			}
		}
	}
	return out
}

// forEffect reports whether call is made for what it does to its
// arguments: it returns nothing, or only an error, or its other results
// are not used. A comparison (`maps.Equal(a, b)`) fills neither.
func forEffect(call *ssa.Call) bool {
	res := call.Call.Signature().Results()
	for _, use := range *referrers(call) {
		if _, ok := use.(*ssa.DebugRef); ok {
			continue
		}
		switch res.Len() {
		case 1:
			if !isError(res.At(0).Type()) {
				return false
			}
		default:
			if x, ok := use.(*ssa.Extract); !ok || !isError(res.At(x.Index).Type()) {
				return false
			}
		}
	}
	return true
}

func isError(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

// besides returns what a call is handed besides v: its other arguments,
// and the variables a closure it calls captured.
func besides(call *ssa.Call, v ssa.Value) []ssa.Value {
	var out []ssa.Value
	for _, arg := range call.Call.Args {
		if arg != v {
			out = append(out, arg)
		}
	}
	if mc, ok := call.Call.Value.(*ssa.MakeClosure); ok {
		out = append(out, mc.Bindings...)
	}
	return out
}

// sameAddr returns the addresses that denote the same location as v: a
// field of any load of the same variable's cell (a captured `want` is
// loaded anew at every use: `want.Webhooks` is one location wherever it
// is written), v alone when it is no such address.
func sameAddr(v ssa.Value, depth int) []ssa.Value {
	if depth <= handedDepth {
		var out []ssa.Value
		switch x := v.(type) {
		case *ssa.UnOp:
			if x.Op == token.MUL {
				for _, a := range sameAddr(x.X, depth+1) {
					for _, use := range *referrers(a) {
						if l, ok := use.(*ssa.UnOp); ok && l.Op == token.MUL && l.X == a {
							out = append(out, l)
						}
					}
				}
			}
		case *ssa.FieldAddr:
			for _, b := range sameAddr(x.X, depth+1) {
				for _, use := range *referrers(b) {
					if f, ok := use.(*ssa.FieldAddr); ok && f.X == b && f.Field == x.Field {
						out = append(out, f)
					}
				}
			}
		}
		if len(out) > 0 {
			return out
		}
	}
	return []ssa.Value{v}
}

// isReference reports whether a value of type t shares what it holds
// with its copies: a pointer, a map or a slice.
func isReference(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Map, *types.Slice:
		return true
	}
	return false
}

// partsStored returns the values stored into a cell and into its fields
// and elements: what a composite literal is built from.
func partsStored(a *ssa.Alloc) []ssa.Value {
	out := storedInto(a)
	for _, use := range *referrers(a) {
		switch x := use.(type) {
		case *ssa.FieldAddr:
			out = append(out, storedInto(x)...)
		case *ssa.IndexAddr:
			out = append(out, storedInto(x)...)
		}
	}
	return out
}

// any reports whether the carrier reaches the location from one of vs.
func (c *carrier) any(vs []ssa.Value) bool {
	for _, v := range vs {
		if c.visit(v) {
			return true
		}
	}
	return false
}

// reads reports whether v reads a target location, a part of it, or
// what holds it: its path of field selections from a variable (element
// reads and pointer indirections left out) and a target's are one within
// the other.
func (c *carrier) reads(v ssa.Value) bool {
	if c.match != nil {
		return !c.readTooLate(v) && c.r.readOfBound(v, c.match, c.bound)
	}
	roots, fields := c.r.ssaPath(v)
	for _, t := range c.targets {
		if !slices.Contains(roots, t.root) {
			continue
		}
		n := min(len(fields), len(t.fields))
		if slices.Equal(fields[:n], t.fields[:n]) {
			return true
		}
	}
	return false
}

// ssaPath returns the variable v is read from and the fields selected
// on the way, outermost first, through loads, field and element
// addresses: `c := &pod.Spec.Containers[0]; c.Env` is pod's
// Spec.Containers.Env. The roots are a parameter's variable or the
// variables a value defines; none when there is none.
func (r *Result) ssaPath(v ssa.Value) ([]types.Object, []*types.Var) {
	v, fields, ok := walkPath(v)
	if !ok {
		return nil, nil
	}
	if p, ok := v.(*ssa.Parameter); ok {
		return []types.Object{p.Object()}, fields
	}
	return r.varOf[v], fields
}

// walkPath takes pathStep's steps from v to the value it is read from,
// and returns that value and the fields selected on the way, outermost
// first; ok is false where a step cannot be read.
func walkPath(v ssa.Value) (ssa.Value, []*types.Var, bool) {
	var fields []*types.Var // innermost first
	for {
		next, f, ok := pathStep(v)
		if !ok {
			break
		}
		if next == nil {
			return nil, nil, false
		}
		if f != nil {
			fields = append(fields, f)
		}
		v = next
	}
	slices.Reverse(fields)
	return v, fields, true
}

// pathStep takes one step from v towards the variable it is read from:
// through a load, a field address or field (returned), or an element.
// ok is false where v is no such step; next is nil where the step cannot
// be read (another unary operator, a field of no struct).
func pathStep(v ssa.Value) (next ssa.Value, field *types.Var, ok bool) {
	switch x := v.(type) {
	case *ssa.UnOp:
		if x.Op != token.MUL {
			return nil, nil, true
		}
		return x.X, nil, true
	case *ssa.FieldAddr:
		if f := fieldOf(x.X.Type(), x.Field, true); f != nil {
			return x.X, f, true
		}
		return nil, nil, true
	case *ssa.Field:
		if f := fieldOf(x.X.Type(), x.Field, false); f != nil {
			return x.X, f, true
		}
		return nil, nil, true
	case *ssa.IndexAddr:
		return x.X, nil, true
	case *ssa.Index:
		return x.X, nil, true
	}
	return nil, nil, false
}

// readTooLate reports whether the read v is made at or after
// readBefore in the question's declared function: the position of the
// first instruction on its path that has one (a field selection's).
func (c *carrier) readTooLate(v ssa.Value) bool {
	if !c.readBefore.IsValid() {
		return false
	}
	crossed := map[*ssa.Parameter]bool{}
	for x := v; x != nil; {
		if instr, ok := x.(ssa.Instruction); ok && instr.Pos().IsValid() {
			if topOf(instr.Parent()) != c.top && c.via != nil {
				instr = c.via // a read in the callee is made at the call
			}
			return topOf(instr.Parent()) == c.top && instr.Pos() >= c.readBefore
		}
		next, _, ok := pathStep(x)
		if !ok {
			if next, ok = boundArg(x, c.bound, crossed); !ok {
				return false
			}
		}
		x = next
	}
	return false
}

// boundArg returns the argument that the parameter v is bound to (see
// carrier.into), once per parameter in crossed: a recursive call binds a
// parameter to a value read from itself.
func boundArg(v ssa.Value, bound map[*ssa.Parameter]ssa.Value, crossed map[*ssa.Parameter]bool) (ssa.Value, bool) {
	p, ok := v.(*ssa.Parameter)
	if !ok || bound[p] == nil || crossed[p] {
		return nil, false
	}
	crossed[p] = true
	return bound[p], true
}

// readOf reports whether match accepts a variable v is read from, with
// the fields selected on the way, outermost first: every variable along
// the way is asked, a pointer local (`c := &pod.Spec.Containers[0]`) and
// the object it points into.
func (r *Result) readOf(v ssa.Value, match func(types.Object, []*types.Var) bool) bool {
	return r.readOfBound(v, match, nil)
}

// readOfBound is readOf, continuing from a parameter of bound to the
// argument it is bound to, with the fields selected so far.
func (r *Result) readOfBound(v ssa.Value, match func(types.Object, []*types.Var) bool, bound map[*ssa.Parameter]ssa.Value) bool {
	var fields []*types.Var // innermost first
	crossed := map[*ssa.Parameter]bool{}
	ask := func(x ssa.Value) bool {
		out := slices.Clone(fields)
		slices.Reverse(out)
		for _, w := range r.varsOf(x) {
			if match(w, out) {
				return true
			}
		}
		return false
	}
	for {
		if ask(v) {
			return true
		}
		next, f, ok := pathStep(v)
		if !ok {
			if arg, ok := boundArg(v, bound, crossed); ok {
				v = arg
				continue
			}
			// A deep copy (`running.DeepCopy().Spec.Template`): a read of
			// what it copies.
			if call, ok := v.(*ssa.Call); ok && len(call.Call.Args) == 1 {
				if fn := calleeObject(call.Common()); fn != nil && k8s.IsDeepCopyFunc(fn) {
					v = call.Call.Args[0]
					continue
				}
			}
			// A local copy (`for _, old := range cfg.Webhooks`, its
			// address taken): what it was copied from.
			a, isAlloc := v.(*ssa.Alloc)
			if !isAlloc {
				return false
			}
			st := storedInto(a)
			if len(st) != 1 {
				return false
			}
			v = st[0]
			continue
		}
		if next == nil {
			return false
		}
		if f != nil {
			fields = append(fields, f)
		}
		v = next
	}
}

// CarriesEntry reports whether the value of e is the entry that a live
// object's map holds under key: a lookup of that constant key in a map
// read from a live object (`live.Labels[k]`, or the value of `if v, ok :=
// live.Labels[k]; ok`), through locals and conversions, and through a phi
// one of whose values is (a value read from the live object and adjusted
// on one path: `if v == "" { v = def }`). A write of it under the same
// key, made where the live object has the key, keeps what the server has.
func (r *Result) CarriesEntry(e ast.Expr, key constant.Value) bool {
	if !r.ready() {
		return false
	}
	r.carryOnce.Do(r.indexVars)
	refs := r.exprs[ast.Unparen(e)]
	if len(refs) == 0 {
		return false
	}
	seen := map[ssa.Value]bool{}
	var entry func(v ssa.Value) bool
	entry = func(v ssa.Value) bool {
		if seen[v] {
			return false
		}
		seen[v] = true
		switch x := v.(type) {
		case *ssa.Phi:
			return slices.ContainsFunc(x.Edges, entry)
		case *ssa.ChangeType:
			return entry(x.X)
		case *ssa.Convert:
			return entry(x.X)
		case *ssa.Extract:
			l, ok := x.Tuple.(*ssa.Lookup)
			return ok && x.Index == 0 && r.liveEntry(l, key)
		case *ssa.Lookup:
			return r.liveEntry(x, key)
		}
		return false
	}
	for _, ref := range refs {
		if !entry(ref.X) {
			return false
		}
	}
	return true
}

// liveEntry reports whether l looks key up in a map read from a live
// object.
func (r *Result) liveEntry(l *ssa.Lookup, key constant.Value) bool {
	c, ok := l.Index.(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != key.Kind() || !constant.Compare(c.Value, token.EQL, key) {
		return false
	}
	if _, isMap := l.X.Type().Underlying().(*types.Map); !isMap {
		return false
	}
	if r.live[l.X] != NotLive {
		return true
	}
	roots, _ := r.ssaPath(l.X)
	for _, root := range roots {
		if v, ok := root.(*types.Var); ok && r.vars[v] != NotLive {
			return true
		}
	}
	return false
}
