package astcopy

import (
	"go/ast"
	"go/parser"
	"go/token"
	"testing"
)

// TestWithoutBodies: the copy's functions have no body, the original's
// keep theirs, and the other declarations are the same nodes.
func TestWithoutBodies(t *testing.T) {
	src := "package p\n\nvar V = func() int { return 1 }()\n\nfunc F() int { return 2 }\n\nfunc (T) M() {}\n\ntype T struct{}\n"
	f, err := parser.ParseFile(token.NewFileSet(), "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	c := WithoutBodies(f)
	if len(c.Decls) != len(f.Decls) {
		t.Fatalf("%d declarations, want %d", len(c.Decls), len(f.Decls))
	}
	for i, d := range c.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok {
			if d != f.Decls[i] {
				t.Errorf("declaration %d copied, want the same node", i)
			}
			continue
		}
		if fd.Body != nil {
			t.Errorf("%s keeps its body in the copy", fd.Name.Name)
		}
		if f.Decls[i].(*ast.FuncDecl).Body == nil {
			t.Errorf("%s lost its body in the original", fd.Name.Name)
		}
	}
}
