package flow

// Locate: the variable a location or value is rooted at, through
// pointers, fields, elements, type assertions and local copies.

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/k8s"
)

// A Location says what an expression is reached from: the variable it is
// rooted at (a local or a parameter), the types of the values on the way
// from the expression to that variable, and the first local copy crossed
// (a struct copied by value into a local, or a DeepCopy), whose changes
// reach the root only if the copy goes somewhere. Hops lists the steps,
// from the expression outward.
type Location struct {
	Root  *types.Var
	Types []types.Type
	Copy  *types.Var
	Hops  []Hop
}

// A Hop is one step of a Location: the variable the value there defines
// (nil when none), the field selected from the next value to reach it
// (nil for an element, a dereference or a conversion), whether the value
// is an element of the next one (a list's or an array's), and whether it
// is a local copy of the next one.
type Hop struct {
	Var   *types.Var
	Field *types.Var
	Elem  bool
	Copy  bool
}

// Path returns the fields and elements from the value at hop i to the
// expression Locate was asked about, as written in Go without the
// indexes: "Spec.Containers[].Resources" ("" for i = 0).
func (l Location) Path(i int) string {
	var b strings.Builder
	for j := min(i, len(l.Hops)) - 1; j >= 0; j-- {
		h := l.Hops[j]
		switch {
		case h.Field != nil:
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteString(h.Field.Name())
		case h.Elem:
			b.WriteString("[]")
		}
	}
	return b.String()
}

// locateDepth bounds the steps Locate takes.
const locateDepth = 32

// Locate returns what the value or address of e is rooted at: through
// loads, field and element addresses, fields, elements, type assertions,
// conversions, a local copy (a local of struct type whose one store is
// the value copied), DeepCopy (from the object copied), and a phi whose
// one source is not nil (`var c *Container` set in a loop that finds
// it) or whose sources lead to one variable by the same fields and
// elements (agreeing). It stops at a parameter or at a value that
// defines a variable and is none of these (a literal, a call, a phi of
// sources that lead apart): that variable is the root. The zero Location
// is returned when the engine has no value for e.
func (r *Result) Locate(e ast.Expr) Location {
	if !r.ready() {
		return Location{}
	}
	r.carryOnce.Do(r.indexVars)
	e = ast.Unparen(e)
	refs := r.exprs[e]
	if sel, ok := e.(*ast.SelectorExpr); ok && !slices.ContainsFunc(refs, func(x *ssa.DebugRef) bool { return x.IsAddr }) {
		// A field's address is referenced by its selector's name.
		refs = append(slices.Clip(refs), r.exprs[sel.Sel]...)
	}
	// An lvalue has an address reference (the other is the value stored);
	// `*p`, read or written, is reached from p.
	i := slices.IndexFunc(refs, func(x *ssa.DebugRef) bool { return x.IsAddr })
	if star, ok := e.(*ast.StarExpr); ok && i < 0 {
		inner := r.Locate(star.X)
		if t := r.info.TypeOf(e); t != nil && inner.Root != nil {
			inner.Types = append([]types.Type{t}, inner.Types...)
			inner.Hops = append([]Hop{{}}, inner.Hops...)
		}
		return inner
	}
	if len(refs) == 0 {
		return Location{}
	}
	if i < 0 {
		i = 0
	}
	return r.locate(refs[i].X)
}

// LocateVar is Locate for the values the variable v holds (`dep :=
// current.DeepCopy()` is rooted at current), but nil (the zero value of
// `var dep *T`, declared before it is given one): the Location of the
// first when they are all rooted at one variable, the zero Location when
// they are not or the engine has none.
func (r *Result) LocateVar(v *types.Var) Location {
	if !r.ready() {
		return Location{}
	}
	r.carryOnce.Do(r.indexVars)
	var out Location
	for _, x := range r.values[v] {
		if c, ok := x.(*ssa.Const); ok && c.IsNil() {
			continue
		}
		l := r.locate(x)
		if l.Root == nil || out.Root != nil && l.Root != out.Root {
			return Location{}
		}
		if out.Root == nil {
			out = l
		}
	}
	return out
}

func (r *Result) locate(v ssa.Value) Location { return r.locateIn(v, 0) }

// maxJoins bounds the phis of several sources that one Locate question
// looks through (agreeing): a loop's phi reached again from its own
// edge stops there.
const maxJoins = 2

func (r *Result) locateIn(v ssa.Value, joins int) Location {
	var loc Location
	for range locateDepth {
		hop := Hop{Var: r.rootVar(v)}
		loc.Types = append(loc.Types, v.Type())
		next, field, ok := pathStep(v)
		if ok && next == nil {
			return Location{}
		}
		if !ok {
			switch x := v.(type) {
			case *ssa.Phi:
				next = phiSource(x)
				if next == nil && joins < maxJoins {
					next = r.agreeing(x, joins+1)
				}
			case *ssa.TypeAssert:
				next = x.X
			case *ssa.ChangeType:
				next = x.X
			case *ssa.MakeInterface:
				next = x.X
			case *ssa.Alloc:
				st := storedInto(x)
				if len(st) != 1 {
					break
				}
				if isReference(x.Type().(*types.Pointer).Elem()) {
					next = st[0] // a pointer local's cell (captured, or its address taken)
					break
				}
				// A local struct copied by value: `spec := pod.Spec`.
				if ld, ok := st[0].(*ssa.UnOp); ok && ld.Op == token.MUL {
					hop.Copy = true
					next = ld
				}
			case *ssa.Call:
				if fn := calleeObject(x.Common()); fn != nil && k8s.IsDeepCopyFunc(fn) && len(x.Call.Args) == 1 {
					hop.Copy = true
					next = x.Call.Args[0]
				}
			}
		}
		hop.Field = field
		switch v.(type) {
		case *ssa.IndexAddr, *ssa.Index:
			hop.Elem = true
		}
		loc.Hops = append(loc.Hops, hop)
		if hop.Copy && loc.Copy == nil {
			loc.Copy = hop.Var
		}
		if next == nil {
			loc.Root = hop.Var
			return loc
		}
		v = next
	}
	return Location{}
}

// agreeing returns a source of phi when its sources (through the phis it
// takes, nil left out) all lead to one variable by the same fields and
// elements, without a copy on the way (`c := &pod.Spec.Containers[0]`,
// then `c = &pod.Spec.Containers[i]` in the loop that finds it): what the
// phi is rooted at is theirs. nil otherwise.
func (r *Result) agreeing(phi *ssa.Phi, joins int) ssa.Value {
	var first ssa.Value
	var want Location
	for _, e := range phiSources(phi) {
		l := r.locateIn(e, joins)
		if l.Root == nil || l.Copy != nil {
			return nil
		}
		if first == nil {
			first, want = e, l
			continue
		}
		if l.Root != want.Root || l.Path(len(l.Hops)-1) != want.Path(len(want.Hops)-1) {
			return nil
		}
	}
	return first
}

// rootVar returns the variable v defines (varsOf) that is declared
// first, or nil.
func (r *Result) rootVar(v ssa.Value) *types.Var {
	var out *types.Var
	for _, w := range r.varsOf(v) {
		if out == nil || w.Pos() < out.Pos() {
			out = w
		}
	}
	return out
}

// varsOf returns the variables v defines: a parameter's; the locals v is
// a value of; for a variable's cell (captured, or its address taken),
// the variable its loads are or whose address it is.
func (r *Result) varsOf(v ssa.Value) []*types.Var {
	if p, ok := v.(*ssa.Parameter); ok {
		w, _ := p.Object().(*types.Var)
		return []*types.Var{w}
	}
	objs := r.varOf[v]
	if len(objs) == 0 {
		switch v.(type) {
		case *ssa.FreeVar, *ssa.Alloc:
			for _, use := range *referrers(v) {
				if l, ok := use.(*ssa.UnOp); ok && l.Op == token.MUL {
					objs = append(objs, r.varOf[l]...)
				}
			}
			for _, w := range r.cells[v] {
				objs = append(objs, w)
			}
		}
	}
	var out []*types.Var
	for _, o := range objs {
		if w, ok := o.(*types.Var); ok && !w.IsField() {
			out = append(out, w)
		}
	}
	return out
}

// phiSource returns the one value a phi takes besides nil, through the
// phis it takes (a variable set in a loop or a branch); nil when it takes
// several, or a constant.
func phiSource(phi *ssa.Phi) ssa.Value {
	srcs := phiSources(phi)
	if len(srcs) != 1 {
		return nil
	}
	if _, isConst := srcs[0].(*ssa.Const); isConst {
		return nil
	}
	return srcs[0]
}

// phiSources returns the values a phi takes, through the phis it takes,
// nil left out: in the order found, each once.
func phiSources(phi *ssa.Phi) []ssa.Value {
	var out []ssa.Value
	seen := map[ssa.Value]bool{}
	work := []*ssa.Phi{phi}
	for len(work) > 0 {
		p := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[p] {
			continue
		}
		seen[p] = true
		for _, e := range p.Edges {
			switch x := e.(type) {
			case *ssa.Phi:
				work = append(work, x)
			case *ssa.Const:
				if !x.IsNil() && !seen[x] {
					seen[x] = true
					out = append(out, x)
				}
			default:
				if !seen[e] {
					seen[e] = true
					out = append(out, e)
				}
			}
		}
	}
	return out
}
