package uses

import (
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
	x := Build(info)
	if !x.Touches("bytes") || x.Touches("strconv") {
		t.Errorf("index = %v", x.paths)
	}
}
