package flow

import (
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
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
//   - for a function value (a parameter, a field, a variable), every
//     function of the package of an identical signature that is used as a
//     value: a closure or a declared function taken without calling it.
type calls struct {
	pkg      *ssa.Package
	byCallee map[*ssa.Function][]ssa.CallInstruction
	bySite   map[ssa.CallInstruction][]*ssa.Function
	closures map[*ssa.Function][]*ssa.MakeClosure
	values   []*ssa.Function // used as values
	valueSet map[*ssa.Function]bool
	named    []*types.TypeName // the package's concrete named types
	impls    map[*types.Func][]*ssa.Function
}

func newCalls(pass *analysis.Pass, pkg *ssa.Package, funcs []*ssa.Function) *calls {
	c := &calls{
		pkg:      pkg,
		byCallee: map[*ssa.Function][]ssa.CallInstruction{},
		bySite:   map[ssa.CallInstruction][]*ssa.Function{},
		closures: map[*ssa.Function][]*ssa.MakeClosure{},
		valueSet: map[*ssa.Function]bool{},
		impls:    map[*types.Func][]*ssa.Function{},
	}
	inPkg := map[*ssa.Function]bool{}
	for _, fn := range funcs {
		inPkg[fn] = true
	}
	scope := pass.Pkg.Scope()
	for _, name := range scope.Names() {
		if tn, ok := scope.Lookup(name).(*types.TypeName); ok && !tn.IsAlias() && !types.IsInterface(tn.Type()) {
			c.named = append(c.named, tn)
		}
	}
	// Functions used as values, and the closures' bindings.
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
				var ops [8]*ssa.Value
				for i, op := range instr.Operands(ops[:0]) {
					f, ok := (*op).(*ssa.Function)
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
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				site, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				for _, callee := range c.resolve(site.Common()) {
					if inPkg[callee] {
						c.bySite[site] = append(c.bySite[site], callee)
						c.byCallee[callee] = append(c.byCallee[callee], site)
					}
				}
			}
		}
	}
	return c
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
	if _, builtin := common.Value.(*ssa.Builtin); builtin {
		return nil
	}
	sig := common.Signature()
	var out []*ssa.Function
	for _, fn := range c.values {
		if types.Identical(fn.Signature, sig) {
			out = append(out, fn)
		}
	}
	return out
}

// implementations returns the methods of the package's types that
// implement the interface declaring m.
func (c *calls) implementations(m *types.Func) []*ssa.Function {
	if out, ok := c.impls[m]; ok {
		return out
	}
	var out []*ssa.Function
	iface, _ := m.Type().(*types.Signature).Recv().Type().Underlying().(*types.Interface)
	if iface != nil {
		for _, tn := range c.named {
			for _, t := range []types.Type{tn.Type(), types.NewPointer(tn.Type())} {
				if !types.Implements(t, iface) {
					continue
				}
				obj, _, _ := types.LookupFieldOrMethod(t, true, m.Pkg(), m.Name())
				if f, ok := obj.(*types.Func); ok && f.Pkg() == c.pkg.Pkg {
					if fn := c.pkg.Prog.FuncValue(f); fn != nil {
						out = append(out, fn)
					}
				}
				break
			}
		}
	}
	c.impls[m] = out
	return out
}

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
