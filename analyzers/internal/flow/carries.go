package flow

// Carries: whether a new value keeps what a location held, through the
// locals, phis, appends and element reads that build it: `fresh :=
// make(...); ...; for i := range cur { if !want(cur[i]) { fresh =
// append(fresh, cur[i]) } }; pod.Spec.Volumes = fresh` keeps the
// volumes of pod.Spec.Volumes that it does not replace.

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/astutil"
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
	steps := fieldSteps(target.Steps)
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

// indexVars maps the values that define a variable back to it, for the
// roots of paths. A value may define several (`b := a`): each is kept,
// whatever order the map of variables is walked in.
func (r *Result) indexVars() {
	r.varOf = map[ssa.Value][]types.Object{}
	for v, xs := range r.values {
		for _, x := range xs {
			r.varOf[x] = append(r.varOf[x], v)
		}
	}
}

func fieldSteps(steps []astutil.Step) []*types.Var {
	var out []*types.Var
	for _, s := range steps {
		if s.Field != nil {
			out = append(out, s.Field)
		}
	}
	return out
}

type carrier struct {
	r       *Result
	targets []location
	seen    map[ssa.Value]bool
	budget  int
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
	if c.reads(v) {
		return true
	}
	switch x := v.(type) {
	case *ssa.Phi:
		for _, e := range x.Edges {
			if c.visit(e) {
				return true
			}
		}
	case *ssa.ChangeType:
		return c.visit(x.X)
	case *ssa.Convert:
		return c.visit(x.X)
	case *ssa.Slice:
		return c.visit(x.X)
	case *ssa.Index:
		return c.visit(x.X)
	case *ssa.UnOp:
		if x.Op != token.MUL {
			return false
		}
		switch a := x.X.(type) {
		case *ssa.IndexAddr:
			return c.visit(a.X) // an element of a list built from loc
		case *ssa.Alloc:
			return c.any(partsStored(a))
		}
	case *ssa.MakeInterface:
		return c.visit(x.X)
	case *ssa.TypeAssert:
		return c.visit(x.X)
	case *ssa.Extract:
		return c.visit(x.Tuple)
	case *ssa.Alloc:
		return c.any(partsStored(x))
	case *ssa.Call:
		for _, a := range x.Call.Args {
			if c.visit(a) || c.any(variadicElems(a)) {
				return true
			}
		}
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
	var fields []*types.Var // innermost first
	for {
		switch x := v.(type) {
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return nil, nil
			}
			v = x.X
			continue
		case *ssa.FieldAddr:
			f := fieldOf(x.X.Type(), x.Field, true)
			if f == nil {
				return nil, nil
			}
			fields = append(fields, f)
			v = x.X
			continue
		case *ssa.Field:
			f := fieldOf(x.X.Type(), x.Field, false)
			if f == nil {
				return nil, nil
			}
			fields = append(fields, f)
			v = x.X
			continue
		case *ssa.IndexAddr:
			v = x.X
			continue
		case *ssa.Index:
			v = x.X
			continue
		}
		break
	}
	slices.Reverse(fields)
	if p, ok := v.(*ssa.Parameter); ok {
		return []types.Object{p.Object()}, fields
	}
	return r.varOf[v], fields
}
