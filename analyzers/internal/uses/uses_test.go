package uses

import (
	"go/ast"
	"testing"

	"github.com/reconcilelint/reconcilelint/internal/repotest"
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
	_, info := repotest.TypeCheck(t, src)
	x := Build(nil, info)
	if !x.Touches("bytes") || x.Touches("strconv") {
		t.Errorf("index = %v", x.paths)
	}
}

// FuncTouches answers per function declaration: h gets a *bytes.Buffer
// from a helper and never spells bytes, yet uses a variable of that type;
// k touches nothing of bytes; f names it in its signature.
func TestFuncTouches(t *testing.T) {
	const src = `package p

import "bytes"

func f(b *bytes.Buffer) {}

func g() *bytes.Buffer { return nil }

func h() int {
	b := g()
	return len([]any{b})
}

func k(n int) int { return n + 1 }
`
	file, info := repotest.TypeCheck(t, src)
	x := Build([]*ast.File{file}, info)
	want := map[string]bool{"f": true, "g": true, "h": true, "k": false}
	for _, d := range file.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok {
			continue
		}
		if got := x.FuncTouches(fd, "bytes"); got != want[fd.Name.Name] {
			t.Errorf("FuncTouches(%s, bytes) = %v, want %v", fd.Name.Name, got, want[fd.Name.Name])
		}
		if x.FuncTouches(fd, "strings") {
			t.Errorf("FuncTouches(%s, strings) = true", fd.Name.Name)
		}
	}
}
