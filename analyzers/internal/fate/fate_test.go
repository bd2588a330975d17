package fate

import (
	"go/ast"
	"go/types"
	"testing"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/funcs"
	"github.com/reconcilelint/reconcilelint/internal/repotest"
)

// Each function builds obj; the test asks where obj goes.
const src = `package p

import (
	"encoding/json"
	"reflect"
)

type Obj struct{ List []string; Inner Inner }
type Inner struct{ Names []string }

func exported() []byte {
	obj := Obj{}
	b, _ := json.Marshal(obj)
	return b
}

func compared(live Obj) bool {
	obj := Obj{}
	return reflect.DeepEqual(live, obj)
}

func equal(live *Obj) bool {
	obj := &Obj{}
	return obj == live
}

func handed(send func(Obj)) {
	obj := Obj{}
	send(obj)
}

func dropped() {
	obj := Obj{}
	obj.List = append(obj.List, "a")
}

func build() *Obj {
	obj := &Obj{}
	obj.List = append(obj.List, "x")
	return obj
}

func caller() []byte {
	b, _ := json.Marshal(build())
	return b
}

func usedAsValue() func() *Obj { return build2 }

func build2() *Obj {
	obj := &Obj{}
	return obj
}

func Exported() *Obj {
	obj := &Obj{}
	return obj
}

func pointerInto() bool {
	outer := Obj{}
	obj := &outer.Inner
	obj.Names = nil
	return reflect.DeepEqual(outer, Obj{})
}

func chain() {
	obj := Obj{}
	a := obj
	b := a
	c := b
	d := c
	e := d
	f := e
	g := f
	h := g
	i := h
	_, _ = json.Marshal(i)
}

func names() []byte {
	obj := Obj{}
	n := len(obj.List)
	_ = n
	b, _ := json.Marshal(obj.List)
	return b
}
`

func TestDestinations(t *testing.T) {
	f, info := repotest.TypeCheck(t, src)
	g := funcs.Build(info, []*ast.File{f})
	tr := New(info, g)
	want := map[string]Set{
		"exported":    Exported,
		"compared":    Compared,
		"equal":       Compared,
		"handed":      Unknown,
		"dropped":     0,
		"build":       Exported, // through caller
		"build2":      Unknown,  // used as a value
		"Exported":    Unknown,  // callers elsewhere
		"pointerInto": Compared, // obj points into outer
		"chain":       Unknown,  // past Depth
		"names":       Exported,
	}
	for _, fd := range g.Decls {
		w, ok := want[fd.Name.Name]
		if !ok {
			continue
		}
		var obj *types.Var
		for id, o := range info.Defs {
			if id.Name == "obj" && o != nil && id.Pos() > fd.Pos() && id.End() < fd.End() {
				obj = o.(*types.Var)
			}
		}
		if got := tr.Var(fd, obj); got != w {
			t.Errorf("%s: obj goes to %05b, want %05b", fd.Name.Name, got, w)
		}
		delete(want, fd.Name.Name)
	}
	if len(want) != 0 {
		t.Errorf("functions not found: %v", want)
	}
}

func TestChurns(t *testing.T) {
	for _, c := range []struct {
		s    Set
		want bool
	}{
		{0, true}, {Created, false}, {Exported, false}, {Created | Exported, false},
		{Created | Written, true}, {Compared, true}, {Unknown | Exported, true},
	} {
		if got := c.s.Churns(); got != c.want {
			t.Errorf("%05b.Churns() = %v, want %v", c.s, got, c.want)
		}
	}
}
