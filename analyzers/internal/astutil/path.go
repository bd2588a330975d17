package astutil

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"
)

// A Path is a location an expression denotes, by object identity rather
// than by text: a root variable and the fields and indexes selected from
// it. `dep.Spec.Template`, `(*dep).Spec.Template` and `d.Spec.Template`
// after `d := dep`... are told apart or equated by the variables and
// fields they resolve to, never by their spelling: `newdep.Spec` is not
// within `dep.Spec`, and a local named like a field is not that field.
// Pointer indirections (`*p`, `&x`) do not change a path; a promoted field
// includes the embedded fields it is reached through.
type Path struct {
	Root  types.Object // a *types.Var: local, parameter or package-level
	Steps []Step
}

// A Step selects a field, an element, or the result of an accessor (a
// method called without arguments, such as GetAnnotations()).
type Step struct {
	Field  *types.Var   // a field
	Method *types.Func  // an accessor
	Key    string       // an index's constant value (exact), when constant
	Var    types.Object // an index's variable, when it is one
}

// PathOf returns the path e denotes, or false when e is not a location
// with a variable root and field selections or indexes that are constants
// or variables (a call, a literal, an index by an expression).
func PathOf(info *types.Info, e ast.Expr) (Path, bool) {
	var steps []Step // innermost last, reversed at the end
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			v := IdentVar(info, x)
			if v == nil {
				return Path{}, false
			}
			for i, j := 0, len(steps)-1; i < j; i, j = i+1, j-1 {
				steps[i], steps[j] = steps[j], steps[i]
			}
			return Path{Root: v, Steps: steps}, true
		case *ast.SelectorExpr:
			sel := info.Selections[x]
			if sel == nil {
				// A qualified identifier: a package-level variable.
				if v, ok := info.Uses[x.Sel].(*types.Var); ok && !v.IsField() {
					for i, j := 0, len(steps)-1; i < j; i, j = i+1, j-1 {
						steps[i], steps[j] = steps[j], steps[i]
					}
					return Path{Root: v, Steps: steps}, true
				}
				return Path{}, false
			}
			if sel.Kind() != types.FieldVal {
				return Path{}, false
			}
			fields := embeddedFields(sel)
			for i := len(fields) - 1; i >= 0; i-- {
				steps = append(steps, Step{Field: fields[i]})
			}
			e = x.X
		case *ast.CallExpr:
			sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr)
			if !ok || len(x.Args) > 0 {
				return Path{}, false
			}
			s := info.Selections[sel]
			if s == nil || s.Kind() != types.MethodVal {
				return Path{}, false
			}
			steps = append(steps, Step{Method: s.Obj().(*types.Func)})
			e = sel.X
		case *ast.StarExpr:
			e = x.X
		case *ast.UnaryExpr:
			if x.Op != token.AND {
				return Path{}, false
			}
			e = x.X
		case *ast.IndexExpr:
			st := Step{}
			if tv, ok := info.Types[x.Index]; ok && tv.Value != nil {
				st.Key = tv.Value.ExactString()
				if tv.Value.Kind() == constant.String {
					st.Key = constant.StringVal(tv.Value)
				}
			} else if id, ok := ast.Unparen(x.Index).(*ast.Ident); ok && IdentVar(info, id) != nil {
				st.Var = IdentVar(info, id)
			} else {
				return Path{}, false
			}
			steps = append(steps, st)
			e = x.X
		default:
			return Path{}, false
		}
	}
}

// embeddedFields returns the fields a field selection goes through: the
// implicit embedded ones, then the selected one.
func embeddedFields(sel *types.Selection) []*types.Var {
	var out []*types.Var
	t := sel.Recv()
	for _, i := range sel.Index() {
		if p, ok := t.Underlying().(*types.Pointer); ok {
			t = p.Elem()
		}
		st, ok := t.Underlying().(*types.Struct)
		if !ok {
			return []*types.Var{sel.Obj().(*types.Var)}
		}
		f := st.Field(i)
		out = append(out, f)
		t = f.Type()
	}
	return out
}

func (s Step) equal(t Step) bool {
	if s.Field != nil || t.Field != nil {
		return s.Field != nil && t.Field != nil && s.Field.Origin() == t.Field.Origin()
	}
	if s.Method != nil || t.Method != nil {
		return s.Method != nil && t.Method != nil && s.Method.Origin() == t.Method.Origin()
	}
	if s.Var != nil || t.Var != nil {
		return s.Var == t.Var
	}
	return s.Key == t.Key
}

// Equal reports whether p and q are the same location.
func (p Path) Equal(q Path) bool {
	return len(p.Steps) == len(q.Steps) && p.Within(q)
}

// Within reports whether p is q or a part of it (q is a prefix of p).
func (p Path) Within(q Path) bool {
	if p.Root != q.Root || len(q.Steps) > len(p.Steps) {
		return false
	}
	for i, s := range q.Steps {
		if !s.equal(p.Steps[i]) {
			return false
		}
	}
	return true
}

// Fields returns the fields p selects, in order, without its elements
// and accessors.
func (p Path) Fields() []*types.Var {
	var out []*types.Var
	for _, s := range p.Steps {
		if s.Field != nil {
			out = append(out, s.Field)
		}
	}
	return out
}

// String spells p as Go source would: dep.Spec.Template.Annotations["k"].
func (p Path) String() string {
	var b strings.Builder
	if p.Root != nil {
		b.WriteString(p.Root.Name())
	}
	for _, s := range p.Steps {
		switch {
		case s.Field != nil:
			b.WriteString("." + s.Field.Name())
		case s.Method != nil:
			b.WriteString("." + s.Method.Name() + "()")
		case s.Var != nil:
			b.WriteString("[" + s.Var.Name() + "]")
		default:
			b.WriteString("[" + s.Key + "]")
		}
	}
	return b.String()
}

// Reads reports whether e reads the location p or a part of it: some
// subexpression of e denotes a path within p. A function literal in e
// counts, since it may run.
func Reads(info *types.Info, e ast.Node, p Path) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if found {
			return false
		}
		if x, ok := n.(ast.Expr); ok {
			if q, ok := PathOf(info, x); ok && q.Within(p) {
				found = true
			}
		}
		return !found
	})
	return found
}

// Child returns the path of field f of p.
func (p Path) Child(f *types.Var) Path {
	return Path{Root: p.Root, Steps: append(p.Steps[:len(p.Steps):len(p.Steps)], Step{Field: f})}
}

// SameSteps reports whether p and q select the same fields and elements,
// whatever their roots: dst.Spec.Volumes and src.Spec.Volumes.
func (p Path) SameSteps(q Path) bool {
	return Path{Steps: p.Steps}.Equal(Path{Steps: q.Steps})
}
