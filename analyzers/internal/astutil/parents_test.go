package astutil

import (
	"go/ast"
	"go/parser"
	"go/token"
	"testing"
)

// TestParentMaps: a root's map is built once and kept; each node maps to
// the node enclosing it.
func TestParentMaps(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "p.go", "package p\n\nfunc f() { g(1) }\n", 0)
	if err != nil {
		t.Fatal(err)
	}
	fd := f.Decls[0].(*ast.FuncDecl)
	call := fd.Body.List[0].(*ast.ExprStmt).X.(*ast.CallExpr)
	m := ParentMaps{}
	first := m.Of(fd)
	if _, ok := first[call].(*ast.ExprStmt); !ok {
		t.Errorf("parent of the call = %T, want *ast.ExprStmt", first[call])
	}
	first[call] = nil // a rebuilt map would not have this
	if _, kept := m.Of(fd)[call]; !kept || m.Of(fd)[call] != nil {
		t.Error("the second Of built the map again")
	}
	if len(m.Of(fd.Body)) == 0 || len(m) != 2 {
		t.Errorf("another root gets a map of its own: %d maps", len(m))
	}
}
