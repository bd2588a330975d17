package driver

// Why this file exists.
//
// x/tools' multichecker loads every dependency from source as soon as an
// analyzer has facts (gigabytes on an operator that imports client-go and
// controller-runtime), and go/packages offers no mode that loads some
// packages from source and the rest from export data in one go list call.
// Loading twice (once to learn which packages belong to the main module,
// once more to load them) cost a whole extra go list pass.
//
// So the driver loads in one pass: a single go list (names, files,
// imports, deps, module, test origin, export files, sizes) through
// go/packages, then it parses and type-checks the source packages itself,
// in parallel and in dependency order, with an importer that gives the
// checked source packages to their importers and reads export data for
// everything else.
// The source packages are the named ones, the main module's packages they
// depend on (in GOPATH mode, the user's tree outside GOROOT), and any
// package between those (a package that imports a source package must be
// checked from source too, or it would see a second copy of it). Each
// source package is handed to the runner (run.go) as soon as it and its
// source imports are analysable, so analysis overlaps the checking.

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/tools/go/gcexportdata"
	"golang.org/x/tools/go/packages"
)

// loadMode is what the one go list call asks for: no syntax and no types,
// which the driver makes itself, but export files for the dependencies.
const loadMode = packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles |
	packages.NeedImports | packages.NeedDeps | packages.NeedModule |
	packages.NeedExportFile | packages.NeedTypesSizes | packages.NeedForTest

// loaded is what a load returns: the named packages and every source
// package, each sorted by ID, with their Imports pruned to the other
// source packages; and go list's errors on the imports that were pruned
// (a module missing from go.mod is said there, not on the importer).
type loaded struct {
	patterns       []string
	roots, sources []*packages.Package
	foreign        map[*packages.Package][]packages.Error
	// lateReads counts the export-data reads made once the checking had
	// started (readImports makes them all before: zero).
	lateReads int64
}

// load loads the packages named by patterns and hands each source package
// to r as soon as it is type-checked and its source imports are analysed.
func load(patterns []string, tests bool, r *runner, progress *progress) (*loaded, error) {
	fset := token.NewFileSet()
	l := &loader{
		fset:     fset,
		source:   map[*packages.Package]bool{},
		borrowed: map[*packages.Package]bool{},
		exported: map[string]*types.Package{},
		parsed:   map[string]*parsedFile{},
		holders:  map[string]int{},
		uses:     map[*packages.Package]pkgUses{},
		files:    map[string]*fileUses{},
		cpu:      make(chan struct{}, runtime.GOMAXPROCS(0)),
		timer:    r.timer,
	}
	// The collector is held until the analysis starts (collect.go).
	l.gc = holdCollector()
	defer l.gc.restore()
	var stop atomic.Bool
	prefetched := make(chan struct{})
	go func() {
		defer close(prefetched)
		l.prefetch(patterns, tests, &stop)
	}()
	start := time.Now()
	roots, err := packages.Load(&packages.Config{Mode: loadMode, Tests: tests, Fset: fset}, patterns...)
	stop.Store(true)
	<-prefetched
	if err != nil {
		return nil, listError(err)
	}
	if len(roots) == 0 {
		if err := listFailure(patterns, tests); err != nil {
			return nil, err
		}
	}
	r.timer.listed(time.Since(start))
	start = time.Now()
	defer func() { r.timer.finished(time.Since(start)) }()
	l.chooseSources(roots)
	progress.listed(len(l.source))
	l.waitFor = l.waits()
	r.plan(roots, l.waitFor)
	l.light = r.repeats
	l.plainFiles = l.filesOfPlainSources()
	for p := range l.source {
		for _, name := range p.CompiledGoFiles {
			l.holders[name]++
		}
	}
	for name := range l.parsed {
		if l.holders[name] == 0 {
			delete(l.parsed, name) // parsed in advance, but in no package
		}
	}

	l.readImports()
	l.gc.analyse()
	l.checking.Store(true)

	// Each source package in its own goroutine: type-checked once the
	// source packages it imports are, analysed once they are analysed.
	checked := map[*packages.Package]chan struct{}{}
	analysed := map[*packages.Package]chan struct{}{}
	for p := range l.source {
		checked[p] = make(chan struct{})
		analysed[p] = make(chan struct{})
	}
	var wg sync.WaitGroup
	for p := range l.source {
		wg.Go(func() {
			defer close(analysed[p])
			l.parse(p)
			for _, imp := range l.waitFor[p] {
				<-checked[imp]
			}
			l.check(p)
			progress.checkedOne()
			close(checked[p])
			for _, imp := range l.waitFor[p] {
				<-analysed[imp]
			}
			l.cpu <- struct{}{}
			defer func() { <-l.cpu }()
			r.analyse(p)
			progress.analysedOne()
		})
	}
	wg.Wait()

	out := &loaded{patterns: patterns, foreign: map[*packages.Package][]packages.Error{}, lateReads: l.lateReads.Load()}
	for p := range l.source {
		pruned := make(map[string]*packages.Package, len(p.Imports))
		for _, path := range slices.Sorted(maps.Keys(p.Imports)) { // in order: the errors are printed
			imp := p.Imports[path]
			if l.source[imp] {
				pruned[path] = imp
			} else {
				out.foreign[p] = append(out.foreign[p], whyNotBuilt(imp)...)
			}
		}
		p.Imports = pruned
		out.sources = append(out.sources, p)
	}
	byID := func(a, b *packages.Package) int { return strings.Compare(a.ID, b.ID) }
	out.roots = slices.SortedFunc(slices.Values(roots), byID)
	slices.SortFunc(out.sources, byID)
	return out, nil
}

type loader struct {
	fset   *token.FileSet
	gc     *pacer
	source map[*packages.Package]bool // written before the checking starts
	// borrowed are the dependency packages loaded from source for their
	// facts (borrow.go); likewise.
	borrowed map[*packages.Package]bool
	waitFor  map[*packages.Package][]*packages.Package // likewise

	exportMu  sync.Mutex
	exported  map[string]*types.Package // by package path, shared by every export-data read
	exportErr map[string]error          // the reads that failed, by package path
	checking  atomic.Bool               // set once readImports is done
	lateReads atomic.Int64              // reads made after that

	parseMu sync.Mutex
	parsed  map[string]*parsedFile // by file name: p and p [p.test] share files
	holders map[string]int         // packages yet to take the file; at 0 it is let go

	cpu   chan struct{} // a token per core for parsing, type-checking and analysis
	timer *timing

	// light reports the packages checked only for their errors: a test
	// build whose analysis would repeat a named package's (lightcheck.go).
	light      func(*packages.Package) bool
	plainFiles map[string]bool // the files of the source packages that are no test build's

	uses  map[*packages.Package]pkgUses // what the own packages name of a dependency (borrow.go)
	files map[string]*fileUses          // what each code file imports and names (borrow.go)
}

type parsedFile struct {
	once sync.Once
	file *ast.File
	err  error
}

// chooseSources marks the packages to load from source.
func (l *loader) chooseSources(roots []*packages.Package) {
	moduleMode := slices.ContainsFunc(roots, func(p *packages.Package) bool { return p.Module != nil })
	goroot := ""
	if !moduleMode {
		// The go command's GOROOT: runtime.GOROOT is where this binary was
		// built, which need not be the toolchain in use.
		if out, err := exec.Command("go", "env", "GOROOT").Output(); err == nil {
			goroot = strings.TrimSpace(string(out)) + string(os.PathSeparator)
		}
	}
	own := func(p *packages.Package) bool {
		switch {
		case p.Module != nil:
			return p.Module.Main
		case !moduleMode && len(p.GoFiles) > 0 && goroot != "":
			return !strings.HasPrefix(p.GoFiles[0], goroot) // GOPATH mode: the user's tree
		}
		return false
	}
	for _, r := range roots {
		l.source[r] = true
	}
	if moduleMode {
		l.borrow(roots, func(p *packages.Package) bool { return own(p) || l.source[p] })
	}
	// A package is loaded from source when it is a root, is the user's
	// own, or imports (transitively) a package loaded from source.
	memo := map[*packages.Package]bool{}
	var visit func(p *packages.Package) bool
	visit = func(p *packages.Package) bool {
		if v, ok := memo[p]; ok {
			return v
		}
		memo[p] = false // import cycles are build errors; stop here
		v := l.source[p] || own(p)
		for _, imp := range p.Imports {
			if visit(imp) {
				v = true
			}
		}
		if p.PkgPath == "unsafe" {
			v = false
		}
		memo[p] = v
		if v {
			l.source[p] = true
		}
		return v
	}
	for _, r := range roots {
		visit(r)
	}
	// Of the other packages only the export data is read: their file
	// lists, thousands of paths on an operator, are let go.
	for p := range memo {
		if !l.source[p] {
			p.GoFiles, p.CompiledGoFiles, p.OtherFiles, p.IgnoredFiles, p.EmbedFiles = nil, nil, nil, nil, nil
		}
	}
}

// waits returns, for each source package, the source packages it imports
// that must be checked first: all of them, but for the back edge of an
// import cycle (a build error that go list reports), which would deadlock.
func (l *loader) waits() map[*packages.Package][]*packages.Package {
	const (
		white = iota
		grey
		black
	)
	color := map[*packages.Package]int{}
	out := map[*packages.Package][]*packages.Package{}
	var visit func(p *packages.Package)
	visit = func(p *packages.Package) {
		color[p] = grey
		for _, imp := range p.Imports {
			if !l.source[imp] {
				continue
			}
			if color[imp] == white {
				visit(imp)
			}
			if color[imp] == black {
				out[p] = append(out[p], imp)
			}
		}
		color[p] = black
	}
	for p := range l.source {
		if color[p] == white {
			visit(p)
		}
	}
	return out
}

// parse parses p's compiled Go files, each file once for every package
// that holds it.
func (l *loader) parse(p *packages.Package) {
	l.cpu <- struct{}{}
	defer func() { <-l.cpu }()
	defer l.timer.since("parse", time.Now())
	p.Fset = l.fset
	p.Syntax = make([]*ast.File, 0, len(p.CompiledGoFiles))
	for _, name := range p.CompiledGoFiles {
		l.parseMu.Lock()
		pf := l.parsed[name]
		if pf == nil {
			pf = new(parsedFile)
			l.parsed[name] = pf
		}
		if l.holders[name]--; l.holders[name] == 0 {
			delete(l.parsed, name)
		}
		l.parseMu.Unlock()
		pf.once.Do(func() { pf.parse(l.fset, name) })
		if pf.err != nil {
			addError(p, pf.err)
		}
		if pf.file != nil {
			p.Syntax = append(p.Syntax, pf.file)
		}
	}
}

func (pf *parsedFile) parse(fset *token.FileSet, name string) {
	src, err := os.ReadFile(name)
	if err != nil {
		pf.err = err
		return
	}
	mode := parser.AllErrors | parser.SkipObjectResolution
	if !strings.HasSuffix(name, "_test.go") {
		// The analyzers read the code's comments (directives, generated
		// headers); a _test.go file is only type-checked, which needs none
		// (its Go version comes from its //go:build line either way).
		mode |= parser.ParseComments
	}
	pf.file, pf.err = parser.ParseFile(fset, name, src, mode)
}

// syntax returns the parsed file name, parsing it now if no one has: the
// parse is kept for the package that holds it.
func (l *loader) syntax(name string) *ast.File {
	l.parseMu.Lock()
	pf := l.parsed[name]
	if pf == nil {
		pf = new(parsedFile)
		l.parsed[name] = pf
	}
	l.parseMu.Unlock()
	pf.once.Do(func() { pf.parse(l.fset, name) })
	return pf.file
}

// prefetch parses, one file at a time until stop is set, the Go files in
// the directories that relative patterns name ("./x", "./x/..."), as the
// go command would find them (no testdata, vendor, _ or . directories, no
// nested modules). The parse of a file no package holds is dropped later.
func (l *loader) prefetch(patterns []string, tests bool, stop *atomic.Bool) {
	for _, pat := range patterns {
		dir, all := strings.CutSuffix(pat, "/...")
		if pat == "..." {
			dir, all = ".", true
		}
		if dir != "." && dir != ".." && !strings.HasPrefix(dir, "./") && !strings.HasPrefix(dir, "../") && !filepath.IsAbs(dir) {
			continue // an import path: where it lies is go list's answer
		}
		root, err := filepath.Abs(dir)
		if err != nil {
			continue
		}
		filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			switch {
			case stop.Load():
				return filepath.SkipAll
			case err != nil:
				return nil
			case d.IsDir():
				if path == root {
					return nil
				}
				name := d.Name()
				if !all || name == "testdata" || name == "vendor" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
					return filepath.SkipDir
				}
				if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
					return filepath.SkipDir
				}
				return nil
			}
			name := d.Name()
			if !strings.HasSuffix(name, ".go") || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || !tests && strings.HasSuffix(name, "_test.go") {
				return nil
			}
			l.syntax(path)
			return nil
		})
	}
}

// check type-checks p; the source packages it imports are checked.
func (l *loader) check(p *packages.Package) {
	l.cpu <- struct{}{}
	defer func() { <-l.cpu }()
	defer l.timer.since("type-check", time.Now())
	p.Types = types.NewPackage(p.PkgPath, p.Name)
	if l.light != nil && l.light(p) {
		l.checkLight(p)
		return
	}
	// The maps sized for the source, by the ratios of entries to bytes
	// seen on operators (Types about 1 per 18 bytes, Uses 1 per 22, Defs
	// and Selections 1 per 130): grown one insert at a time instead, they
	// are rehashed over and over, about a tenth of the checking's time.
	// No Scopes: neither the analyzers nor the SSA builder read them.
	size := 0
	for _, f := range p.Syntax {
		size += l.fset.File(f.Pos()).Size()
	}
	p.TypesInfo = &types.Info{
		Types:        make(map[ast.Expr]types.TypeAndValue, size/18),
		Defs:         make(map[*ast.Ident]types.Object, size/130),
		Uses:         make(map[*ast.Ident]types.Object, size/22),
		Implicits:    map[ast.Node]types.Object{},
		Instances:    map[*ast.Ident]types.Instance{},
		Selections:   make(map[*ast.SelectorExpr]*types.Selection, size/130),
		FileVersions: map[*ast.File]string{},
	}
	if p.PkgPath == "unsafe" {
		p.Types = types.Unsafe
		return
	}
	err := types.NewChecker(l.config(p, nil), l.fset, p.Types, p.TypesInfo).Files(p.Syntax)
	if err != nil && len(p.Errors) == 0 {
		addError(p, err) // an error the checker did not pass to cfg.Error
	}
	l.setIllTyped(p)
}

// config is the type checker's configuration for p. Its errors are p's,
// but those drop says to leave out.
func (l *loader) config(p *packages.Package, drop func(types.Error) bool) *types.Config {
	cfg := &types.Config{
		Importer: importerFunc(func(path string) (*types.Package, error) { return l.importFor(p, path) }),
		Sizes:    p.TypesSizes,
		Error: func(err error) {
			if terr, ok := err.(types.Error); ok {
				if drop != nil && drop(terr) {
					return
				}
				p.TypeErrors = append(p.TypeErrors, terr)
			}
			addError(p, err)
		},
	}
	if p.Module != nil && p.Module.GoVersion != "" {
		cfg.GoVersion = "go" + p.Module.GoVersion
	}
	return cfg
}

// setIllTyped marks p ill-typed when it or one of its imports has errors.
func (l *loader) setIllTyped(p *packages.Package) {
	// Ill-typed also when an import is: a source import checked before
	// this one, or one with errors from go list. (The back edge of an
	// import cycle is neither waited for nor read: that import already
	// failed above.)
	p.IllTyped = len(p.Errors) > 0
	for _, imp := range p.Imports {
		if !l.source[imp] && len(imp.Errors) > 0 {
			p.IllTyped = true
		}
	}
	for _, imp := range l.waitFor[p] {
		if imp.IllTyped && !l.borrowed[imp] {
			p.IllTyped = true
		}
	}
}

// importFor resolves an import of p: a source package is already checked;
// any other is read from its export data.
func (l *loader) importFor(p *packages.Package, path string) (*types.Package, error) {
	if path == "unsafe" {
		return types.Unsafe, nil
	}
	imp := p.Imports[path]
	if imp == nil {
		return nil, fmt.Errorf("no metadata for %s", path)
	}
	if l.source[imp] {
		if !slices.Contains(l.waitFor[p], imp) {
			return nil, fmt.Errorf("import cycle through %s", path)
		}
		return imp.Types, nil
	}
	return l.readExport(imp)
}

// readImports reads the export data of every package that a source
// package imports and that is not checked from source, one after another,
// before any checking starts.
//
// A read completes the packages already in the shared map that the export
// data mentions (one read when another's export data named a few of its
// objects: the rest are inserted into its scope now), and go/types' scopes
// have no lock: a read made while another package is checked or analysed
// could write a scope that it reads (a fatal concurrent map access, seen on
// redis-operator). Made before, every read is done when the first scope is
// read. The reads shared one lock anyway; what this gives up is their
// overlap with the checking of packages that do not wait for them.
func (l *loader) readImports() {
	defer l.timer.since("export data", time.Now())
	seen := map[*packages.Package]bool{}
	var list []*packages.Package
	for p := range l.source {
		for _, imp := range p.Imports {
			if !l.source[imp] && imp.PkgPath != "unsafe" && !seen[imp] {
				seen[imp] = true
				list = append(list, imp)
			}
		}
	}
	// In order of path: the objects are made the same way on every run.
	slices.SortFunc(list, func(a, b *packages.Package) int { return strings.Compare(a.PkgPath, b.PkgPath) })
	// One collection when half the bytes are read (collect.go).
	sizes := make([]int64, len(list))
	var total, done int64
	for i, imp := range list {
		if fi, err := os.Stat(imp.ExportFile); err == nil {
			sizes[i] = fi.Size()
			total += sizes[i]
		}
	}
	for i, imp := range list {
		l.readExport(imp) // an error is the importer's to say, when the check asks again
		if done < total/2 && done+sizes[i] >= total/2 {
			l.gc.collect()
		}
		done += sizes[i]
	}
}

// readExport reads imp's export data into the map every read shares.
func (l *loader) readExport(imp *packages.Package) (*types.Package, error) {
	l.exportMu.Lock()
	defer l.exportMu.Unlock()
	if tp := l.exported[imp.PkgPath]; tp != nil && tp.Complete() {
		return tp, nil
	}
	if err := l.exportErr[imp.PkgPath]; err != nil {
		return nil, err // not read again: see readImports
	}
	tp, err := l.readExportLocked(imp)
	if err != nil {
		if l.exportErr == nil {
			l.exportErr = map[string]error{}
		}
		l.exportErr[imp.PkgPath] = err
	}
	return tp, err
}

func (l *loader) readExportLocked(imp *packages.Package) (*types.Package, error) {
	if l.checking.Load() {
		l.lateReads.Add(1)
	}
	if imp.ExportFile == "" {
		return nil, errors.New("no export data for " + imp.PkgPath)
	}
	f, err := os.Open(imp.ExportFile)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r, err := gcexportdata.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %v", imp.ExportFile, err)
	}
	// One map for every read: a package that export data mentions before
	// its own export data is read is completed, not created twice.
	tp, err := gcexportdata.Read(r, l.fset, l.exported, imp.PkgPath)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %v", imp.ExportFile, err)
	}
	return tp, nil
}

// addError records err on p in go/packages' form.
func addError(p *packages.Package, err error) {
	var list scanner.ErrorList
	var terr types.Error
	var perr *os.PathError
	switch {
	case errors.As(err, &list):
		for _, e := range list {
			p.Errors = append(p.Errors, packages.Error{Pos: e.Pos.String(), Msg: e.Msg, Kind: packages.ParseError})
		}
	case errors.As(err, &terr):
		p.Errors = append(p.Errors, packages.Error{Pos: terr.Fset.Position(terr.Pos).String(), Msg: terr.Msg, Kind: packages.TypeError})
	case errors.As(err, &perr):
		p.Errors = append(p.Errors, packages.Error{Pos: perr.Path + ":1", Msg: perr.Err.Error(), Kind: packages.ParseError})
	default:
		p.Errors = append(p.Errors, packages.Error{Pos: "-", Msg: err.Error(), Kind: packages.UnknownError})
	}
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }
