package driver

// Why this file exists.
//
// A run must never let "no findings" stand for "not looked at". When a
// package is not analysed, the user is told once, in their own terms: the
// package, and why. The runner keeps the checker's bookkeeping (an action
// skipped because its package is ill-typed, or because an action it needs
// failed, with the names of the suite's internal analyzers); none of that
// is shown. Instead each problem is said once:
//
//   - a package that does not build: the errors of the parser, the type
//     checker or go list, each once, with positions relative to the
//     working directory as go vet prints them, then one summary line;
//   - a package that builds but imports one that does not: one line per
//     broken import, naming the packages it blocks;
//   - a pattern that matches nothing: go list's line;
//   - go list failing as a whole (a module that cannot be downloaded):
//     go list's lines, and that nothing was analysed;
//   - a dependency that was not built because of an import of its own:
//     go list's words on that import, as go vet says them;
//   - an analyzer that failed on a package that builds (a bug of ours):
//     the error, the package and the analyzers that did not run.
//
// Any of these makes the run exit 1.

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"
)

// problems is what a run could not do.
type problems struct {
	patterns []string       // go list's errors for patterns that match no package
	broken   []brokenPkg    // packages that do not build
	blocked  []blockedGroup // packages that build, behind a broken import
	internal []internalErr  // analyzer failures on packages that build
}

// A brokenPkg is a package that does not build and its errors, once each.
type brokenPkg struct {
	pkg   *packages.Package
	lines []string
}

// A blockedGroup is the packages that a broken import keeps from being
// analysed.
type blockedGroup struct {
	cause string // the broken import's path
	pkgs  []*packages.Package
}

// An internalErr is an analyzer's failure on a package that builds.
type internalErr struct {
	pkg    *packages.Package
	err    error
	notRun []string // the selected analyzers that did not run on pkg
}

// maxErrorsPerPackage caps the lines of one package, as the compiler
// stops after ten errors: the rest are mostly consequences of the first.
const maxErrorsPerPackage = 10

// findProblems collects the problems of a run over ld, with positions
// relative to cwd.
func findProblems(ld *loaded, graph *actionGraph, cwd string) *problems {
	ps := &problems{}
	printed := map[string]bool{} // an error line, once in the whole run
	lines := map[*packages.Package][]errorLine{}
	for _, p := range ld.sources {
		if isPatternError(p) {
			for _, e := range p.Errors {
				ps.patterns = append(ps.patterns, e.Msg)
			}
			continue
		}
		lines[p] = errorLines(p, ld.foreign[p], cwd)
	}
	for _, pat := range unmatched(ld.patterns, ld.roots, cwd) {
		ps.patterns = append(ps.patterns, "pattern "+pat+": matched no packages")
	}
	broken, cause := brokenByThemselves(ld.sources, lines)
	for _, p := range ld.sources {
		lines := lines[p]
		if !broken[p] {
			continue
		}
		var fresh []string
		for _, l := range lines {
			if !printed[l.key] {
				printed[l.key] = true
				fresh = append(fresh, l.text)
			}
		}
		// A test build's package whose errors are its package's (a file of
		// p in p [p.test]) is the same problem: said once, under p.
		if len(fresh) == 0 && inTestBuild(p) {
			continue
		}
		if len(fresh) > maxErrorsPerPackage {
			fresh = append(fresh[:maxErrorsPerPackage], fmt.Sprintf("(%d more errors)", len(fresh)-maxErrorsPerPackage))
		}
		ps.broken = append(ps.broken, brokenPkg{p, fresh})
	}

	// Packages that build but import one that does not, grouped by the
	// first broken package found below them. A package of a test build
	// is left out: it only holds what its package holds, and _test.go
	// files, which no analyzer reads.
	groups := map[string]*blockedGroup{}
	for _, p := range ld.sources {
		if broken[p] || !p.IllTyped || isPatternError(p) || inTestBuild(p) {
			continue
		}
		c := cause[p]
		if c == "" {
			c = "a package that does not build" // not expected: the loader marks ill-typed only below a broken one
		}
		g := groups[c]
		if g == nil {
			g = &blockedGroup{cause: c}
			groups[c] = g
		}
		g.pkgs = append(g.pkgs, p)
	}
	for _, g := range groups {
		ps.blocked = append(ps.blocked, *g)
	}
	slices.SortFunc(ps.blocked, func(a, b blockedGroup) int { return strings.Compare(a.cause, b.cause) })

	// Failures that are neither a build problem nor a consequence of
	// another failure: errors of an analyzer itself.
	byPkg := map[*packages.Package]*internalErr{}
	for act := range graph.All() {
		if act.Err == nil || act.Package.IllTyped || errors.Is(act.Err, errIllTyped) {
			continue
		}
		var pre *prereqError
		if !errors.As(act.Err, &pre) {
			ie := byPkg[act.Package]
			if ie == nil {
				ie = &internalErr{pkg: act.Package, err: act.Err}
				byPkg[act.Package] = ie
			}
		}
	}
	for _, act := range graph.Roots {
		if act.Err == nil || act.Package.IllTyped {
			continue
		}
		ie := byPkg[act.Package]
		if ie == nil {
			ie = &internalErr{pkg: act.Package, err: rootCause(act)}
			byPkg[act.Package] = ie
		}
		ie.notRun = append(ie.notRun, act.Analyzer.Name)
	}
	for _, ie := range byPkg {
		if len(ie.notRun) == 0 {
			continue // an internal step failed only where nothing selected needed it
		}
		ps.internal = append(ps.internal, *ie)
	}
	slices.SortFunc(ps.internal, func(a, b internalErr) int { return strings.Compare(a.pkg.ID, b.pkg.ID) })
	return ps
}

// brokenByThemselves returns the packages that do not build for a reason
// of their own: an error of the parser or go list, or type errors with no
// broken package below them. Type errors in a package above a broken one
// are mostly its consequences (a type that could not be imported has no
// methods), and the go command would not compile that package either: it
// is reported as blocked by the broken one, without them. cause gives,
// for every other package with a broken package below it, the path of
// the first one, depth first in import path order.
func brokenByThemselves(sources []*packages.Package, lines map[*packages.Package][]errorLine) (broken map[*packages.Package]bool, cause map[*packages.Package]string) {
	broken = map[*packages.Package]bool{}
	cause = map[*packages.Package]string{}
	done := map[*packages.Package]bool{}
	var visit func(p *packages.Package)
	visit = func(p *packages.Package) {
		if done[p] {
			return
		}
		done[p] = true // an import cycle (a go list error) stops here
		for _, path := range slices.Sorted(maps.Keys(p.Imports)) {
			imp := p.Imports[path]
			visit(imp)
			if cause[p] != "" {
				continue
			}
			if broken[imp] {
				cause[p] = imp.PkgPath
			} else if c := cause[imp]; c != "" {
				cause[p] = c
			}
		}
		own := slices.ContainsFunc(lines[p], func(l errorLine) bool { return !l.typeErr })
		typed := len(lines[p]) > 0
		broken[p] = own || typed && cause[p] == ""
	}
	for _, p := range sources {
		visit(p)
	}
	return broken, cause
}

// rootCause follows failed prerequisites down to the error that started
// them.
func rootCause(act *action) error {
	for {
		var pre *prereqError
		if !errors.As(act.Err, &pre) || len(pre.failed) == 0 {
			return act.Err
		}
		act = pre.failed[0]
	}
}

// unmatched returns the patterns that no package of roots comes from and
// go list said nothing about: it only warns that a pattern "matched no
// packages" (./docs/...), and go/packages drops the warning. A run that
// looked at nothing the user named must not read as clean.
func unmatched(patterns []string, roots []*packages.Package, cwd string) []string {
	var out []string
	for _, pat := range patterns {
		if pat == "all" || pat == "std" || pat == "cmd" || strings.HasPrefix(pat, "-") {
			continue
		}
		if slices.ContainsFunc(roots, func(p *packages.Package) bool { return fromPattern(p, pat, cwd) || isPatternError(p) && p.ID == pat }) {
			continue
		}
		out = append(out, pat)
	}
	return out
}

// fromPattern reports whether p is one of the packages pat names: by
// directory for a relative or absolute path, by import path otherwise.
func fromPattern(p *packages.Package, pat, cwd string) bool {
	base, all := strings.CutSuffix(pat, "/...")
	if pat == "..." {
		base, all = "", true
	}
	if base == "." || base == ".." || strings.HasPrefix(base, "./") || strings.HasPrefix(base, "../") || filepath.IsAbs(base) {
		if len(p.GoFiles)+len(p.CompiledGoFiles) == 0 {
			return false
		}
		files := append(slices.Clone(p.GoFiles), p.CompiledGoFiles...)
		dir := filepath.Dir(files[0])
		want := base
		if !filepath.IsAbs(want) {
			want = filepath.Join(cwd, want)
		}
		rel, err := filepath.Rel(want, dir)
		return err == nil && (rel == "." || all && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)))
	}
	if strings.Contains(base, "...") {
		return true // a pattern with an inner wildcard: go list's to match
	}
	path := p.PkgPath
	return path == base || all && (base == "" || strings.HasPrefix(path, base+"/"))
}

// isPatternError reports whether p is go list's stand-in for a pattern
// that matched nothing (no name, no files, only errors).
func isPatternError(p *packages.Package) bool {
	return p.Name == "" && len(p.GoFiles) == 0 && len(p.CompiledGoFiles) == 0 && len(p.Errors) > 0
}

// inTestBuild reports whether p belongs to a test build: a test variant,
// an external test package, a package recompiled for a test, or a test
// main.
func inTestBuild(p *packages.Package) bool {
	return p.ForTest != "" || testMainOf(p) != ""
}

// errorLines returns the errors of p, each problem once, positions
// relative to cwd. The same syntax error comes from go list (the
// compiler's words) and from the parser (followed by the parser's
// cascade): the parser's first error in each file is kept, and go list's
// compiler output only when the driver found nothing itself. An import
// that fails because go list could not provide it is said in go list's
// words (foreign), not again as "could not import".
func errorLines(p *packages.Package, foreign []packages.Error, cwd string) []errorLine {
	var parse, typ, list []packages.Error
	for _, e := range p.Errors {
		switch e.Kind {
		case packages.ParseError:
			parse = append(parse, e)
		case packages.TypeError:
			typ = append(typ, e)
		default:
			list = append(list, e)
		}
	}
	var lines []errorLine
	typeErr := false
	add := func(pos, msg string) {
		line := errorText(cwd, pos, msg)
		if !slices.ContainsFunc(lines, func(l errorLine) bool { return l.text == line }) {
			lines = append(lines, errorLine{line, line, typeErr})
		}
	}
	files := map[string]bool{}
	for _, e := range parse {
		file, _, _ := strings.Cut(relPos(cwd, e.Pos), ":")
		if files[file] {
			continue // the parser's cascade after the first error
		}
		files[file] = true
		add(e.Pos, e.Msg)
	}
	// With an import that go list could not provide, the type errors are
	// mostly its consequences (a type it should have declared has no
	// methods): the go command would not compile the package, and says
	// only why.
	typeErr = true
	for _, e := range typ {
		if len(foreign) > 0 || len(list) > 0 && isImportFailure(e.Msg) { // go list says why an import failed (a cycle)
			continue
		}
		add(e.Pos, e.Msg)
	}
	typeErr = false
	for _, e := range list {
		if compiler, ok := strings.CutPrefix(e.Msg, "# "); ok {
			if len(parse)+len(typ) > 0 {
				continue // the compiler's words for what the checker said above
			}
			_, compiler, _ = strings.Cut(compiler, "\n") // drop the "# package" header: the block has one
			for l := range strings.SplitSeq(strings.TrimSpace(compiler), "\n") {
				if pos, msg, ok := splitPos(l); ok {
					add(pos, msg)
				} else {
					add("", l)
				}
			}
			continue
		}
		add(e.Pos, e.Msg)
	}
	for _, e := range foreign {
		// A module that cannot be had fails every import of it, each at
		// its own position: one problem, said once in the run.
		lines = append(lines, errorLine{errorText(cwd, e.Pos, e.Msg), e.Msg, false})
	}
	return lines
}

// An errorLine is a line to print, what makes it the same problem as
// another, and whether the type checker said it.
type errorLine struct {
	text, key string
	typeErr   bool
}

// errorText is an error's line: "pos: msg", the position relative to cwd,
// or msg alone when it has no position.
func errorText(cwd, pos, msg string) string {
	if pos == "" || pos == "-" {
		return msg
	}
	return relPos(cwd, pos) + ": " + msg
}

// isImportFailure reports whether a type error is the checker's note that
// an import could not be read (the importer's words are in importFor).
func isImportFailure(msg string) bool {
	return strings.HasPrefix(msg, "could not import ")
}

// splitPos splits "file.go:3:9: message" into position and message.
func splitPos(line string) (pos, msg string, ok bool) {
	i := strings.Index(line, ".go:")
	if i < 0 {
		return "", "", false
	}
	j := strings.Index(line[i+len(".go:"):], ": ")
	if j < 0 {
		return "", "", false
	}
	k := i + len(".go:") + j
	return line[:k], line[k+2:], true
}

// relPos shortens the file of a "file:line:col" position as go vet does.
func relPos(cwd, pos string) string {
	i := strings.Index(pos, ".go:")
	if i < 0 {
		return pos
	}
	file := pos[:i+len(".go")]
	return shortPath(cwd, file) + pos[i+len(".go"):]
}

// patternHint replaces go list's words for a directory outside any module,
// which do not say what to do, with what to do.
func patternHint(msg string) string {
	if !strings.Contains(msg, "does not contain main module") {
		return msg
	}
	if out, err := exec.Command("go", "env", "GOMOD").Output(); err == nil {
		if gomod := strings.TrimSpace(string(out)); gomod == "" || gomod == os.DevNull {
			return "no go.mod in this directory or any parent: run reconcilelint inside a Go module (go mod init creates one)"
		}
	}
	return msg
}

// failed reports whether anything was left undone.
func (ps *problems) failed() bool {
	return len(ps.patterns)+len(ps.broken)+len(ps.blocked)+len(ps.internal) > 0
}

// printErrors writes the errors of the packages that do not build, a
// block each under "# package", as the go command does.
func (ps *problems) printErrors(w io.Writer) {
	for _, msg := range ps.patterns {
		fmt.Fprintf(w, "reconcilelint: %s\n", patternHint(msg))
	}
	for _, b := range ps.broken {
		if len(b.lines) == 0 {
			continue // its errors were said under another package; the summary names it
		}
		fmt.Fprintf(w, "# %s\n", b.pkg.ID)
		for _, l := range b.lines {
			fmt.Fprintln(w, l)
		}
	}
}

// printSummary writes one line per kind of problem: how many packages
// were not analysed, and why.
func (ps *problems) printSummary(w io.Writer) {
	for _, ie := range ps.internal {
		fmt.Fprintf(w, "reconcilelint: internal error on %s, so %s did not run there: %v (please report it)\n",
			ie.pkg.ID, strings.Join(ie.notRun, ", "), ie.err)
	}
	if n := len(ps.broken); n > 0 {
		// The packages are named only when a block above does not name
		// each of them.
		names := ""
		if slices.ContainsFunc(ps.broken, func(b brokenPkg) bool { return len(b.lines) == 0 }) {
			var pkgs []*packages.Package
			for _, b := range ps.broken {
				pkgs = append(pkgs, b.pkg)
			}
			names = ": " + ids(pkgs)
		}
		fmt.Fprintf(w, "reconcilelint: %s not analysed because %s not build%s\n", plural(n, "package"), pick(n, "it does", "they do"), names)
	}
	for _, g := range ps.blocked {
		fmt.Fprintf(w, "reconcilelint: %s not analysed because %s %s, which does not build: %s\n",
			plural(len(g.pkgs), "package"), pick(len(g.pkgs), "it imports", "they import"), g.cause, ids(g.pkgs))
	}
}

// perPackage returns, for -json and SARIF, why each package was not
// analysed: package ID -> text.
func (ps *problems) perPackage() map[string]string {
	out := map[string]string{}
	for _, msg := range ps.patterns {
		pattern, _, _ := strings.Cut(strings.TrimPrefix(msg, "pattern "), ":")
		out[pattern] = msg
	}
	for _, b := range ps.broken {
		out[b.pkg.ID] = "not analysed: the package does not build\n" + strings.Join(b.lines, "\n")
	}
	for _, g := range ps.blocked {
		for _, p := range g.pkgs {
			out[p.ID] = fmt.Sprintf("not analysed: it imports %s, which does not build", g.cause)
		}
	}
	return out
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

func pick(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// ids lists the packages' IDs, the first five and a count of the rest.
func ids(pkgs []*packages.Package) string {
	var names []string
	for i, p := range pkgs {
		if i == 5 {
			names = append(names, fmt.Sprintf("and %d more", len(pkgs)-5))
			break
		}
		names = append(names, p.ID)
	}
	return strings.Join(names, ", ")
}

// whyNotBuilt returns go list's errors on a dependency, or, when it has
// none but was not built (no export data), the errors of the packages
// below it that stopped its build: go vet names the import that failed
// two levels down, not the package between.
func whyNotBuilt(imp *packages.Package) []packages.Error {
	if len(imp.Errors) > 0 || imp.ExportFile != "" {
		return imp.Errors
	}
	var out []packages.Error
	packages.Visit([]*packages.Package{imp}, func(p *packages.Package) bool {
		if p != imp && len(p.Errors) > 0 {
			out = append(out, p.Errors...)
			return false // its errors say why; what is below it is its own business
		}
		return p == imp || p.ExportFile == ""
	}, nil)
	return out
}

// listFailure returns go list's own words when it failed as a whole, or
// nil. Asked for export files, go/packages takes a failing go list for a
// build that failed, drops its error output and returns no package: a
// module that cannot be downloaded would read as patterns that match
// nothing. So when nothing was listed, go list is run once more, without
// building, to hear why.
func listFailure(patterns []string, tests bool) error {
	args := []string{"list", "-e", "-deps", "-f", "{{.ImportPath}}"}
	if tests {
		args = append(args, "-test")
	}
	cmd := exec.Command("go", append(append(args, "--"), patterns...)...)
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = io.Discard, &stderr
	if cmd.Run() == nil {
		return nil // the patterns match nothing: problems.go says so
	}
	return goListFailed(stderr.String())
}

// listError gives an error of go/packages that carries go list's output
// ("err: exit status 1: stderr: go: ...") in go list's words alone.
func listError(err error) error {
	_, stderr, ok := strings.Cut(err.Error(), ": stderr: ")
	if !ok || !strings.HasPrefix(err.Error(), "err: ") {
		return err
	}
	if e := goListFailed(stderr); e != nil {
		return e
	}
	return err
}

// goListFailed says that go list failed, with its error output less the
// download notes, or returns nil if nothing is left to say.
func goListFailed(stderr string) error {
	var lines []string
	for line := range strings.SplitSeq(strings.TrimRight(stderr, "\n"), "\n") {
		if line != "" && !strings.HasPrefix(line, "go: downloading ") {
			lines = append(lines, line)
		}
	}
	if len(lines) == 0 {
		return nil
	}
	return errors.New("go list failed, so no package was analysed:\n" + strings.Join(lines, "\n"))
}
