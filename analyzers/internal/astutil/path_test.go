package astutil

import (
	"go/ast"
	"testing"

	"github.com/reconcilelint/reconcilelint/internal/repotest"
)

const pathSrc = `package p

type Meta struct{ Annotations map[string]string }

func (m *Meta) GetAnnotations() map[string]string { return m.Annotations }

type Template struct{ Meta }
type Spec struct{ Template Template }
type Dep struct {
	Meta
	Spec Spec
}

const key = "k"

func f(dep, newdep *Dep, i int) {
	_ = dep.Spec.Template                  // 0
	_ = (*dep).Spec.Template               // 1
	_ = newdep.Spec.Template               // 2
	_ = dep.Spec.Template.Annotations      // 3: through the embedded Meta
	_ = dep.Spec.Template.Meta.Annotations // 4
	_ = dep.Annotations[key]               // 5
	_ = dep.Annotations["k"]               // 6
	_ = dep.GetAnnotations()[key]          // 7
	_ = dep.GetAnnotations()["k"]          // 8
	_ = dep.Annotations[string(rune(i))]   // 9: not a location we follow
}
`

func TestPath(t *testing.T) {
	f, info := repotest.TypeCheck(t, pathSrc)
	var exprs []ast.Expr
	ast.Inspect(f, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok {
			exprs = append(exprs, as.Rhs[0])
		}
		return true
	})
	paths := make([]Path, len(exprs))
	for i, e := range exprs {
		p, ok := PathOf(info, e)
		if ok != (i != 9) {
			t.Fatalf("expression %d: PathOf ok = %v", i, ok)
		}
		paths[i] = p
	}
	for _, tc := range []struct {
		a, b          int
		equal, within bool
	}{
		{0, 1, true, true},   // a pointer indirection changes nothing
		{2, 0, false, false}, // newdep is not dep, whatever the spelling
		{3, 4, true, true},   // the promoted field is the embedded one's
		{3, 0, false, true},  // the annotations are part of the template
		{0, 3, false, false},
		{5, 6, true, true}, // a constant key equals its literal
		{7, 8, true, true},
		{7, 5, false, false}, // an accessor is its own step
	} {
		if got := paths[tc.a].Equal(paths[tc.b]); got != tc.equal {
			t.Errorf("%s Equal %s = %v", paths[tc.a], paths[tc.b], got)
		}
		if got := paths[tc.a].Within(paths[tc.b]); got != tc.within {
			t.Errorf("%s Within %s = %v", paths[tc.a], paths[tc.b], got)
		}
	}
	if got, want := paths[3].String(), "dep.Spec.Template.Meta.Annotations"; got != want {
		t.Errorf("String = %q, want %q", got, want)
	}
}
