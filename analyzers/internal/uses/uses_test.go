package uses

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"
)

// A package that names strings.Builder's method through a value it never
// declares a type for still touches package strings; one that imports
// strconv for nothing but a blank import touches nothing of it.
func TestTouches(t *testing.T) {
	const src = `package p

import (
	"bytes"
	_ "strconv"
)

func f(b *bytes.Buffer) int { return g(b).Len() }

func g(b *bytes.Buffer) interface{ Len() int } { return b }
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}}
	if _, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{f}, info); err != nil {
		t.Fatal(err)
	}
	x := Build(info)
	if !x.Touches("bytes") || x.Touches("strconv") {
		t.Errorf("index = %v", x.paths)
	}
}
