package driver

import (
	"go/token"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

// TestNamesUsed: what the module's code imports and names of a
// dependency decides whether the dependency is read at all. A blank
// import names nothing, a _test.go file is not the code (no analyzer reads
// it), an alias is followed, and a dot import names everything.
func TestNamesUsed(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	files := map[string]string{
		"a.go":      "package a\n\nimport (\n\t_ \"example.com/blank\"\n\tm \"example.com/movers\"\n)\n\nvar _ = m.Keys(nil)\nvar _ m.Set\n",
		"a_test.go": "package a\n\nimport \"example.com/testonly\"\n\nvar _ = testonly.Keys\n",
		"b.go":      "package a\n\nimport . \"example.com/dotted\"\n\nvar _ = Keys\n",
	}
	var names []string
	for name, src := range files {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		names = append(names, path)
	}
	dep := func(path, name string) *packages.Package { return &packages.Package{PkgPath: path, Name: name} }
	blank, movers, testonly, dotted := dep("example.com/blank", "blank"), dep("example.com/movers", "movers"),
		dep("example.com/testonly", "testonly"), dep("example.com/dotted", "dotted")
	own := []*packages.Package{{PkgPath: "example.com/a", CompiledGoFiles: names, Imports: map[string]*packages.Package{
		blank.PkgPath: blank, movers.PkgPath: movers, testonly.PkgPath: testonly, dotted.PkgPath: dotted,
	}}}
	l := &loader{fset: token.NewFileSet(), parsed: map[string]*parsedFile{}, uses: map[*packages.Package]pkgUses{}, files: map[string]*fileUses{}}
	for _, tc := range []struct {
		dep      *packages.Package
		imported bool
		names    []string
		dot      bool
	}{
		{blank, false, nil, false},
		{movers, true, []string{"Keys", "Set"}, false},
		{testonly, false, nil, false},
		{dotted, true, nil, true},
	} {
		if got := l.importedInCode(own, tc.dep); got != tc.imported {
			t.Errorf("%s: imported in code %v, want %v", tc.dep.PkgPath, got, tc.imported)
		}
		used, dot := l.namesUsed(own, tc.dep)
		if got := slices.Sorted(maps.Keys(used)); !slices.Equal(got, tc.names) || dot != tc.dot {
			t.Errorf("%s: names %q, dot %v; want %q, %v", tc.dep.PkgPath, got, dot, tc.names, tc.dot)
		}
	}
	if !l.named(own, movers, map[string]bool{"Set": true}) || l.named(own, movers, map[string]bool{"Values": true}) {
		t.Error("named does not answer from the names used")
	}
}

// TestMoverGroup: a map mover is borrowed with the helpers of its module,
// all of them or none, and only when together they are no larger than one
// borrowed package may be.
func TestMoverGroup(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	mod := &packages.Module{Path: "example.com/lib"}
	pkg := func(name string, size int) *packages.Package {
		path := filepath.Join(dir, name+".go")
		if err := os.WriteFile(path, []byte("package "+name+"\n//"+strings.Repeat("x", size)), 0o644); err != nil {
			t.Fatal(err)
		}
		files := []string{path}
		return &packages.Package{PkgPath: "example.com/lib/" + name, Module: mod, GoFiles: files, CompiledGoFiles: files, ExportFile: path}
	}
	half := maxBorrowedBytes / 2
	sets, order, big := pkg("sets", half-100), pkg("order", half-100), pkg("big", half)
	if !moverGroup(sets, []*packages.Package{order}) {
		t.Error("a mover and its helper under the cap together are refused")
	}
	if moverGroup(sets, []*packages.Package{order, big}) {
		t.Error("a mover whose helpers bring the group over the cap is borrowed")
	}
	broken := pkg("broken", 10)
	broken.Errors = []packages.Error{{Msg: "does not compile"}}
	if moverGroup(sets, []*packages.Package{broken}) {
		t.Error("a mover whose helper may not be borrowed is borrowed")
	}
}
