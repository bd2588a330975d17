package flow

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/funcs"
)

// calls resolves the calls of a package's functions to the functions of
// the package they may run, and back: which call sites may run a
// function, which MakeClosure binds a closure's free variables, and which
// closures are handed to other code.
//
// A call resolves to
//   - its static callee, or the generic function an instantiation is of;
//   - for an interface method, the methods of the package's types that
//     implement the interface the method is declared in;
//   - for a function value (a parameter, a field, a variable), the
//     functions it is traced back to (see dynamic), or when the trace is
//     lost, every function of the package of an identical signature that
//     is used as a value: a closure or a declared function taken without
//     calling it.
type calls struct {
	pkg      *ssa.Package
	byCallee map[*ssa.Function][]ssa.CallInstruction
	bySite   map[ssa.CallInstruction][]*ssa.Function
	closures map[*ssa.Function][]*ssa.MakeClosure
	makers   map[*ssa.Function][]ssa.Instruction // where each closure is made or taken as a value
	values   []*ssa.Function                     // used as values
	valueSet map[*ssa.Function]bool
	impls    map[*types.Func][]*ssa.Function
	stored   map[*types.Var][]ssa.Value // what the package stores into each struct field
}

func newCalls(pass *analysis.Pass, pkg *ssa.Package, funcs []*ssa.Function) *calls {
	c := &calls{
		pkg:      pkg,
		byCallee: map[*ssa.Function][]ssa.CallInstruction{},
		bySite:   map[ssa.CallInstruction][]*ssa.Function{},
		closures: map[*ssa.Function][]*ssa.MakeClosure{},
		makers:   map[*ssa.Function][]ssa.Instruction{},
		valueSet: map[*ssa.Function]bool{},
		impls:    map[*types.Func][]*ssa.Function{},
		stored:   map[*types.Var][]ssa.Value{},
	}
	inPkg := map[*ssa.Function]bool{}
	for _, fn := range funcs {
		inPkg[fn] = true
	}
	// Functions used as values, and the closures' bindings.
	var ops [8]*ssa.Value // one array for every instruction's operands
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if mc, ok := instr.(*ssa.MakeClosure); ok {
					callee := mc.Fn.(*ssa.Function)
					c.closures[callee] = append(c.closures[callee], mc)
				}
				if _, ok := instr.(*ssa.DebugRef); ok {
					continue // a name, not a use
				}
				for i, op := range instr.Operands(ops[:0]) {
					f, ok := (*op).(*ssa.Function)
					if ok && f.Parent() != nil {
						c.makers[f] = append(c.makers[f], instr) // a closure made, called or taken here
					}
					if !ok || !inPkg[origin(f)] || c.valueSet[origin(f)] {
						continue
					}
					if call, isCall := instr.(ssa.CallInstruction); isCall && i == 0 && call.Common().Value == f {
						continue // called, not taken as a value
					}
					if _, isClosure := instr.(*ssa.MakeClosure); isClosure && i == 0 {
						continue // the closure's value is the MakeClosure's
					}
					c.valueSet[origin(f)] = true
					c.values = append(c.values, origin(f))
				}
			}
		}
	}
	for f := range c.closures {
		if c.handed(f) && !c.valueSet[f] {
			c.valueSet[f] = true
			c.values = append(c.values, f)
		}
	}
	// Static and interface calls first: a function value is traced back
	// through the calls of the function whose parameter it is.
	var dynamic []ssa.CallInstruction
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch in := instr.(type) {
				case *ssa.Store:
					if fa, ok := in.Addr.(*ssa.FieldAddr); ok {
						if f := fieldOf(fa.X.Type(), fa.Field, true); f != nil {
							c.stored[f] = append(c.stored[f], in.Val)
						}
					}
				case ssa.CallInstruction:
					if in.Common().IsInvoke() || in.Common().StaticCallee() != nil {
						c.add(in, c.resolve(in.Common()), inPkg)
					} else if _, builtin := in.Common().Value.(*ssa.Builtin); !builtin {
						dynamic = append(dynamic, in)
					}
				}
			}
		}
	}
	for _, site := range dynamic {
		c.add(site, c.dynamic(site.Common()), inPkg)
	}
	return c
}

func (c *calls) add(site ssa.CallInstruction, callees []*ssa.Function, inPkg map[*ssa.Function]bool) {
	for _, callee := range callees {
		if inPkg[callee] {
			c.bySite[site] = append(c.bySite[site], callee)
			c.byCallee[callee] = append(c.byCallee[callee], site)
		}
	}
}

// dynamic resolves a call of a function value. The value is traced back
// to the functions it can hold: through phis, variables and captures,
// the struct field it was loaded from (to what the package stores into
// that field), and the parameter it came in by (to the arguments of the
// package's calls of that function). When the trace meets anything else
// (an exported function's parameter, a global, another package's result),
// every function of the package of an identical signature that is used as
// a value counts.
func (c *calls) dynamic(common *ssa.CallCommon) []*ssa.Function {
	var out []*ssa.Function
	seen := map[ssa.Value]bool{}
	known := true
	var trace func(v ssa.Value)
	trace = func(v ssa.Value) {
		if !known || seen[v] {
			return
		}
		seen[v] = true
		if fn := funcValue(v); fn != nil {
			out = append(out, fn)
			return
		}
		if x := convertedFrom(v); x != nil {
			trace(x)
			return
		}
		switch x := v.(type) {
		case *ssa.Phi:
			for _, e := range x.Edges {
				trace(e)
			}
		case *ssa.Const:
			// nil: calls nothing
		case *ssa.FreeVar:
			for _, b := range c.bindings(x) {
				trace(b)
			}
		case *ssa.Alloc:
			for _, ref := range *x.Referrers() {
				if st, ok := ref.(*ssa.Store); ok && st.Addr == x {
					trace(st.Val)
				}
			}
		case *ssa.UnOp:
			if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL {
				c.traceField(fieldOf(fa.X.Type(), fa.Field, true), trace, &known)
			} else if isCell(x.X) && x.Op == token.MUL {
				trace(x.X)
			} else {
				known = false
			}
		case *ssa.Field:
			c.traceField(fieldOf(x.X.Type(), x.Field, false), trace, &known)
		case *ssa.Parameter:
			obj, _ := x.Parent().Object().(*types.Func)
			i := sigIndex(x)
			if x.Parent().Parent() != nil || obj == nil || obj.Exported() || i < 0 || c.valueSet[x.Parent()] {
				known = false // called from elsewhere, or as a value
				return
			}
			for _, site := range c.byCallee[x.Parent()] {
				if args := argsOf(site.Common()); i < len(args) {
					trace(args[i])
				}
			}
		default:
			known = false
		}
	}
	trace(common.Value)
	if known {
		return out
	}
	sig := common.Signature()
	out = out[:0]
	for _, fn := range c.values {
		if types.Identical(fn.Signature, sig) {
			out = append(out, fn)
		}
	}
	return out
}

// traceField traces what the package stores into the struct field f.
// Another package's stores into an exported field are not seen; they
// could only hold that package's functions, which no resolution here
// reaches anyway.
func (c *calls) traceField(f *types.Var, trace func(ssa.Value), known *bool) {
	if f == nil {
		*known = false
		return
	}
	for _, v := range c.stored[f] {
		trace(v)
	}
}

// fieldOf returns field i of the struct t (or *t, if ptr).
func fieldOf(t types.Type, i int, ptr bool) *types.Var {
	if ptr {
		p, ok := t.Underlying().(*types.Pointer)
		if !ok {
			return nil
		}
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok || i >= st.NumFields() {
		return nil
	}
	return st.Field(i)
}

// origin returns the generic function that fn instantiates, or fn.
func origin(fn *ssa.Function) *ssa.Function {
	if o := fn.Origin(); o != nil {
		return o
	}
	return fn
}

func (c *calls) resolve(common *ssa.CallCommon) []*ssa.Function {
	if common.IsInvoke() {
		return c.implementations(common.Method)
	}
	if fn := common.StaticCallee(); fn != nil {
		return []*ssa.Function{origin(fn)}
	}
	return nil
}

// implementations returns the methods of the package's types that
// implement the interface declaring m (funcs.ImplementationsIn), with
// their SSA functions: a promoted method of an embedded type of another
// package is left to that package's Summary.
func (c *calls) implementations(m *types.Func) []*ssa.Function {
	if out, ok := c.impls[m]; ok {
		return out
	}
	var out []*ssa.Function
	for _, f := range funcs.ImplementationsIn(c.pkg.Pkg, m) {
		if f.Pkg() != c.pkg.Pkg {
			continue
		}
		if fn := c.pkg.Prog.FuncValue(f); fn != nil {
			out = append(out, fn)
		}
	}
	c.impls[m] = out
	return out
}

// makersOf returns the instructions of the enclosing function that make
// the closure fn (MakeClosure), call it where it is written, or take it as
// a value.
func (c *calls) makersOf(fn *ssa.Function) []ssa.Instruction { return c.makers[fn] }

// sites returns the call sites in the package that may run fn.
func (c *calls) sites(fn *ssa.Function) []ssa.CallInstruction { return c.byCallee[fn] }

// callees returns the functions of the package that site may run.
func (c *calls) callees(site ssa.CallInstruction) []*ssa.Function { return c.bySite[site] }

// bindings returns the values bound to the free variable fv where its
// closure is made.
func (c *calls) bindings(fv *ssa.FreeVar) []ssa.Value {
	fn := fv.Parent()
	i := -1
	for j, f := range fn.FreeVars {
		if f == fv {
			i = j
		}
	}
	var out []ssa.Value
	for _, mc := range c.closures[fn] {
		if i >= 0 && i < len(mc.Bindings) {
			out = append(out, mc.Bindings[i])
		}
	}
	return out
}

// handed reports whether the closure fn is used other than by calling it
// where it is made: passed, stored or returned.
func (c *calls) handed(fn *ssa.Function) bool {
	var values []ssa.Value
	if len(fn.FreeVars) == 0 {
		values = append(values, fn)
	}
	for _, mc := range c.closures[fn] {
		values = append(values, mc)
	}
	for _, v := range values {
		refs := v.Referrers()
		if refs == nil {
			continue
		}
		for _, ref := range *refs {
			if call, ok := ref.(ssa.CallInstruction); ok && call.Common().Value == v {
				continue
			}
			if _, ok := ref.(*ssa.DebugRef); ok {
				continue
			}
			return true
		}
	}
	return false
}

// calleeObject returns the declared function or method a call runs
// statically, or the interface method it invokes.
func calleeObject(c *ssa.CallCommon) *types.Func {
	if c.IsInvoke() {
		return c.Method
	}
	if fn := c.StaticCallee(); fn != nil {
		if obj, ok := origin(fn).Object().(*types.Func); ok {
			return obj
		}
	}
	return nil
}

// receiving returns the parameters of the functions site may run that
// receive v as an argument, and with receivers as the receiver too (a
// method's first parameter).
func (c *calls) receiving(site ssa.CallInstruction, v ssa.Value, receivers bool) []*ssa.Parameter {
	common := site.Common()
	var out []*ssa.Parameter
	for _, callee := range c.callees(site) {
		if receivers && receiverOf(common) == v && callee.Signature.Recv() != nil && len(callee.Params) > 0 {
			out = append(out, callee.Params[0])
		}
		ps := sigParams(callee)
		for i, a := range argsOf(common) {
			if a == v && i < len(ps) {
				out = append(out, ps[i])
			}
		}
	}
	return out
}

// receiverOf returns the receiver a method call is made on, or nil.
func receiverOf(c *ssa.CallCommon) ssa.Value {
	if c.IsInvoke() {
		return c.Value
	}
	if fn := c.StaticCallee(); fn != nil && fn.Signature.Recv() != nil && len(c.Args) > 0 {
		return c.Args[0]
	}
	return nil
}

// argsOf returns a call's arguments without its receiver, as they are
// written: args[i] is the signature's parameter i.
func argsOf(c *ssa.CallCommon) []ssa.Value {
	if !c.IsInvoke() {
		if fn := c.StaticCallee(); fn != nil && fn.Signature.Recv() != nil && len(c.Args) > 0 {
			return c.Args[1:]
		}
	}
	return c.Args
}

// sigParams returns fn's parameters without its receiver.
func sigParams(fn *ssa.Function) []*ssa.Parameter {
	if fn.Signature.Recv() != nil && len(fn.Params) > 0 {
		return fn.Params[1:]
	}
	return fn.Params
}

// sigIndex returns p's index among its function's parameters without the
// receiver, or -1 for the receiver.
func sigIndex(p *ssa.Parameter) int {
	for i, q := range sigParams(p.Parent()) {
		if q == p {
			return i
		}
	}
	return -1
}

// HandedTo returns the parameters of the package's functions (declared
// functions, closures, methods of interfaces the package implements,
// resolved as the engine resolves calls) that the calls of v's function
// hand the value of the local v to, receivers included, in the order of
// the calls: `setParent(want, c)` hands want to setParent's first
// parameter. The value is followed through the locals that hold it as it
// is (v's own values, loads of its cell), not through fields or copies.
func (r *Result) HandedTo(v *types.Var) []*types.Var {
	if !r.ready() || r.graph == nil {
		return nil
	}
	var out []*types.Var
	seen := map[*types.Var]bool{}
	add := func(p *ssa.Parameter) {
		if w, ok := p.Object().(*types.Var); ok && !seen[w] {
			seen[w] = true
			out = append(out, w)
		}
	}
	for _, x := range r.values[v] {
		for _, use := range *referrers(x) {
			if site, ok := use.(ssa.CallInstruction); ok {
				for _, p := range r.graph.receiving(site, x, true) {
					add(p)
				}
			}
		}
	}
	return out
}
