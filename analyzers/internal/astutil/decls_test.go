package astutil

import (
	"go/ast"
	"go/parser"
	"go/token"
	"testing"
)

// TestDeclIndex: a position inside a declaration (its signature
// included) finds it, whatever order the declarations were given in; one
// between declarations or in a variable's initialiser finds none.
func TestDeclIndex(t *testing.T) {
	const src = "package p\n\nfunc a() { _ = 1 }\n\nvar v = func() int { return 2 }()\n\nfunc b(x int) int { return x }\n"
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	var decls []*ast.FuncDecl
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok {
			decls = append([]*ast.FuncDecl{fd}, decls...) // reversed
		}
	}
	x := NewDeclIndex(decls)
	at := func(sub string) token.Pos {
		for i := range len(src) - len(sub) + 1 {
			if src[i:i+len(sub)] == sub {
				return f.FileStart + token.Pos(i)
			}
		}
		t.Fatalf("%q not in source", sub)
		return token.NoPos
	}
	for _, tc := range []struct {
		sub  string
		want string
	}{
		{"_ = 1", "a"},
		{"x int", "b"},
		{"return x", "b"},
		{"return 2", ""},
		{"var v", ""},
		{"package", ""},
	} {
		got := ""
		if i := x.At(at(tc.sub)); i >= 0 {
			got = x.Decls[i].Name.Name
		}
		if got != tc.want {
			t.Errorf("At(%q) = %q, want %q", tc.sub, got, tc.want)
		}
	}
}
