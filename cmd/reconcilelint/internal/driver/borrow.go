package driver

// Why this file exists.
//
// The analyzers summarise functions as facts (where an object goes, what
// a helper stamps), and a fact exists only for a package that was
// analysed from source. go vet and golangci-lint analyse every dependency
// for its facts; this driver loads only the main module from source,
// which keeps it fast, but then a helper of a shared operator library
// (`conds.MarkTrue(&obj.Status.Conditions, ...)` of another module) has no
// summary, and what it does to the object is not seen.
//
// So the driver also loads from source, and analyses for facts only, the
// packages of dependency modules that the module's own packages import,
// that can be handed a Kubernetes object (their export data declares a
// function or method with a Kubernetes object, ObjectMeta, condition,
// client or a type embedding ObjectMeta in its signature), and whose such
// functions or types the module's code (not its _test.go files, which no
// analyzer reads) names, and the module's direct
// imports that reach no object type but declare a function taking a map
// and returning a slice or map (a set's UnsortedList: map order comes out
// of it) that the module's code names. Packages of the same
// dependency module that such a package imports go with it (a helper
// calling a helper). Left out: the Kubernetes libraries and generated
// clients (known from tables), packages of custom resource types (mostly
// generated code), packages with cgo (their compiled files are not Go),
// packages over maxBorrowedBytes (a map mover with its helpers likewise),
// and any package that another dependency
// imports: a package importing a source package must be checked from
// source too, and borrowing must not drag in code nobody asked for. A
// borrowed package's errors are said like any package's, but do not keep
// the module's packages from being analysed. -debug=timing lists what was
// borrowed.

import (
	"go/ast"
	"go/token"
	"go/types"
	"os"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/gcexportdata"
	"golang.org/x/tools/go/packages"
)

// borrow marks for loading from source the dependency packages that the
// main module's packages (isOwn) import and that handle Kubernetes
// objects. One walk from the roots gives the module's packages and every
// package's importers.
func (l *loader) borrow(roots []*packages.Package, isOwn func(*packages.Package) bool) {
	var own []*packages.Package
	mine := map[*packages.Package]bool{}
	importers := map[*packages.Package][]*packages.Package{}
	walked := map[*packages.Package]bool{}
	var walk func(p *packages.Package)
	walk = func(p *packages.Package) {
		if walked[p] {
			return
		}
		walked[p] = true
		if isOwn(p) {
			own = append(own, p)
			mine[p] = true
		}
		for _, imp := range p.Imports {
			importers[imp] = append(importers[imp], p)
			walk(imp)
		}
	}
	for _, r := range roots {
		walk(r)
	}

	// The plausible packages (cheap tests on go list's answer), narrowed
	// down step by step; after each step, a package that some other
	// dependency imports is given back (giveBack).
	set := map[*packages.Package]bool{}
	var add func(p *packages.Package, module string)
	add = func(p *packages.Package, module string) {
		if set[p] || mine[p] || !plausible(p, module) {
			return
		}
		set[p] = true
		for _, imp := range p.Imports {
			add(imp, p.Module.Path)
		}
	}
	direct := map[*packages.Package]bool{}
	for _, p := range own {
		for _, imp := range p.Imports {
			add(imp, "")
			direct[imp] = true
		}
	}
	giveBack := func() {
		for changed := true; changed; {
			changed = false
			for p := range set {
				if slices.ContainsFunc(importers[p], func(q *packages.Package) bool { return !mine[q] && !set[q] }) {
					delete(set, p)
					changed = true
				}
			}
		}
	}
	// Only a package that imports (transitively) a package of object types
	// can declare a function handling one: the others are not read.
	objects := map[*packages.Package]bool{}
	var reaches func(p *packages.Package) bool
	reaches = func(p *packages.Package) bool {
		if v, ok := objects[p]; ok {
			return v
		}
		objects[p] = false // import cycles are build errors
		v := isObjectPackage(p.PkgPath)
		for _, imp := range p.Imports {
			v = v || reaches(imp)
		}
		objects[p] = v
		return v
	}
	probe := &prober{fset: token.NewFileSet(), read: map[string]*types.Package{}, shared: l, direct: direct}
	// A package may also move map order or entries (a set's UnsortedList,
	// a map library's Keys or Merge), whether or not it handles objects:
	// its facts say so. Only the module's direct imports are kept for
	// that, when the module names such a function.
	movers := map[*packages.Package]map[string]bool{}
	for p := range set {
		if direct[p] && l.importedInCode(own, p) {
			if n := probe.mapMovers(p); len(n) > 0 && l.named(own, p, n) {
				movers[p] = n
			}
		}
		if !reaches(p) {
			delete(set, p)
		}
	}
	giveBack()
	names := map[*packages.Package]map[string]bool{}
	for p := range set {
		if names[p] = probe.handlers(p); len(names[p]) == 0 {
			delete(set, p)
		}
	}
	// Kept: the packages whose handlers the module's own code names, and
	// the packages of their module they import (a helper's helpers).
	kept := map[*packages.Package]bool{}
	var keep func(p *packages.Package)
	keep = func(p *packages.Package) {
		if kept[p] || !set[p] {
			return
		}
		kept[p] = true
		for _, imp := range p.Imports {
			keep(imp)
		}
	}
	for p := range set {
		if direct[p] && l.named(own, p, names[p]) {
			keep(p)
		}
	}
	// A mover goes with the packages of its module that it imports (its
	// helpers: a Sort it calls), all of them or not at all: a summary made
	// without a helper's facts would miss what the helper does. Together
	// they are no larger than one package may be: a set or map library is
	// a few files, while map helpers that are methods of an interpreter's
	// types (go.starlark.net's StringDict, on toolhive) bring 400 KB of
	// source to check and analyse, a tenth of the run, for the summaries
	// of a handful of functions.
	helpers := func(p *packages.Package) []*packages.Package {
		var out []*packages.Package
		seen := map[*packages.Package]bool{}
		var walk func(q *packages.Package)
		walk = func(q *packages.Package) {
			for _, imp := range q.Imports {
				if !seen[imp] && imp.Module != nil && imp.Module.Path == p.Module.Path {
					seen[imp] = true
					out = append(out, imp)
					walk(imp)
				}
			}
		}
		walk(p)
		return out
	}
	for p := range movers {
		hs := helpers(p)
		if !moverGroup(p, hs) {
			delete(movers, p)
			continue
		}
		kept[p] = true
		for _, q := range hs {
			kept[q] = true
		}
	}
	set = kept
	giveBack()
	for changed := true; changed; {
		changed = false
		for p := range movers {
			if set[p] && slices.ContainsFunc(helpers(p), func(q *packages.Package) bool { return !set[q] }) {
				delete(set, p) // a helper was given back
				changed = true
			}
		}
		if changed {
			giveBack()
		}
	}
	var paths []string
	for p := range set {
		l.source[p] = true
		l.borrowed[p] = true
		paths = append(paths, p.ID)
	}
	slices.Sort(paths)
	l.timer.lent(paths)
}

// plausible reports whether p may be borrowed, from go list's answer: a
// package of a dependency module (of module, when not empty), not a
// Kubernetes library or generated client, without cgo, with export data
// and no errors, and not larger than maxBorrowedBytes.
func plausible(p *packages.Package, module string) bool {
	m := p.Module
	path := p.PkgPath
	if m == nil || m.Main || module != "" && m.Path != module ||
		strings.HasPrefix(path, "k8s.io/") || strings.HasPrefix(path, "sigs.k8s.io/") || generatedClient(path) ||
		len(p.CompiledGoFiles) != len(p.GoFiles) || len(p.OtherFiles) > 0 || p.ExportFile == "" || len(p.Errors) > 0 {
		return false
	}
	size, ok := sourceBytes(p)
	return ok && size <= maxBorrowedBytes
}

// moverGroup reports whether the map mover p may be borrowed with its
// helpers: each may be, and together they are no larger than
// maxBorrowedBytes.
func moverGroup(p *packages.Package, helpers []*packages.Package) bool {
	total, _ := sourceBytes(p)
	for _, h := range helpers {
		size, ok := sourceBytes(h)
		if !ok || !plausible(h, p.Module.Path) {
			return false
		}
		total += size
	}
	return total <= maxBorrowedBytes
}

// sourceBytes returns the size of p's Go files, or false when one cannot
// be read.
func sourceBytes(p *packages.Package) (int64, bool) {
	size := int64(0)
	for _, name := range p.CompiledGoFiles {
		fi, err := os.Stat(name)
		if err != nil {
			return 0, false
		}
		size += fi.Size()
	}
	return size, true
}

// maxBorrowedBytes caps the source of a borrowed package: a larger one is
// mostly generated code (protobuf, OpenAPI), costly to check for the few
// helpers it may hold. It caps a map mover with its helpers as well.
const maxBorrowedBytes = 256 << 10

// A prober reads export data to see what a package declares. The
// module's direct imports are read as the type checker reads them, once
// for both; what it reads of other packages is dropped with it.
type prober struct {
	fset   *token.FileSet
	read   map[string]*types.Package
	shared *loader
	direct map[*packages.Package]bool
}

// handlers returns the exported functions of p, read from its export
// data, that handle a Kubernetes object (deep copies aside), and its types
// with such methods; none for a package of custom resource types.
func (b *prober) handlers(p *packages.Package) map[string]bool {
	tp := b.load(p)
	if tp == nil {
		return nil
	}
	scope := tp.Scope()
	if declaresAPITypes(scope) {
		return nil
	}
	out := map[string]bool{}
	for _, name := range scope.Names() {
		switch obj := scope.Lookup(name).(type) {
		case *types.Func:
			if handlesObject(obj.Type(), 0) {
				out[name] = true
			}
		case *types.TypeName:
			n, ok := obj.Type().(*types.Named)
			if !ok {
				continue
			}
			for m := range n.Methods() {
				if m.Exported() && !strings.HasPrefix(m.Name(), "DeepCopy") && handlesObject(m.Type(), 0) {
					out[name] = true
				}
			}
		}
	}
	return out
}

// mapMovers returns the exported functions of p, read from its export
// data, that take a map (as a parameter or a receiver) and return a slice
// or a map, and its types with such methods: where map order or a map's
// entries can come out. None for a package that does not load.
func (b *prober) mapMovers(p *packages.Package) map[string]bool {
	tp := b.load(p)
	if tp == nil || declaresAPITypes(tp.Scope()) {
		return nil // custom resource types: left out, as for handlers
	}
	scope := tp.Scope()
	out := map[string]bool{}
	movers := map[*types.TypeName]bool{} // types with such methods
	for _, name := range scope.Names() {
		if obj, ok := scope.Lookup(name).(*types.TypeName); ok && obj.Exported() {
			if n, ok := obj.Type().(*types.Named); ok {
				for m := range n.Methods() {
					if m.Exported() && movesMap(m.Type().(*types.Signature)) {
						out[name] = true
						movers[obj] = true
					}
				}
			}
		}
	}
	// Functions that move a map, and constructors of the types above
	// (`sets.New(...)`: the code may never name the type itself).
	for _, name := range scope.Names() {
		obj, ok := scope.Lookup(name).(*types.Func)
		if !ok || !obj.Exported() {
			continue
		}
		sig := obj.Type().(*types.Signature)
		if movesMap(sig) {
			out[name] = true
			continue
		}
		for v := range sig.Results().Variables() {
			t := v.Type()
			if p, ok := t.(*types.Pointer); ok {
				t = p.Elem()
			}
			if n, ok := t.(*types.Named); ok && movers[n.Origin().Obj()] {
				out[name] = true
			}
		}
	}
	return out
}

// movesMap reports whether sig takes a map and returns a slice or a map.
func movesMap(sig *types.Signature) bool {
	takes := false
	if r := sig.Recv(); r != nil && isMap(r.Type()) {
		takes = true
	}
	for v := range sig.Params().Variables() {
		takes = takes || isMap(v.Type())
	}
	if !takes {
		return false
	}
	for v := range sig.Results().Variables() {
		switch v.Type().Underlying().(type) {
		case *types.Slice, *types.Map:
			return true
		}
	}
	return false
}

func isMap(t types.Type) bool {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	_, ok := t.Underlying().(*types.Map)
	return ok
}

// load reads p's export data, or returns nil.
func (b *prober) load(p *packages.Package) *types.Package {
	if b.direct[p] {
		tp, _ := b.shared.readExport(p)
		return tp
	}
	f, err := os.Open(p.ExportFile)
	if err != nil {
		return nil
	}
	defer f.Close()
	r, err := gcexportdata.NewReader(f)
	if err != nil {
		return nil
	}
	tp, err := gcexportdata.Read(r, b.fset, b.read, p.PkgPath)
	if err != nil {
		return nil
	}
	return tp
}

// named reports whether the code of the own packages refers to one of
// names as p's member (`conds.MarkTrue`), or dot-imports p.
func (l *loader) named(own []*packages.Package, p *packages.Package, names map[string]bool) bool {
	used, dot := l.namesUsed(own, p)
	if dot {
		return true
	}
	for name := range used {
		if names[name] {
			return true
		}
	}
	return false
}

// namesUsed returns the names that the code files (not _test.go: no
// analyzer reads them) of the own packages importing p select from it,
// and whether one dot-imports it.
func (l *loader) namesUsed(own []*packages.Package, p *packages.Package) (map[string]bool, bool) {
	if u, ok := l.uses[p]; ok {
		return u.names, u.dot
	}
	u := pkgUses{names: map[string]bool{}}
	for _, f := range l.codeFilesImporting(own, p) {
		fu := l.selectors(f.pkg, f.name)[p.PkgPath]
		u.dot = u.dot || fu.dot
		for n := range fu.names {
			u.names[n] = true
		}
	}
	l.uses[p] = u
	return u.names, u.dot
}

// importedInCode reports whether a code file of the own packages imports
// p other than for its side effects (`import _`). Such an import names
// something of p, or the file would not compile: whether the module uses
// p at all needs no walk of the code.
func (l *loader) importedInCode(own []*packages.Package, p *packages.Package) bool {
	return len(l.codeFilesImporting(own, p)) > 0
}

// codeFilesImporting returns the code files of the own packages that
// import p, blank imports aside.
func (l *loader) codeFilesImporting(own []*packages.Package, p *packages.Package) []codeFile {
	var out []codeFile
	for _, q := range own {
		if q.Imports[p.PkgPath] != p {
			continue
		}
		for _, name := range q.CompiledGoFiles {
			if !strings.HasSuffix(name, "_test.go") && l.fileImports(name).byPath[p.PkgPath] != nil {
				out = append(out, codeFile{q, name})
			}
		}
	}
	return out
}

// fileImports returns what the code file name imports, blank imports
// aside, without the names it selects (see selectors).
func (l *loader) fileImports(name string) *fileUses {
	if fu := l.files[name]; fu != nil {
		return fu
	}
	fu := &fileUses{byPath: map[string]*pkgUses{}}
	l.files[name] = fu
	if f := l.syntax(name); f != nil {
		for _, spec := range f.Imports {
			path, err := strconv.Unquote(spec.Path.Value)
			if err != nil || spec.Name != nil && spec.Name.Name == "_" {
				continue
			}
			if fu.byPath[path] == nil {
				fu.byPath[path] = &pkgUses{names: map[string]bool{}}
			}
			if spec.Name != nil && spec.Name.Name == "." {
				fu.byPath[path].dot = true
			}
		}
	}
	return fu
}

// selectors returns, by import path, the names the code file name of q
// selects from each package it imports: one walk of the file for all of
// them, on the first question.
func (l *loader) selectors(q *packages.Package, name string) map[string]*pkgUses {
	fu := l.fileImports(name)
	if fu.walked {
		return fu.byPath
	}
	fu.walked = true
	f := l.syntax(name)
	if f == nil {
		return fu.byPath
	}
	byLocal := map[string]*pkgUses{}
	for _, spec := range f.Imports {
		path, _ := strconv.Unquote(spec.Path.Value)
		switch u := fu.byPath[path]; {
		case u == nil || u.dot:
		case spec.Name != nil:
			byLocal[spec.Name.Name] = u
		case q.Imports[path] != nil:
			byLocal[q.Imports[path].Name] = u
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if x, ok := sel.X.(*ast.Ident); ok {
				if u := byLocal[x.Name]; u != nil {
					u.names[sel.Sel.Name] = true
				}
			}
		}
		return true
	})
	return fu.byPath
}

// codeFile is a code file of an own package.
type codeFile struct {
	pkg  *packages.Package
	name string
}

// fileUses is what borrowing reads of one code file: its imports by
// path, and once walked, the names it selects from each.
type fileUses struct {
	byPath map[string]*pkgUses
	walked bool
}

// pkgUses is what namesUsed found for one package.
type pkgUses struct {
	names map[string]bool
	dot   bool
}

// declaresAPITypes reports whether scope declares a type embedding
// metav1.TypeMeta: a package of custom resource types, mostly generated
// code (deep copies, protobuf, OpenAPI), costly to check from source for
// the few status helpers it may hold.
func declaresAPITypes(scope *types.Scope) bool {
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok {
			continue
		}
		if s, ok := tn.Type().Underlying().(*types.Struct); ok {
			for f := range s.Fields() {
				if n, ok := f.Type().(*types.Named); ok && f.Embedded() && n.Obj().Name() == "TypeMeta" &&
					n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == objectPackages[0] {
					return true
				}
			}
		}
	}
	return false
}

// generatedClient reports whether path is a package that the Kubernetes
// code generators write (typed clientsets, informers, listers, apply
// configurations, their fakes): known from tables, like client-go's.
func generatedClient(path string) bool {
	for _, seg := range strings.Split(path, "/") {
		switch seg {
		case "clientset", "versioned", "informers", "externalversions", "listers", "fake", "applyconfiguration", "applyconfigurations":
			return true
		}
	}
	return false
}

// objectPackages are the packages whose named types are Kubernetes
// objects, their metadata, conditions or the clients that read them.
var objectPackages = []string{
	"k8s.io/apimachinery/pkg/apis/meta/v1",
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured",
	"k8s.io/apimachinery/pkg/runtime",
	"sigs.k8s.io/controller-runtime/pkg/client",
}

// isObjectPackage reports whether path holds Kubernetes object types.
func isObjectPackage(path string) bool {
	return strings.HasPrefix(path, "k8s.io/api/") || slices.Contains(objectPackages, path)
}

// handlesObject reports whether t, a signature's parameter or result or
// a type within one, is or holds a Kubernetes object type.
func handlesObject(t types.Type, depth int) bool {
	if depth > 4 {
		return false
	}
	switch t := types.Unalias(t).(type) {
	case *types.Signature:
		for v := range t.Params().Variables() {
			if handlesObject(v.Type(), depth+1) {
				return true
			}
		}
		for v := range t.Results().Variables() {
			if handlesObject(v.Type(), depth+1) {
				return true
			}
		}
	case *types.Pointer:
		return handlesObject(t.Elem(), depth+1)
	case *types.Slice:
		return handlesObject(t.Elem(), depth+1)
	case *types.Map:
		return handlesObject(t.Elem(), depth+1)
	case *types.Named:
		pkg := t.Obj().Pkg()
		if pkg == nil {
			return false
		}
		if isObjectPackage(pkg.Path()) {
			return true
		}
		// A custom resource of the dependency: a struct embedding ObjectMeta.
		if s, ok := t.Underlying().(*types.Struct); ok {
			for f := range s.Fields() {
				if n, ok := f.Type().(*types.Named); ok && f.Embedded() && n.Obj().Name() == "ObjectMeta" &&
					n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == objectPackages[0] {
					return true
				}
			}
		}
	}
	return false
}
