package flow

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/astutil"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/k8s"
)

// A Set is a set of destinations: where an object the operator builds
// goes.
type Set uint8

const (
	Written  Set = 1 << iota // Update, Patch, Apply, CreateOrUpdate/CreateOrPatch
	Compared                 // DeepEqual, cmp.Equal/Diff, ==, !=
	Created                  // Create
	Exported                 // encoded (JSON, YAML) or printed
	Unknown                  // anything else, or past the bound
	Logged                   // named in a log line (klog, logr)
)

func (s Set) String() string {
	if s == 0 {
		return "nowhere"
	}
	var parts []string
	for i, name := range []string{"written", "compared", "created", "exported", "unknown", "logged"} {
		if s&(1<<i) != 0 {
			parts = append(parts, name)
		}
	}
	return strings.Join(parts, "|")
}

// Churns reports whether an object with these destinations may be sent
// again or compared: anything but only created, exported or logged. An object
// whose destination was not seen at all (built and dropped, returned by a
// function nobody here calls) may churn: silence needs evidence.
func (s Set) Churns() bool { return s == 0 || s&^(Created|Exported|Logged) != 0 }

// Depth bounds how many functions (callees given the object, callers
// given it back) are followed from one start: past it, the destination is
// Unknown.
const Depth = 8

// maxSteps bounds the values visited from one start.
const maxSteps = 4096

// Dest is where an object goes, and the first call that writes it (an
// Update, Patch, Apply or CreateOrUpdate) when there is one.
type Dest struct {
	Set   Set
	Write *ast.CallExpr
	// Writes are all the writes found, Write first.
	Writes []*ast.CallExpr
	// HelperWrites are the calls of functions of other packages whose
	// Summary says that they write the object (Sends): the writes inside
	// them are not in Writes.
	HelperWrites []*ast.CallExpr
	// OnlyApplied says that there is a write and that every write found
	// sends the object as desired state (an apply patch, through a patch
	// helper too, or an apply configuration) or sends nothing of it (a
	// patch body made apart from it; patches.go): none sends it over the
	// server's copy, so fields another manager owns and the object lacks
	// stay where they are.
	OnlyApplied bool
}

// Where returns where the object of e goes: the value of e, or with root,
// the object held by the variable at the root of e (obj for
// obj.Spec.Env). The value is followed through the package's SSA form:
// into the objects, lists and maps it is stored in (a literal it is part
// of, a pointer into another object, an append), phis and conversions,
// closures that capture it, the functions of the package it is passed to
// or returned from (Depth of them), and the calls that decide: a write,
// Create, a comparison, an encoder or printer, a helper of another
// package whose Summary says. Anything else is Unknown, as is a parameter
// (its caller may do anything with it) or a value the engine has no SSA
// value for.
func (r *Result) Where(e ast.Expr, root bool) Dest { return r.where(e, root, false) }

// WhereAcross is Where with a parameter's object followed to its
// callers: where the arguments go in the calls of its function in the
// package (a helper filling a Pod that its only caller creates). A
// parameter of an exported function or of a method (callers elsewhere),
// of a closure, or of a function used as a value stays Unknown. The
// callers' destinations mix with the function's own: a question that
// must tell a helper's own write from its callers' asks Where.
func (r *Result) WhereAcross(e ast.Expr, root bool) Dest { return r.where(e, root, true) }

func (r *Result) where(e ast.Expr, root, across bool) Dest {
	if !r.ready() {
		return Dest{Set: Unknown}
	}
	if root {
		return r.whereVar(astutil.RootVar(r.info, e), true, across)
	}
	w := &walk{r: r, budget: Depth, seen: map[ssa.Value]bool{}, fns: map[*ssa.Function]bool{}, across: across}
	refs := r.exprs[ast.Unparen(e)]
	if len(refs) == 0 {
		return Dest{Set: Unknown}
	}
	for _, ref := range refs {
		w.follow(ref.X)
	}
	return w.dest()
}

// dest is what the walk found.
func (w *walk) dest() Dest {
	return Dest{Set: w.out, Write: w.write, Writes: w.writes, HelperWrites: w.helperWrites, OnlyApplied: w.onlyApplied()}
}

// WhereVar returns where the object held by the variable v goes, from
// every value it takes: its own uses, not those of the object it was
// copied from (a range value, a struct copied into a local).
func (r *Result) WhereVar(v *types.Var) Dest { return r.whereVar(v, false, false) }

// whereVar is WhereVar; with into, the destinations of the object v is
// part of or points into count too (obj := &outer.Inner shares outer's).
func (r *Result) whereVar(v *types.Var, into, across bool) Dest {
	if !r.ready() {
		return Dest{Set: Unknown}
	}
	var vals []ssa.Value
	if v != nil {
		vals = r.values[v]
	}
	if len(vals) == 0 {
		return Dest{Set: Unknown} // a package variable, or never used
	}
	w := &walk{r: r, budget: Depth, seen: map[ssa.Value]bool{}, fns: map[*ssa.Function]bool{}, across: across}
	for _, x := range vals {
		w.follow(x)
		if into {
			w.into(x)
		}
	}
	return w.dest()
}

// uses returns the instructions that use x. A constant (the zero value
// a variable starts with) keeps no list of them: its function is scanned.
func (r *Result) uses(x ssa.Value) []ssa.Instruction {
	if refs := x.Referrers(); refs != nil {
		return *refs
	}
	c, ok := x.(*ssa.Const)
	if !ok {
		return nil
	}
	r.constOnce.Do(func() {
		r.constUses = map[*ssa.Const][]ssa.Instruction{}
		for _, fn := range r.funcs {
			for _, b := range fn.Blocks {
				for _, instr := range b.Instrs {
					var ops [8]*ssa.Value
					for _, op := range instr.Operands(ops[:0]) {
						if k, ok := (*op).(*ssa.Const); ok {
							r.constUses[k] = append(r.constUses[k], instr)
						}
					}
				}
			}
		}
	})
	return r.constUses[c]
}

// index maps expressions, variables and positions (where an expression
// starts or ends) to their SSA values, on the first question: most
// packages never ask one.
func (r *Result) index() {
	r.refsOnce.Do(r.indexRefs)
	r.values = map[*types.Var][]ssa.Value{}
	r.cells = map[ssa.Value][]*types.Var{}
	r.cellsOf = map[*types.Var][]ssa.Value{}
	r.points = make(map[token.Pos]*ssa.DebugRef, r.nrefs) // an expression's start and end, often shared
	add := func(v *types.Var, x ssa.Value) {
		r.values[v] = append(r.values[v], x)
	}
	for _, fn := range r.funcs {
		for _, p := range fn.Params {
			if v, ok := p.Object().(*types.Var); ok {
				add(v, p)
			}
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				ref, ok := instr.(*ssa.DebugRef)
				if !ok {
					continue
				}
				for _, p := range []token.Pos{ref.Expr.Pos(), ref.Expr.End()} {
					if r.points[p] == nil {
						r.points[p] = ref
					}
				}
				if v, ok := ref.Object().(*types.Var); ok {
					if _, global := ref.X.(*ssa.Global); global {
						continue // a package variable: anyone may send it
					}
					if ref.IsAddr {
						if !v.IsField() {
							r.cells[ref.X] = append(r.cells[ref.X], v)
							r.cellsOf[v] = append(r.cellsOf[v], ref.X)
						}
						for _, use := range *referrers(ref.X) {
							if load, ok := use.(*ssa.UnOp); ok && load.Op == token.MUL {
								add(v, load)
							}
						}
					} else {
						add(v, ref.X)
					}
				}
			}
		}
	}
}

// indexRefs maps the package's expressions to their debug references,
// the locals to the reference declaring them, the composite literals by
// their brace and the calls by their values: all a Taint reads.
func (r *Result) indexRefs() {
	// Sized first: grown one insert at a time, the map of expressions was
	// the engine's largest allocation.
	refs, calls := 0, 0
	for _, fn := range r.funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if ref, ok := instr.(*ssa.DebugRef); ok {
					refs++
					if _, ok := ref.Expr.(*ast.CallExpr); ok {
						calls++
					}
				}
			}
		}
	}
	r.nrefs = refs
	r.exprs = make(map[ast.Expr][]*ssa.DebugRef, refs)
	r.defs = map[*types.Var]*ssa.DebugRef{}
	r.lits = map[token.Pos]*ast.CompositeLit{}
	r.callExprs = make(map[ssa.Value]*ast.CallExpr, calls)
	for _, fn := range r.funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				ref, ok := instr.(*ssa.DebugRef)
				if !ok {
					continue
				}
				r.exprs[ref.Expr] = append(r.exprs[ref.Expr], ref)
				switch e := ref.Expr.(type) {
				case *ast.CompositeLit:
					r.lits[e.Lbrace] = e
				case *ast.CallExpr:
					r.callExprs[ref.X] = e
				case *ast.Ident:
					if v, ok := ref.Object().(*types.Var); ok && !ref.IsAddr && v.Pos() == e.Pos() && r.defs[v] == nil {
						r.defs[v] = ref // the value a local is declared with
					}
				}
			}
		}
	}
}

type walk struct {
	r            *Result
	budget       int
	steps        int
	seen         map[ssa.Value]bool
	fns          map[*ssa.Function]bool
	out          Set
	write        *ast.CallExpr
	writes       []*ast.CallExpr
	helperWrites []*ast.CallExpr
	// holder, when set, is a function whose parameters hold what is
	// followed by the caller's own choice: a callback's result stored
	// into the object the caller handed in goes where that object goes,
	// which the walk follows from the parameter, and is not Unknown.
	holder *ssa.Function
	// applied and overwritten say whether a write found sends the object
	// as desired state (or nothing of it), and whether one sends it over
	// the server's copy (Dest.OnlyApplied); patches are the Patch calls,
	// judged once the walk is done, and from holds the calls each
	// function of the package was entered by, to judge a patch that is
	// its parameter with the arguments of all those calls.
	applied, overwritten bool
	patches              []patchWrite
	from                 map[*ssa.Function][]ssa.CallInstruction
	// across follows a parameter's object to its callers (WhereAcross),
	// once per function (up).
	across bool
	up     map[*ssa.Function]bool
}

// enter spends one function of the budget; past it the walk gives
// Unknown.
func (w *walk) enter(fn *ssa.Function) bool {
	if w.fns[fn] {
		return false
	}
	w.fns[fn] = true
	if w.budget == 0 {
		w.out |= Unknown
		return false
	}
	w.budget--
	return true
}

// follow visits the uses of x, a value holding (part of) the object.
func (w *walk) follow(x ssa.Value) {
	if x == nil || w.seen[x] || !carries(x.Type()) {
		return
	}
	w.seen[x] = true
	if w.steps++; w.steps > maxSteps {
		w.out |= Unknown
		return
	}
	for _, instr := range w.r.uses(x) {
		switch in := instr.(type) {
		case *ssa.DebugRef, *ssa.If, *ssa.Jump, *ssa.Panic, *ssa.RunDefers:
		case *ssa.Phi, *ssa.TypeAssert, *ssa.ChangeType, *ssa.ChangeInterface, *ssa.MakeInterface, *ssa.Convert,
			*ssa.Slice, *ssa.FieldAddr, *ssa.Field, *ssa.IndexAddr, *ssa.Index, *ssa.Extract, *ssa.Lookup,
			*ssa.UnOp, *ssa.Range, *ssa.Next:
			w.follow(in.(ssa.Value)) // a part of it, or the same object
		case *ssa.Store:
			if in.Val == x {
				w.into(in.Addr) // stored into another object or a variable
			}
			// else: a write into the object, not a destination
		case *ssa.MapUpdate:
			if in.Value == x {
				w.into(in.Map)
			}
		case *ssa.BinOp:
			if in.Op == token.EQL || in.Op == token.NEQ {
				w.out |= Compared
			}
		case *ssa.MakeClosure:
			fn := in.Fn.(*ssa.Function)
			for j, b := range in.Bindings {
				if b == x && j < len(fn.FreeVars) {
					w.follow(fn.FreeVars[j])
				}
			}
		case *ssa.Return:
			w.returned(in, x)
		case ssa.CallInstruction:
			w.call(in, x)
		default:
			w.out |= Unknown // sent on a channel, stored in a global, ...
		}
	}
}

// into follows the object that addr points into: the variable, literal,
// list or map a value was stored in shares its destinations.
func (w *walk) into(addr ssa.Value) {
	base := addr
	for next := partOf(base); next != nil; next = partOf(base) {
		base = next
	}
	w.source(base)
}

// partOf returns the value v selects a part of (a field, an element, a
// slice, what a pointer that is not a local's cell points to), or nil.
func partOf(v ssa.Value) ssa.Value {
	switch b := v.(type) {
	case *ssa.FieldAddr:
		return b.X
	case *ssa.IndexAddr:
		return b.X
	case *ssa.Field:
		return b.X
	case *ssa.Index:
		return b.X
	case *ssa.Slice:
		return b.X
	case *ssa.UnOp:
		if b.Op == token.MUL && !isCell(b.X) {
			return b.X
		}
	}
	return nil
}

// source follows an object that a value was stored in, or taken from.
func (w *walk) source(base ssa.Value) {
	switch b := base.(type) {
	case *ssa.Global:
		w.out |= Unknown
		return
	case *ssa.Parameter:
		if b.Parent() != w.holder && !(w.across && w.callers(b)) {
			w.out |= Unknown // its caller may do anything with it
		}
	case *ssa.FreeVar:
		for _, v := range w.r.graph.bindings(b) {
			w.source(v)
		}
	case *ssa.UnOp:
		if b.Op == token.MUL && isCell(b.X) {
			// a variable's value: the other values it holds too
			for _, use := range *referrers(b.X) {
				if load, ok := use.(*ssa.UnOp); ok && load.Op == token.MUL {
					w.follow(load)
				}
			}
		}
	case *ssa.Call:
		// A function's result may point into an object it is given (a
		// container found in a Deployment): an argument whose type holds
		// the result's type is followed too. A deep copy is a new object.
		if fn := calleeObject(b.Common()); fn != nil && k8s.IsDeepCopyFunc(fn) {
			break
		}
		for _, a := range b.Common().Args {
			if holds(a.Type(), b.Type(), map[types.Type]bool{}) {
				w.into(a)
			}
		}
	}
	w.follow(base) // a variable's cell too: its loads, the closures capturing it
}

// callers follows the object of the parameter p into the arguments of
// the calls of its function in the package (WhereAcross), and reports
// whether it could: not for an exported function, a method, a closure or
// a function used as a value, nor past the budget.
func (w *walk) callers(p *ssa.Parameter) bool {
	fn := p.Parent()
	obj, _ := fn.Object().(*types.Func)
	i := sigIndex(p)
	if i < 0 || fn.Parent() != nil || obj == nil || obj.Exported() || fn.Signature.Recv() != nil || w.r.graph.valueSet[fn] {
		return false
	}
	sites := w.r.graph.sites(fn)
	if len(sites) == 0 || w.budget == 0 {
		return false
	}
	if w.up[fn] {
		return true // its callers are followed already
	}
	if w.up == nil {
		w.up = map[*ssa.Function]bool{}
	}
	w.up[fn] = true
	w.budget--
	for _, site := range sites {
		if args := argsOf(site.Common()); i < len(args) {
			w.into(args[i])
		}
	}
	return true
}

// returned follows a returned value to the calls of its function in the
// package; a closure's result, or an exported function's or method's
// (other packages call it), is Unknown.
func (w *walk) returned(ret *ssa.Return, x ssa.Value) {
	fn := ret.Parent()
	if (fn.Parent() != nil || w.r.graph.valueSet[fn]) && len(w.r.graph.sites(fn)) == 0 {
		w.handedResult(fn)
		return
	}
	obj, _ := fn.Object().(*types.Func)
	if fn.Parent() != nil || obj == nil || obj.Exported() || fn.Signature.Recv() != nil || w.r.graph.valueSet[fn] {
		w.out |= Unknown // called from elsewhere, or as a value
		return
	}
	if !w.enter(fn) {
		return
	}
	for i, res := range ret.Results {
		if res != x {
			continue
		}
		for _, site := range w.r.graph.sites(fn) {
			call, ok := site.(*ssa.Call)
			if !ok {
				continue
			}
			if fn.Signature.Results().Len() == 1 {
				w.follow(call)
				continue
			}
			for _, use := range *referrers(call) {
				if ex, ok := use.(*ssa.Extract); ok && ex.Index == i {
					w.follow(ex)
				}
			}
		}
	}
}

// call classifies a call given the object.
func (w *walk) call(site ssa.CallInstruction, x ssa.Value) {
	c := site.Common()
	if c.Value == x && !c.IsInvoke() {
		return // the object is the function called
	}
	if b, ok := c.Value.(*ssa.Builtin); ok {
		switch b.Name() {
		case "append":
			if call, ok := site.(*ssa.Call); ok {
				w.follow(call) // the result holds it
			}
		case "len", "cap", "delete", "clear", "copy", "print", "println", "min", "max":
		default:
			w.out |= Unknown
		}
		return
	}
	fn := calleeObject(c)
	if receiverOf(c) == x && fn != nil && !k8s.IsApplyMethod(fn) {
		// x.M(...): where the result goes (obj.DeepCopy() is a new
		// object, followed by its own uses).
		if call, ok := site.(*ssa.Call); ok && !k8s.IsDeepCopyFunc(fn) {
			w.follow(call)
		}
		return
	}
	switch {
	case fn == nil:
		w.callees(site, x)
	case IsWrite(fn):
		w.out |= Written
		w.judge(site, fn, x)
		if call := w.r.callExprs[site.Value()]; call != nil && !slices.Contains(w.writes, call) {
			w.writes = append(w.writes, call)
		}
		if w.write == nil {
			w.write = w.r.callExprs[site.Value()]
		}
	case k8s.IsClientMethod(fn, "Create"):
		w.out |= Created
	case k8s.IsApplyMethod(fn):
		// status.WithConditions(cond): the value is now part of the
		// builder, which the call returns and its receiver holds.
		if call, ok := site.(*ssa.Call); ok {
			w.follow(call)
		}
		if recv := receiverOf(c); recv != nil {
			w.into(recv)
		}
	case k8s.IsClientMethod(fn, "Get", "List"):
		// read into the object
	case readsOnly(fn):
		// its name and namespace, or its finalizers: nothing of it goes on
	case k8s.IsDeepEqual(fn) || isCmp(fn):
		w.out |= Compared
	case isExport(fn):
		w.out |= Exported
	case isLog(fn):
		w.out |= Logged
	default:
		w.callees(site, x)
	}
}

// callees follows the object into the parameters of the functions of the
// package that site may run, or asks their Summary; a call that runs none
// of them is Unknown.
func (w *walk) callees(site ssa.CallInstruction, x ssa.Value) {
	c := site.Common()
	args := argsOf(c)
	fns := w.r.graph.callees(site)
	if len(fns) == 0 {
		if to, ok := w.r.sendsOf(c, args, x); ok {
			w.out |= to
			if call := w.r.callExprs[site.Value()]; to&Written != 0 && call != nil && !slices.Contains(w.helperWrites, call) {
				w.helperWrites = append(w.helperWrites, call)
			}
			return
		}
		w.out |= Unknown
		return
	}
	for _, fn := range fns {
		ps := sigParams(fn)
		if w.from == nil {
			w.from = map[*ssa.Function][]ssa.CallInstruction{}
		}
		w.from[fn] = append(w.from[fn], site)
		if !w.enter(fn) {
			continue
		}
		for i, a := range args {
			if a == x && i < len(ps) {
				w.follow(ps[i])
			}
		}
	}
}

// isCmp reports go-cmp's Equal and Diff.
func isCmp(fn *types.Func) bool {
	return k8s.IsFunc(fn, "github.com/google/go-cmp/cmp", "Equal") || k8s.IsFunc(fn, "github.com/google/go-cmp/cmp", "Diff")
}

// readsOnly reports the library functions that read or set an object's
// identity, owners or finalizers and send nothing of it anywhere:
// client.ObjectKeyFromObject (a name and a namespace), controllerutil's
// finalizer and owner-reference helpers.
func readsOnly(fn *types.Func) bool {
	if k8s.IsFunc(fn, k8s.Client, "ObjectKeyFromObject") {
		return true
	}
	for _, name := range []string{"ContainsFinalizer", "AddFinalizer", "RemoveFinalizer", "SetControllerReference", "SetOwnerReference", "HasControllerReference", "HasOwnerReference", "RemoveControllerReference", "RemoveOwnerReference"} {
		if k8s.IsFunc(fn, k8s.Controllerutil, name) {
			return true
		}
	}
	return false
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

// isLog reports functions that put a value in a log line: klog's (KObj
// makes a reference for one) and a logr.Logger's.
func isLog(fn *types.Func) bool {
	if fn.Pkg() == nil {
		return false
	}
	switch path, name := fn.Pkg().Path(), fn.Name(); path {
	case "k8s.io/klog/v2":
		return true
	case "github.com/go-logr/logr":
		return name == "Info" || name == "Error" || name == "WithValues"
	}
	return false
}

var errorType = types.Universe.Lookup("error").Type()

// carries reports whether a value of t can hold (part of) an object: not
// a string, number or bool.
func carries(t types.Type) bool {
	if types.Identical(t, errorType) {
		return false // an error describes a failure; it does not hold the object
	}
	switch u := types.Unalias(t).Underlying().(type) {
	case *types.Basic, *types.Signature:
		return false // a function value carries no object: its free variables are followed at MakeClosure
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
		if isMachinery(outer) {
			return false
		}
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

// isMachinery reports whether t is a struct type of the client libraries
// or the standard library (a client, a scheme, a REST config): a helper
// handed one (a reconciler that embeds them) returns no pointer into
// what its fields hold.
func isMachinery(t types.Type) bool {
	n := k8s.Named(t)
	if n == nil || n.Obj().Pkg() == nil {
		return false
	}
	path := n.Obj().Pkg().Path()
	return k8s.IsStdlib(n.Obj().Pkg()) || strings.HasPrefix(path, "k8s.io/client-go/") ||
		strings.HasPrefix(path, "sigs.k8s.io/controller-runtime/") ||
		strings.HasPrefix(path, "k8s.io/apimachinery/") && !strings.HasPrefix(path, "k8s.io/apimachinery/pkg/apis/")
}

func deref(t types.Type) types.Type {
	if p, ok := types.Unalias(t).Underlying().(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// handedResult follows what a function value of the package returns to
// the functions of other packages it is handed to as a callback, by their
// Summary's HookSends: a closure building conditions that a framework
// writes into a status. Anything else is Unknown.
func (w *walk) handedResult(fn *ssa.Function) {
	offs := w.r.handOffs(fn)
	if len(offs) == 0 || !w.enter(fn) {
		w.out |= Unknown
		return
	}
	for _, h := range offs {
		sums := w.r.summariesAt(h.site)
		if len(sums) == 0 {
			w.out |= Unknown
			return
		}
		for _, sum := range sums {
			i := slices.IndexFunc(sum.HookSends, func(s HookSend) bool { return s.Hook == h.cb })
			if i < 0 {
				w.out |= Unknown
				return
			}
			w.out |= sum.HookSends[i].To
		}
	}
}

// HandedResult says where the function of another package that lit is
// handed to sends what lit returns (its Summary's HookSends), and names
// that function: a closure building a list that a framework writes into
// the object it updates is Written there. A literal called in the
// package, or handed to no function whose Summary says, is Unknown.
func (r *Result) HandedResult(lit *ast.FuncLit) (Set, *types.Func) {
	if !r.ready() {
		return Unknown, nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	fn := r.literal(lit)
	if fn == nil || r.calledHere(fn) {
		return Unknown, nil
	}
	offs := r.handOffs(fn)
	if len(offs) == 0 {
		return Unknown, nil
	}
	w := &walk{r: r, budget: Depth, seen: map[ssa.Value]bool{}, fns: map[*ssa.Function]bool{}}
	w.handedResult(fn)
	return w.out, calleeObject(offs[0].site.Common())
}
