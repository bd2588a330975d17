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

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/astutil"
)

// carryBudget bounds the values visited for one question.
const carryBudget = 96

// Carries reports whether the value of e is built, at least in part, from
// what the location loc (a variable and the fields selected from it, as
// astutil.PathOf reads it) held: a read of loc, of a part of it, or of
// what holds it, reached through phis, appends (the slice and the
// elements appended), element and sub-slice reads, conversions and the
// values stored into a local's cell. Calls other than append are not
// followed: a value a function computes from loc is not known to keep it.
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
	c := &carrier{r: r, root: target.Root, fields: fieldSteps(target.Steps), seen: map[ssa.Value]bool{}, budget: carryBudget}
	for _, ref := range r.exprs[ast.Unparen(e)] {
		if c.visit(ref.X) {
			return true
		}
	}
	return false
}

// indexVars maps the values that define a variable back to it, for the
// roots of paths.
func (r *Result) indexVars() {
	r.varOf = map[ssa.Value]*types.Var{}
	for v, xs := range r.values {
		for _, x := range xs {
			if _, taken := r.varOf[x]; !taken {
				r.varOf[x] = v
			}
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
	r      *Result
	root   types.Object
	fields []*types.Var
	seen   map[ssa.Value]bool
	budget int
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
			return c.any(storedInto(a))
		}
	case *ssa.Call:
		if b, ok := x.Call.Value.(*ssa.Builtin); ok && b.Name() == "append" {
			for _, a := range x.Call.Args {
				if c.visit(a) || c.any(variadicElems(a)) {
					return true
				}
			}
		}
	}
	return false
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

// reads reports whether v reads the target location, a part of it, or
// what holds it: its path of field selections from a variable (element
// reads and pointer indirections left out) and the target's are one
// within the other.
func (c *carrier) reads(v ssa.Value) bool {
	var fields []*types.Var // innermost first
	for {
		switch x := v.(type) {
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return false
			}
			v = x.X
			continue
		case *ssa.FieldAddr:
			f := fieldOf(x.X.Type(), x.Field, true)
			if f == nil {
				return false
			}
			fields = append(fields, f)
			v = x.X
			continue
		case *ssa.Field:
			f := fieldOf(x.X.Type(), x.Field, false)
			if f == nil {
				return false
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
	var root types.Object
	if p, ok := v.(*ssa.Parameter); ok {
		root = p.Object()
	} else if w, ok := c.r.varOf[v]; ok {
		root = w
	}
	if root == nil || root != c.root {
		return false
	}
	n := min(len(fields), len(c.fields))
	for i := range n {
		if fields[len(fields)-1-i] != c.fields[i] {
			return false
		}
	}
	return true
}
