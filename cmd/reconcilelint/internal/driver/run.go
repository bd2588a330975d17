package driver

// Why this file exists.
//
// x/tools' checker.Analyze starts only when every package is loaded, and
// keeps every package's syntax, type information, results and facts until
// the last action ends: on an operator that is more memory than loading
// alone needs. The runner here analyses a package as soon as it is
// type-checked and its imports are analysed, so analysis overlaps loading,
// and lets go of what no later step reads: a package's syntax and type
// information once its analyzers ran, results of required analyzers once
// the package is done, facts once every importer has inherited them.
//
// It keeps the checker's semantics: the same actions (the selected
// analyzers and their requirements on the named packages; the analyzers
// with facts and their requirements on every source package below them),
// the same facts visible to each action (inherited from the imports'
// actions through the checker's exportedFrom rule), the same errors
// ("analysis skipped due to errors in package", "failed prerequisites",
// which the output does not show as they are: problems.go says once per
// package why it was not analysed), the same Pass.
//
// One difference in cost, none in output: the analyzers read no _test.go
// file (astutil.CodeFiles), so a package's test variant "p [p.test]"
// finds exactly what p finds, and its external test package nothing. When
// p is named too, the runner type-checks the packages of p's test build
// (their errors are reported as before) but does not run the analyzers on
// them: on cluster-api that was two thirds of the analysis time.

import (
	"cmp"
	"errors"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"iter"
	"net/url"
	"os"
	"reflect"
	"slices"
	"sort"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"
)

// An action is one analyzer run on one package.
type action struct {
	Analyzer    *analysis.Analyzer
	Package     *packages.Package
	IsRoot      bool // a selected analyzer on a named package
	repeats     bool // on a test build that repeats a named package's analysis (runner.plan)
	Result      any  // kept for root actions only
	Err         error
	Diagnostics []analysis.Diagnostic

	pass         *analysis.Pass
	objectFacts  map[objectFactKey]analysis.Fact
	packageFacts map[packageFactKey]analysis.Fact
}

func (act *action) String() string { return fmt.Sprintf("%s@%s", act.Analyzer, act.Package) }

// The two ways an action is not run for a reason outside its analyzer,
// with the checker's texts (the comparison test reads them). The output
// does not show them: problems.go says once per package why it was not
// analysed.
var errIllTyped = errors.New("analysis skipped due to errors in package")

// A prereqError is an action not run because an action it needs failed:
// a requirement on the same package, or the same analyzer on an import.
type prereqError struct{ failed []*action }

func (e *prereqError) Error() string {
	names := make([]string, len(e.failed))
	for i, act := range e.failed {
		names[i] = act.String()
	}
	sort.Strings(names)
	return "failed prerequisites: " + strings.Join(names, ", ")
}

type objectFactKey struct {
	obj types.Object
	typ reflect.Type
}

type packageFactKey struct {
	pkg *types.Package
	typ reflect.Type
}

// An actionGraph is what a run computed: its root actions and every action.
type actionGraph struct {
	Roots []*action
	all   []*action
}

// All yields every action, roots and the actions they needed.
func (g *actionGraph) All() iter.Seq[*action] { return slices.Values(g.all) }

// A runner runs the analyzers on each source package as the loader hands
// it over.
type runner struct {
	selected []*analysis.Analyzer
	rootSet  []*analysis.Analyzer // on named packages: selected and requirements, requirements first
	depSet   []*analysis.Analyzer // below them: analyzers with facts and their requirements
	timer    *timing

	roots   map[*packages.Package]bool                // written before analysis starts
	tests   map[string]bool                           // likewise: test builds analysed, by package path (plan)
	imports map[*packages.Package][]*packages.Package // likewise: source imports, by path

	mu      sync.Mutex
	actions map[*packages.Package]map[*analysis.Analyzer]*action
	readers map[*packages.Package]int // importers that have not yet inherited the facts
	all     []*action
}

func newRunner(selected []*analysis.Analyzer, timer *timing) *runner {
	r := &runner{
		selected: selected,
		timer:    timer,
		roots:    map[*packages.Package]bool{},
		tests:    map[string]bool{},
		imports:  map[*packages.Package][]*packages.Package{},
		actions:  map[*packages.Package]map[*analysis.Analyzer]*action{},
		readers:  map[*packages.Package]int{},
	}
	r.rootSet = requirementsFirst(selected)
	var withFacts []*analysis.Analyzer
	for _, a := range r.rootSet {
		if len(a.FactTypes) > 0 {
			withFacts = append(withFacts, a)
		}
	}
	r.depSet = requirementsFirst(withFacts)
	return r
}

// requirementsFirst returns list and everything it requires, each after
// its requirements.
func requirementsFirst(list []*analysis.Analyzer) []*analysis.Analyzer {
	var out []*analysis.Analyzer
	var visit func(a *analysis.Analyzer)
	visit = func(a *analysis.Analyzer) {
		if slices.Contains(out, a) {
			return
		}
		for _, req := range a.Requires {
			visit(req)
		}
		out = append(out, a)
	}
	for _, a := range list {
		visit(a)
	}
	return out
}

// plan records the named packages, the test builds to analyse and, for
// each source package, the source packages it imports whose analysis it
// waits for (sorted by path).
//
// The test build of p (its test variant "p [p.test]", its external test
// package "p_test [p.test]", the packages recompiled for it, and the test
// main "p.test") is analysed only when its analysis would not repeat p's:
// when p is not named, or the test variant's files other than _test.go
// files are not p's files. Only the packages of p's test build import its
// packages, so a build is skipped or analysed whole.
func (r *runner) plan(roots []*packages.Package, imports map[*packages.Package][]*packages.Package) {
	plain := map[string]*packages.Package{}
	for _, p := range roots {
		r.roots[p] = true
		if p.ForTest == "" {
			plain[p.PkgPath] = p
		}
	}
	for _, p := range roots {
		if p.ForTest == "" {
			continue
		}
		q := plain[p.ForTest]
		analyse := q == nil
		if q != nil && p.PkgPath == p.ForTest { // the test variant
			code := slices.DeleteFunc(slices.Clone(p.CompiledGoFiles), func(name string) bool { return strings.HasSuffix(name, "_test.go") })
			analyse = !slices.Equal(code, q.CompiledGoFiles)
		}
		r.tests[p.ForTest] = r.tests[p.ForTest] || analyse
	}
	for p, list := range imports {
		list = slices.Clone(list)
		slices.SortFunc(list, func(a, b *packages.Package) int { return cmp.Compare(a.PkgPath, b.PkgPath) })
		r.imports[p] = list
		for _, imp := range list {
			r.readers[imp]++
		}
	}
}

// analyse runs the analyzers due on p, once p is type-checked and every
// package in r.imports[p] has been analysed.
func (r *runner) analyse(p *packages.Package) {
	set := r.depSet
	if r.roots[p] {
		set = r.rootSet
	}
	r.mu.Lock()
	below := make([]map[*analysis.Analyzer]*action, len(r.imports[p]))
	for i, imp := range r.imports[p] {
		below[i] = r.actions[imp]
	}
	r.mu.Unlock()

	own := make(map[*analysis.Analyzer]*action, len(set))
	repeats := r.repeats(p)
	for _, a := range set {
		act := &action{Analyzer: a, Package: p, IsRoot: r.roots[p] && slices.Contains(r.selected, a), repeats: repeats}
		own[a] = act
		var failed []*action
		for _, req := range a.Requires {
			if own[req].Err != nil {
				failed = append(failed, own[req])
			}
		}
		var deps []*action
		if len(a.FactTypes) > 0 {
			for _, acts := range below {
				dep := acts[a]
				deps = append(deps, dep)
				if dep.Err != nil {
					failed = append(failed, dep)
				}
			}
		}
		if failed != nil {
			act.Err = &prereqError{failed}
			continue
		}
		inputs := make(map[*analysis.Analyzer]any, len(a.Requires))
		for _, req := range a.Requires {
			inputs[req] = own[req].Result
		}
		act.objectFacts = map[objectFactKey]analysis.Fact{}
		act.packageFacts = map[packageFactKey]analysis.Fact{}
		for _, dep := range deps {
			act.inherit(dep)
		}
		act.exec(inputs)
	}

	// Nothing reads p's syntax and type information again (importers see
	// p.Types), nor the results of the analyzers that only served others.
	p.Syntax, p.TypesInfo = nil, nil
	for _, act := range own {
		act.pass = nil
		if !act.IsRoot {
			act.Result = nil
		}
	}

	r.mu.Lock()
	defer r.mu.Unlock()
	r.actions[p] = own
	for _, a := range set {
		r.all = append(r.all, own[a])
	}
	for _, imp := range r.imports[p] {
		r.readers[imp]--
		r.dropFacts(imp)
	}
	r.dropFacts(p)
}

// repeats reports whether p belongs to a test build whose analysis would
// repeat a named package's (see plan).
func (r *runner) repeats(p *packages.Package) bool {
	build := p.ForTest
	if build == "" {
		build = testMainOf(p)
	}
	analysed, known := r.tests[build]
	return build != "" && known && !analysed
}

// testMainOf returns the package path whose test main p is ("p.test",
// generated by go test, importing that test's packages), or "".
func testMainOf(p *packages.Package) string {
	build, ok := strings.CutSuffix(p.PkgPath, ".test")
	if !ok || p.Name != "main" || p.ID != p.PkgPath {
		return ""
	}
	for _, imp := range p.Imports {
		if imp.ForTest == build {
			return build
		}
	}
	return ""
}

// dropFacts lets go of p's facts once every importer has inherited them.
func (r *runner) dropFacts(p *packages.Package) {
	if r.readers[p] > 0 {
		return
	}
	for _, act := range r.actions[p] {
		act.objectFacts, act.packageFacts = nil, nil
	}
}

// graph returns the run's actions, roots in the checker's order (by
// selected analyzer, then by package), all of them by package ID, then
// requirements first.
func (r *runner) graph(roots []*packages.Package) *actionGraph {
	g := &actionGraph{all: r.all}
	slices.SortStableFunc(g.all, func(a, b *action) int {
		return cmp.Or(strings.Compare(a.Package.ID, b.Package.ID),
			cmp.Compare(slices.Index(r.rootSet, a.Analyzer), slices.Index(r.rootSet, b.Analyzer)))
	})
	for _, a := range r.selected {
		for _, p := range roots {
			if act := r.actions[p][a]; act != nil {
				g.Roots = append(g.Roots, act)
			}
		}
	}
	return g
}

// inherit copies the facts of dep, the same analyzer on an import, that
// are visible from act's package.
func (act *action) inherit(dep *action) {
	for key, fact := range dep.objectFacts {
		if exportedFrom(key.obj, dep.Package.Types) {
			act.objectFacts[key] = fact
		}
	}
	for key, fact := range dep.packageFacts {
		act.packageFacts[key] = fact
	}
}

// exportedFrom is the checker's rule for which facts an importer sees:
// those of exported functions and package variables of the package itself,
// and those of methods, fields, types and constants from anywhere below.
func exportedFrom(obj types.Object, pkg *types.Package) bool {
	switch obj := obj.(type) {
	case *types.Func:
		return obj.Exported() && obj.Pkg() == pkg || obj.Signature().Recv() != nil
	case *types.Var:
		return obj.IsField() || obj.Pkg() == pkg
	case *types.TypeName, *types.Const:
		return true
	}
	return false
}

// exec runs act's analyzer with the results of its requirements.
func (act *action) exec(inputs map[*analysis.Analyzer]any) {
	p := act.Package
	module := &analysis.Module{}
	if p.Module != nil {
		module = analysisModule(p.Module)
	}
	pass := &analysis.Pass{
		Analyzer:          act.Analyzer,
		Fset:              p.Fset,
		Files:             p.Syntax,
		OtherFiles:        p.OtherFiles,
		IgnoredFiles:      p.IgnoredFiles,
		Pkg:               p.Types,
		TypesInfo:         p.TypesInfo,
		TypesSizes:        p.TypesSizes,
		TypeErrors:        p.TypeErrors,
		Module:            module,
		ResultOf:          inputs,
		ImportObjectFact:  act.objectFact,
		ExportObjectFact:  act.exportObjectFact,
		ImportPackageFact: act.packageFact,
		ExportPackageFact: act.exportPackageFact,
		AllObjectFacts:    act.allObjectFacts,
		AllPackageFacts:   act.allPackageFacts,
	}
	pass.Report = func(d analysis.Diagnostic) {
		if err := validateFixes(p.Fset, act.Analyzer, d.SuggestedFixes); err != nil {
			panic(err)
		}
		act.Diagnostics = append(act.Diagnostics, d)
	}
	pass.ReadFile = func(name string) ([]byte, error) {
		if !readable(pass, name) {
			return nil, fmt.Errorf("Pass.ReadFile: %s is not among OtherFiles, IgnoredFiles, or names of Files", name)
		}
		return os.ReadFile(name)
	}
	act.pass = pass

	act.Result, act.Err = func() (any, error) {
		if p.IllTyped && !act.Analyzer.RunDespiteErrors {
			return nil, errIllTyped
		}
		if act.repeats {
			return nil, nil // what it would find, the named package finds
		}
		result, err := act.Analyzer.Run(pass)
		if err != nil {
			return nil, err
		}
		if got, want := reflect.TypeOf(result), act.Analyzer.ResultType; got != want {
			return nil, fmt.Errorf("internal error: on package %s, analyzer %s returned a result of type %v, but declared ResultType %v",
				pass.Pkg.Path(), act.Analyzer, got, want)
		}
		for i := range act.Diagnostics {
			url, err := resolveURL(act.Analyzer, act.Diagnostics[i])
			if err != nil {
				return nil, err
			}
			act.Diagnostics[i].URL = url
		}
		return result, nil
	}()
	pass.ExportObjectFact, pass.ExportPackageFact = nil, nil
}

func (act *action) objectFact(obj types.Object, ptr analysis.Fact) bool {
	if obj == nil {
		panic("nil object")
	}
	return lookupFact(act.objectFacts, objectFactKey{obj, reflect.TypeOf(ptr)}, ptr)
}

func (act *action) exportObjectFact(obj types.Object, fact analysis.Fact) {
	if act.pass.ExportObjectFact == nil {
		panic(fmt.Sprintf("%s: Pass.ExportObjectFact(%s, %T) called after Run", act, obj, fact))
	}
	if obj.Pkg() != act.Package.Types {
		panic(fmt.Sprintf("%s: can't set a fact on %s, which belongs to another package", act, obj))
	}
	act.objectFacts[objectFactKey{obj, reflect.TypeOf(fact)}] = fact
}

func (act *action) packageFact(pkg *types.Package, ptr analysis.Fact) bool {
	if pkg == nil {
		panic("nil package")
	}
	return lookupFact(act.packageFacts, packageFactKey{pkg, reflect.TypeOf(ptr)}, ptr)
}

// lookupFact copies the fact under k, if any, into *ptr.
func lookupFact[K comparable](m map[K]analysis.Fact, k K, ptr analysis.Fact) bool {
	v, ok := m[k]
	if ok {
		reflect.ValueOf(ptr).Elem().Set(reflect.ValueOf(v).Elem())
	}
	return ok
}

func (act *action) exportPackageFact(fact analysis.Fact) {
	if act.pass.ExportPackageFact == nil {
		panic(fmt.Sprintf("%s: Pass.ExportPackageFact(%T) called after Run", act, fact))
	}
	act.packageFacts[packageFactKey{act.Package.Types, reflect.TypeOf(fact)}] = fact
}

func (act *action) allObjectFacts() []analysis.ObjectFact {
	return listFacts(act.objectFacts, func(k objectFactKey, f analysis.Fact) analysis.ObjectFact {
		return analysis.ObjectFact{Object: k.obj, Fact: f}
	})
}

func (act *action) allPackageFacts() []analysis.PackageFact {
	return listFacts(act.packageFacts, func(k packageFactKey, f analysis.Fact) analysis.PackageFact {
		return analysis.PackageFact{Package: k.pkg, Fact: f}
	})
}

func listFacts[K comparable, T any](m map[K]analysis.Fact, item func(K, analysis.Fact) T) []T {
	out := make([]T, 0, len(m))
	for k, fact := range m {
		out = append(out, item(k, fact))
	}
	return out
}

// readable is the Pass.ReadFile policy: the package's own files only.
func readable(pass *analysis.Pass, name string) bool {
	if slices.Contains(pass.OtherFiles, name) || slices.Contains(pass.IgnoredFiles, name) {
		return true
	}
	return slices.ContainsFunc(pass.Files, func(f *ast.File) bool { return pass.Fset.File(f.FileStart).Name() == name })
}

// validateFixes rejects what the checker rejects: two fixes with one
// message, an edit outside its file or ending before it starts, and
// overlapping edits within a fix.
func validateFixes(fset *token.FileSet, a *analysis.Analyzer, fixes []analysis.SuggestedFix) error {
	seen := map[string]bool{}
	for _, fix := range fixes {
		// Sorted in place, as the checker does: the order -json shows.
		edits := fix.TextEdits
		if seen[fix.Message] {
			return fmt.Errorf("analyzer %q suggests two fixes with same Message (%s)", a.Name, fix.Message)
		}
		seen[fix.Message] = true
		slices.SortStableFunc(edits, func(x, y analysis.TextEdit) int { return cmp.Or(cmp.Compare(x.Pos, y.Pos), cmp.Compare(x.End, y.End)) })
		for i, e := range edits {
			file := fset.File(e.Pos)
			if file == nil {
				return fmt.Errorf("analyzer %q suggests invalid fix (%s): no file for edit at %v", a.Name, fix.Message, e.Pos)
			}
			if e.End.IsValid() && (e.End < e.Pos || int(e.End) > file.Base()+file.Size()) {
				return fmt.Errorf("analyzer %q suggests invalid fix (%s): edit %v-%v out of bounds", a.Name, fix.Message, e.Pos, e.End)
			}
			if i > 0 && e.Pos < cmp.Or(edits[i-1].End, edits[i-1].Pos) {
				return fmt.Errorf("analyzer %q suggests invalid fix (%s): overlapping edits at %v", a.Name, fix.Message, fset.Position(e.Pos))
			}
		}
	}
	return nil
}

// resolveURL is the diagnostic's URL as the checker resolves it: against
// the analyzer's, with the category as a fragment when it has none.
func resolveURL(a *analysis.Analyzer, d analysis.Diagnostic) (string, error) {
	if d.URL == "" && d.Category == "" && a.URL == "" {
		return "", nil
	}
	raw := d.URL
	if d.URL == "" && d.Category != "" {
		raw = "#" + d.Category
	}
	u, err := url.Parse(raw)
	if err != nil {
		return "", fmt.Errorf("invalid Diagnostic.URL %q: %s", raw, err)
	}
	base, err := url.Parse(a.URL)
	if err != nil {
		return "", fmt.Errorf("invalid Analyzer.URL %q: %s", a.URL, err)
	}
	return base.ResolveReference(u).String(), nil
}

func analysisModule(m *packages.Module) *analysis.Module {
	if m == nil {
		return nil
	}
	var modErr *analysis.ModuleError
	if m.Error != nil {
		modErr = &analysis.ModuleError{Err: m.Error.Err}
	}
	return &analysis.Module{
		Path: m.Path, Version: m.Version, Replace: analysisModule(m.Replace), Time: m.Time,
		Main: m.Main, Indirect: m.Indirect, Dir: m.Dir, GoMod: m.GoMod, GoVersion: m.GoVersion, Error: modErr,
	}
}
