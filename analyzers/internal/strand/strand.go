// Package strand is the engine behind stalekey and presencedrift: which
// annotation and label keys the package writes into desired maps only on
// some paths, which preserving merges into live objects keep such a key
// once it is no longer desired (the key "strands"), and where the package
// deletes keys by name. stalekey reports the merges; presencedrift uses the
// stranded keys to tell a presence check that loops for ever from one that
// is merely imprecise. Both require the same engine, built from the same
// Config, so it runs once per package and both see the same owned prefixes.
package strand

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/astutil"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/directive"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/funcs"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/k8s"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/live"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/merge"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/settings"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/uses"
)

// Config holds the engine's settings, shared by stalekey and presencedrift.
type Config struct {
	// OwnedPrefixes lists key prefixes whose keys are operator-owned
	// wherever they are written (setting "owned-prefixes").
	OwnedPrefixes []string `json:"owned-prefixes"`
}

// Validate reports the first bad setting, naming its key under analyzer.
func (c Config) Validate(analyzer string) error {
	return settings.ValidatePrefixes(analyzer+".owned-prefixes", c.OwnedPrefixes)
}

// Result tells the analyzers which keys strand, and where.
type Result struct {
	// Strands maps a stranded key to the merges that keep it.
	Strands map[string][]token.Pos
	// Deleted maps a constant key to where the package deletes it.
	Deleted map[string][]token.Pos
	// Written maps a key to its conditional writes in the package; it is
	// left empty in a package without merges, where no key can strand.
	Written map[string][]token.Pos
	// Findings lists the merges that strand keys, in source order.
	Findings []Finding
}

// A Finding is a preserving merge into a live object's annotations or
// labels that keeps keys the operator writes only on some paths.
type Finding struct {
	At        ast.Node   // the merge call or overlay range statement
	Object    string     // the live object's type name ("Deployment"), or "object"
	Kind      string     // "annotations", "labels", "pod template annotations", ...
	Keys      []string   // the stranded keys, sorted
	Writes    [][]Write  // for each key, where it is written only on some paths
	Desired   ast.Expr   // the desired map
	Merged    *ast.Ident // `merged := Merge(...)`, or nil
	Stmt      ast.Stmt   // the statement holding the merge, or nil
	Generated bool       // in a generated file: known to presencedrift, not reported
	// From lists the custom resource maps whose entries reach the desired
	// map (user-supplied annotations or labels): a key removed there is
	// never deleted from the live object. Keys is empty for such a finding.
	From    []string
	FromPos []token.Pos // where each of From flows in
	// Owners names the kinds From belongs to ("Cache"), or "custom
	// resource" where the map's owner is not a named kind.
	Owners []string
}

// A Write is a place that writes a key.
type Write struct {
	Pos     token.Pos
	KeyExpr ast.Expr
}

// DefaultConfig is the configuration of Default, set by the standalone
// flags -stalekey.owned-prefixes and -presencedrift.owned-prefixes (one
// list: either flag sets it).
var DefaultConfig = &Config{}

// Default is the engine of the package-level stalekey and presencedrift
// analyzers.
var Default = New(DefaultConfig)

// New returns an engine that reads *cfg when it runs (so a flag bound to
// cfg's fields takes effect after construction).
func New(cfg *Config) *analysis.Analyzer {
	return directive.Guard(&analysis.Analyzer{
		Name:       "strand",
		Doc:        "find annotation and label keys that preserving merges into live objects strand (engine of stalekey and presencedrift)",
		Requires:   []*analysis.Analyzer{live.Analyzer, merge.Analyzer, directive.Analyzer, funcs.Analyzer, uses.Analyzer},
		ResultType: reflect.TypeFor[*Result](),
		Run: func(pass *analysis.Pass) (any, error) {
			if err := cfg.Validate("stalekey"); err != nil {
				return nil, err
			}
			return run(pass, *cfg)
		},
	})
}

// Own returns a new engine with a copy of cfg of its own, and that copy,
// for an analyzer whose flags may set it.
func Own(cfg Config) (*analysis.Analyzer, *Config) {
	c := cfg
	return New(&c), &c
}

// Attach returns the analyzer name (stalekey or presencedrift), whose
// package doc is doc, reporting with run what engine finds. engine must
// have been built from cfg, which the analyzer's owned-prefixes flag sets
// (the list it shares with other); requires are its other requirements.
func Attach(name, doc string, requires []*analysis.Analyzer, engine *analysis.Analyzer, cfg *Config, other string,
	run func(*analysis.Pass, *Result) (any, error)) *analysis.Analyzer {
	a := directive.New(name, doc, func(pass *analysis.Pass) (any, error) {
		return run(pass, pass.ResultOf[engine].(*Result))
	}, append(requires, engine))
	a.Flags.Var(settings.NewPrefixList(name+".owned-prefixes", &cfg.OwnedPrefixes), "owned-prefixes",
		"comma-separated annotation/label key prefixes that are operator-owned wherever they are written (shared with "+other+")")
	return a
}

var (
	sharedMu sync.Mutex
	shared   = map[string]sharedEngine{}
)

// Shared returns the one engine for a fixed list of prefixes, and its
// configuration, so that stalekey and presencedrift built separately
// (golangci-lint's per-linter plugins) with the same settings run it once
// per package. The configuration must not change afterwards: analyzers
// built on it are not for drivers that set flags.
func Shared(prefixes []string) (*analysis.Analyzer, *Config) {
	key := strings.Join(prefixes, "\x00")
	sharedMu.Lock()
	defer sharedMu.Unlock()
	if e, ok := shared[key]; ok {
		return e.engine, e.cfg
	}
	cfg := &Config{OwnedPrefixes: slices.Clone(prefixes)}
	e := sharedEngine{New(cfg), cfg}
	shared[key] = e
	return e.engine, e.cfg
}

type sharedEngine struct {
	engine *analysis.Analyzer
	cfg    *Config
}

// kind is the map a key lives in.
type kind string

const (
	annotations         kind = "annotations"
	labels              kind = "labels"
	templateAnnotations kind = "pod template annotations"
	templateLabels      kind = "pod template labels"
)

// inTemplate returns the template variant of k when e is reached through a
// pod template (x.Spec.Template.Annotations, a PodTemplateSpec literal).
func inTemplate(k kind, template bool) kind {
	if !template {
		return k
	}
	switch k {
	case annotations:
		return templateAnnotations
	case labels:
		return templateLabels
	}
	return k
}

// A write is a constant key written into an annotations or labels map.
type write struct {
	key         string
	keyExpr     ast.Expr
	pos         token.Pos
	conditional bool
	kind        kind
	fn          *ast.FuncDecl
	root        *types.Var // the local variable the map belongs to, if any
	from        string     // for the entries of a custom resource's map: that map ("cache.Spec.PodAnnotations"); key is ""
	owner       string     // with from: the kind the map belongs to ("Cache")
}

type state struct {
	result  *Result
	pass    *analysis.Pass
	cfg     Config
	live    *live.Result
	merges  *merge.Result
	funcs   map[*types.Func]*ast.FuncDecl
	graph   *funcs.Graph
	writes  []write
	varKind map[*types.Var]kind
	deletes map[*ast.FuncDecl]map[string]token.Pos // memo of deletesOf
	api     *k8s.APITypes
	// funcKind is the kind of a function's result (see kindFlows).
	funcKind map[funcResult]kind
	// calledIf and calledAlways tell, for a package function whose map
	// result is used, whether some call runs only on some paths, and
	// whether some call runs on every path of its caller.
	calledIf, calledAlways map[*ast.FuncDecl]bool
}

func run(pass *analysis.Pass, cfg Config) (any, error) {
	result := &Result{Strands: map[string][]token.Pos{}, Deleted: map[string][]token.Pos{}, Written: map[string][]token.Pos{}}
	if k8s.Irrelevant(pass) {
		return result, nil // fast path: no operator merges here
	}
	s := &state{
		result:  result,
		pass:    pass,
		cfg:     cfg,
		live:    pass.ResultOf[live.Analyzer].(*live.Result),
		merges:  pass.ResultOf[merge.Analyzer].(*merge.Result),
		funcs:   map[*types.Func]*ast.FuncDecl{},
		graph:   funcs.Of(pass),
		varKind: map[*types.Var]kind{},
		deletes: map[*ast.FuncDecl]map[string]token.Pos{},
		api:     k8s.NewAPITypes(nil),

		funcKind:     map[funcResult]kind{},
		calledIf:     map[*ast.FuncDecl]bool{},
		calledAlways: map[*ast.FuncDecl]bool{},
	}
	var decls []*ast.FuncDecl
	generated := map[*ast.FuncDecl]bool{}
	for _, f := range astutil.CodeFiles(pass.Fset, pass.Files) {
		gen := directive.IsGenerated(pass, f)
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				decls = append(decls, fd)
				generated[fd] = gen
				if fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
					s.funcs[fn] = fd
				}
			}
		}
	}
	// Every finding is a merge: a package without one needs only its
	// deletes, which tell presencedrift that a key is pruned.
	if !s.merges.AnyIn(decls) {
		s.collectDeletes(decls)
		return result, nil
	}
	s.kindFlows()
	// Custom resource maps can flow only where a custom resource's fields
	// are used: skip the search elsewhere.
	crs := uses.Of(pass).Any(func(p *types.Package) bool {
		return !strings.HasPrefix(p.Path(), "k8s.io/") && s.api.IsAPIPackage(p)
	})
	for _, fd := range decls {
		s.collectWrites(fd)
		if crs {
			s.collectFromCR(fd)
		}
	}
	for _, w := range s.writes {
		if w.conditional {
			result.Written[w.key] = append(result.Written[w.key], w.pos)
		}
	}
	s.collectDeletes(decls)
	for _, fd := range decls {
		s.checkMerges(fd, generated[fd])
	}
	return result, nil
}

// collectDeletes records, for each function, the constant keys it
// deletes itself.
func (s *state) collectDeletes(decls []*ast.FuncDecl) {
	for _, fd := range decls {
		for k, pos := range s.deletedIn(fd, 0) {
			s.result.Deleted[k] = append(s.result.Deleted[k], pos)
		}
	}
}

// fieldKind returns the kind of an ObjectMeta Annotations or Labels field.
func fieldKind(v *types.Var) kind { return kindOf(k8s.MetadataField(v)) }

func kindOf(field string) kind {
	switch field {
	case "Annotations":
		return annotations
	case "Labels":
		return labels
	}
	return ""
}

// exprKind returns the kind of map e is: an Annotations/Labels field, a
// GetAnnotations()/GetLabels() call, or a local variable that flows into one.
func (s *state) exprKind(e ast.Expr) kind {
	info := s.pass.TypesInfo
	switch x := ast.Unparen(e).(type) {
	case *ast.SelectorExpr, *ast.CallExpr:
		return inTemplate(kindOf(k8s.MetadataMap(info, x)), k8s.ThroughTemplate(info, x))
	case *ast.Ident:
		if v, ok := info.Uses[x].(*types.Var); ok {
			return s.varKind[v]
		}
		if v, ok := info.Defs[x].(*types.Var); ok {
			return s.varKind[v]
		}
	}
	return ""
}

// kindFlows records which local map variables flow into Annotations or
// Labels: assigned to the field, set with SetAnnotations/WithAnnotations,
// given as a struct literal's field, or merged into one of those
// (`pod.Labels = labels.Merge(pod.Labels, podLabels)`, maps.Copy). The
// kind flows back through assignments (`desired := podAnnotations(spec)`)
// into package functions, whose returned variables get it in turn. The
// rounds are bounded by maxFlowRounds. A variable's name plays no part.
func (s *state) kindFlows() {
	funcKind := s.funcKind
	s.graph.Fixpoint(maxFlowRounds, funcs.Self|funcs.Callers|funcs.Callees, func(fd *ast.FuncDecl) bool {
		changed := s.kindFlowsIn(fd, funcKind)
		fn := s.graph.Func(fd)
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			if _, ok := n.(*ast.FuncLit); ok {
				return false
			}
			if ret, ok := n.(*ast.ReturnStmt); ok {
				for i, r := range ret.Results {
					if s.markFlow(r, funcKind[funcResult{fn, i}], funcKind) {
						changed = true
					}
				}
			}
			return true
		})
		return changed
	})
}

// maxFlowRounds bounds the rounds of kindFlows (a funcs.Fixpoint): a map
// is followed to an Annotations or Labels field through this many rounds
// of assignments and builder functions.
const maxFlowRounds = 6

// A funcResult is one result of a package function.
type funcResult struct {
	fn *types.Func
	i  int
}

// markResult gives kind k to result i of the package function call calls,
// when that result is a map; it reports whether that was new.
func (s *state) markResult(call *ast.CallExpr, i int, k kind, funcKind map[funcResult]kind) bool {
	fn := k8s.Callee(s.pass.TypesInfo, call)
	if k == "" || fn == nil || s.funcs[fn.Origin()] == nil {
		return false
	}
	r := funcResult{fn.Origin(), i}
	sig, ok := fn.Type().(*types.Signature)
	if !ok || funcKind[r] != "" || i >= sig.Results().Len() {
		return false
	}
	if _, isMap := sig.Results().At(i).Type().Underlying().(*types.Map); !isMap {
		return false
	}
	funcKind[r] = k
	return true
}

// markFlow gives kind k to the local variable e is, to the package
// function e calls, or to the maps a merge e calls combines; it reports
// whether anything was new.
func (s *state) markFlow(e ast.Expr, k kind, funcKind map[funcResult]kind) bool {
	if k == "" {
		return false
	}
	info := s.pass.TypesInfo
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		if v, ok := info.Uses[x].(*types.Var); ok && !v.IsField() && s.varKind[v] == "" {
			s.varKind[v] = k
			return true
		}
	case *ast.CallExpr:
		if m, ok := s.merges.Call(x); ok && m.Kind == merge.Union {
			a := s.markFlow(m.A, k, funcKind)
			b := s.markFlow(m.B, k, funcKind)
			return a || b
		}
		return s.markResult(x, 0, k, funcKind)
	}
	return false
}

// kindFlowsIn marks the flows of one function; it reports whether
// anything was new.
func (s *state) kindFlowsIn(fd *ast.FuncDecl, funcKind map[funcResult]kind) bool {
	info := s.pass.TypesInfo
	changed := false
	mark := func(e ast.Expr, k kind) {
		if s.markFlow(e, k, funcKind) {
			changed = true
		}
	}
	ast.Inspect(fd, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if len(n.Lhs) == len(n.Rhs) {
				for i, l := range n.Lhs {
					switch ast.Unparen(l).(type) {
					case *ast.SelectorExpr, *ast.Ident:
						mark(n.Rhs[i], s.exprKind(l))
					}
				}
			} else if call, ok := ast.Unparen(n.Rhs[0]).(*ast.CallExpr); ok && len(n.Rhs) == 1 {
				// labels, annotations := build(...)
				for i, l := range n.Lhs {
					if s.markResult(call, i, s.exprKind(l), funcKind) {
						changed = true
					}
				}
			}
		case *ast.ValueSpec:
			if len(n.Names) == len(n.Values) {
				for i, id := range n.Names {
					if v, ok := info.Defs[id].(*types.Var); ok {
						mark(n.Values[i], s.varKind[v])
					}
				}
			}
		case *ast.CompositeLit:
			tmpl := k8s.IsNamed(info.TypeOf(n), k8s.CoreV1, "PodTemplateSpec")
			for _, elt := range n.Elts {
				if kv, ok := elt.(*ast.KeyValueExpr); ok {
					if id, ok := kv.Key.(*ast.Ident); ok {
						v, _ := info.Uses[id].(*types.Var)
						mark(kv.Value, inTemplate(fieldKind(v), tmpl))
					}
				}
			}
		case *ast.CallExpr:
			if m, ok := s.merges.Call(n); ok && m.Kind == merge.Into {
				mark(m.Src, s.exprKind(m.Dst))
			}
			if field, recv := k8s.MetadataSetter(info, n); field != "" {
				mark(n.Args[0], inTemplate(kindOf(field), k8s.ThroughTemplate(info, recv)))
			}
		}
		return true
	})
	return changed
}

// collectWrites records constant keys written into annotation and label
// maps, and whether each write happens only on some paths.
func (s *state) collectWrites(fd *ast.FuncDecl) {
	w := &writeWalker{s: s, fd: fd}
	w.walk(fd.Body, false)
}

// A writeWalker walks one function's statements for collectWrites, knowing
// whether the current statement runs only on some paths (cond).
type writeWalker struct {
	s  *state
	fd *ast.FuncDecl
}

func (w *writeWalker) record(mapExpr, keyExpr ast.Expr, k kind, cond bool, root *types.Var) {
	info := w.s.pass.TypesInfo
	key, ok := merge.ConstString(info, keyExpr)
	if !ok || k == "" {
		return
	}
	if r := astutil.RootVar(info, mapExpr); r != nil {
		root = r
	}
	w.s.writes = append(w.s.writes, write{key: key, keyExpr: keyExpr, pos: keyExpr.Pos(), conditional: cond, kind: k, fn: w.fd, root: root})
}

// lits walks the function literals in n (a CreateOrUpdate mutate
// function): they run as written.
func (w *writeWalker) lits(n ast.Node, cond bool) {
	ast.Inspect(n, func(m ast.Node) bool {
		if lit, ok := m.(*ast.FuncLit); ok {
			w.walk(lit.Body, cond)
			return false
		}
		return true
	})
}

func (w *writeWalker) list(list []ast.Stmt, cond bool) {
	for _, st := range list {
		w.walk(st, cond)
	}
}

func (w *writeWalker) walk(n ast.Node, cond bool) {
	if n == nil {
		return
	}
	switch n := n.(type) {
	case *ast.BlockStmt:
		w.list(n.List, cond)
	case *ast.IfStmt:
		w.walk(n.Init, cond)
		w.walk(n.Body, true)
		w.walk(n.Else, true)
	case *ast.SwitchStmt:
		w.walk(n.Init, cond)
		for _, c := range n.Body.List {
			w.list(c.(*ast.CaseClause).Body, true)
		}
	case *ast.TypeSwitchStmt:
		for _, c := range n.Body.List {
			w.list(c.(*ast.CaseClause).Body, true)
		}
	case *ast.SelectStmt:
		for _, c := range n.Body.List {
			w.list(c.(*ast.CommClause).Body, true)
		}
	case *ast.ForStmt:
		w.walk(n.Body, true)
	case *ast.RangeStmt:
		w.walk(n.Body, true)
	case *ast.LabeledStmt:
		w.walk(n.Stmt, cond)
	case *ast.AssignStmt:
		w.assign(n, cond)
	case *ast.DeclStmt:
		w.decl(n, cond)
	case *ast.ReturnStmt:
		fn := w.s.graph.Func(w.fd)
		for i, r := range n.Results {
			// A builder's literal result has the kind its callers use it as.
			w.s.literals(r, cond, nil, w.s.funcKind[funcResult{fn, i}], w.record)
		}
		w.lits(n, cond)
	case *ast.ExprStmt:
		w.lits(n, cond)
	}
	switch n.(type) {
	case *ast.AssignStmt, *ast.ExprStmt, *ast.ReturnStmt, *ast.DeclStmt:
		w.s.noteCalls(n, cond)
	}
}

// assign records m[K] = v, and the keys of literals assigned to a map of
// a known kind.
func (w *writeWalker) assign(n *ast.AssignStmt, cond bool) {
	info := w.s.pass.TypesInfo
	for _, l := range n.Lhs {
		if ix, ok := ast.Unparen(l).(*ast.IndexExpr); ok {
			w.record(ix.X, ix.Index, w.s.exprKind(ix.X), cond, nil)
		}
	}
	for i, r := range n.Rhs {
		var r0 *types.Var
		var k kind
		if len(n.Lhs) == len(n.Rhs) {
			r0 = astutil.RootVar(info, n.Lhs[i])
			k = w.s.exprKind(n.Lhs[i])
		}
		w.s.literals(r, cond, r0, k, w.record)
	}
	w.lits(n, cond)
}

// decl records the keys of literals in var declarations.
func (w *writeWalker) decl(n *ast.DeclStmt, cond bool) {
	info := w.s.pass.TypesInfo
	ast.Inspect(n, func(m ast.Node) bool {
		if vs, ok := m.(*ast.ValueSpec); ok {
			for i, v := range vs.Values {
				var r0 *types.Var
				if i < len(vs.Names) {
					r0, _ = info.Defs[vs.Names[i]].(*types.Var)
				}
				w.s.literals(v, cond, r0, "", w.record)
			}
		}
		return true
	})
}

// noteCalls records, for the package functions with a map result that the
// statement n calls (outside function literals), whether the call runs
// only on some paths (cond).
func (s *state) noteCalls(n ast.Node, cond bool) {
	ast.Inspect(n, func(m ast.Node) bool {
		if _, ok := m.(*ast.FuncLit); ok {
			return false
		}
		call, ok := m.(*ast.CallExpr)
		if !ok {
			return true
		}
		fn := k8s.Callee(s.pass.TypesInfo, call)
		d := s.graph.Decl(fn)
		if d == nil {
			return true
		}
		sig := fn.Type().(*types.Signature)
		for i := range sig.Results().Len() {
			if _, isMap := sig.Results().At(i).Type().Underlying().(*types.Map); isMap {
				if cond {
					s.calledIf[d] = true
				} else {
					s.calledAlways[d] = true
				}
				break
			}
		}
		return true
	})
}

// onlyIf reports whether w is written by a builder that is called only on
// some paths: `if spec.Metrics { maps.Copy(ann, metricsAnnotations()) }`
// writes metricsAnnotations' keys only sometimes, though its literal holds
// them always.
func (s *state) onlyIf(w write) bool {
	return s.calledIf[w.fn] && !s.calledAlways[w.fn]
}

// literals records keys written by map literals inside e, with the kind
// their place gives them: `Annotations: map[string]string{K: v}` or a
// literal assigned to a variable of a known kind.
func (s *state) literals(e ast.Expr, cond bool, root *types.Var, k kind, record func(mapExpr, keyExpr ast.Expr, k kind, cond bool, root *types.Var)) {
	info := s.pass.TypesInfo
	switch x := ast.Unparen(e).(type) {
	case *ast.UnaryExpr:
		s.literals(x.X, cond, root, k, record)
	case *ast.CompositeLit:
		if _, isMap := info.TypeOf(x).Underlying().(*types.Map); isMap {
			if k == "" && root != nil {
				k = s.varKind[root]
			}
			for _, elt := range x.Elts {
				if kv, ok := elt.(*ast.KeyValueExpr); ok {
					record(nil, kv.Key, k, cond, root)
				}
			}
			return
		}
		tmpl := k8s.IsNamed(info.TypeOf(x), k8s.CoreV1, "PodTemplateSpec")
		for _, elt := range x.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				var fk kind
				if id, ok := kv.Key.(*ast.Ident); ok {
					v, _ := info.Uses[id].(*types.Var)
					fk = inTemplate(fieldKind(v), tmpl)
				}
				s.literals(kv.Value, cond, root, fk, record)
			} else {
				s.literals(elt, cond, root, "", record)
			}
		}
	}
}

// A found merge into a live object's annotations or labels.
type found struct {
	at      ast.Node // the call or range statement
	dest    ast.Expr // the live field
	desired ast.Expr
	kind    kind
	prunes  []string
	merged  *ast.Ident // `merged := Merge(...)`, for the fix
	stmt    ast.Stmt   // the statement holding the merge
}

// checkMerges finds preserving merges into live objects in fd.
func (s *state) checkMerges(fd *ast.FuncDecl, generated bool) {
	stored := s.storedMerges(fd)
	var list []found
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			list = append(list, s.assignedMerges(n, stored)...)
		case *ast.ExprStmt:
			list = append(list, s.callMerges(n)...)
		case *ast.RangeStmt:
			if m, ok := s.merges.Loop(n); ok {
				if f, ok := s.into(n, m); ok {
					list = append(list, f)
				}
			}
		}
		return true
	})
	for _, f := range list {
		s.decide(fd, f, generated)
	}
}

// storedMerges maps the variables of fd assigned to an annotations or
// labels field (`merged := Merge(...)`, then `obj.Annotations = merged`)
// to that field.
func (s *state) storedMerges(fd *ast.FuncDecl) map[*types.Var]ast.Expr {
	info := s.pass.TypesInfo
	stored := map[*types.Var]ast.Expr{}
	astutil.Assignments(fd.Body, func(l, r ast.Expr) {
		if s.exprKind(l) != "" {
			if id, ok := ast.Unparen(r).(*ast.Ident); ok {
				if v, ok := info.Uses[id].(*types.Var); ok {
					stored[v] = l
				}
			}
		}
	})
	return stored
}

// assignedMerges returns the union merges assigned in n into a live
// object's annotations or labels, directly or through a variable stored
// there (for the fix, the variable and the statement).
func (s *state) assignedMerges(n *ast.AssignStmt, stored map[*types.Var]ast.Expr) []found {
	info := s.pass.TypesInfo
	if len(n.Lhs) != len(n.Rhs) {
		return nil
	}
	var list []found
	for i, rhs := range n.Rhs {
		call, ok := ast.Unparen(rhs).(*ast.CallExpr)
		if !ok {
			continue
		}
		m, ok := s.merges.Call(call)
		if !ok || m.Kind != merge.Union {
			continue
		}
		dest := n.Lhs[i]
		var mergedID *ast.Ident
		if id, ok := ast.Unparen(dest).(*ast.Ident); ok {
			if st, ok := stored[astutil.IdentVar(info, id)]; ok {
				dest, mergedID = st, id
			}
		}
		if f, ok := s.union(call, dest, m); ok {
			f.merged, f.stmt = mergedID, n
			list = append(list, f)
		}
	}
	return list
}

// callMerges returns the merges a call statement makes into a live
// object's annotations or labels: maps.Copy or a copy helper, or
// obj.SetAnnotations(Merge(desired, obj.GetAnnotations())).
func (s *state) callMerges(n *ast.ExprStmt) []found {
	call, ok := ast.Unparen(n.X).(*ast.CallExpr)
	if !ok {
		return nil
	}
	var list []found
	if m, ok := s.merges.Call(call); ok && m.Kind == merge.Into {
		if f, ok := s.into(call, m); ok {
			list = append(list, f)
		}
	}
	if field, _ := k8s.MetadataSetter(s.pass.TypesInfo, call); field != "" {
		if inner, ok := ast.Unparen(call.Args[0]).(*ast.CallExpr); ok {
			if m, ok := s.merges.Call(inner); ok && m.Kind == merge.Union {
				if f, ok := s.union(inner, call, m); ok {
					list = append(list, f)
				}
			}
		}
	}
	return list
}

// destKind returns the kind of a destination: a field, or a setter call.
func (s *state) destKind(dest ast.Expr) kind {
	if call, ok := dest.(*ast.CallExpr); ok {
		if field, recv := k8s.MetadataSetter(s.pass.TypesInfo, call); field != "" {
			return inTemplate(kindOf(field), k8s.ThroughTemplate(s.pass.TypesInfo, recv))
		}
	}
	return s.exprKind(dest)
}

// union checks a union merge whose result lands in dest.
func (s *state) union(call *ast.CallExpr, dest ast.Expr, m merge.Merge) (found, bool) {
	k := s.destKind(dest)
	if k == "" || s.live.Expr(dest) == live.NotLive {
		return found{}, false // not the annotations or labels of a live object
	}
	// The desired side is the argument not read from the live object.
	aLive := s.live.Expr(m.A) != live.NotLive
	bLive := s.live.Expr(m.B) != live.NotLive
	var desired ast.Expr
	switch {
	case aLive && !bLive:
		desired = m.B
	case bLive && !aLive:
		desired = m.A
	case aLive && bLive:
		// The inverse form, desired.Annotations = Merge(live.Annotations,
		// desired.Annotations) before Update(desired): desired is "live"
		// only because it is written; the side read from the server is the
		// live one.
		aRead, bRead := s.read(m.A), s.read(m.B)
		switch {
		case aRead && !bRead:
			desired = m.B
		case bRead && !aRead:
			desired = m.A
		default:
			return found{}, false
		}
	default:
		return found{}, false // cannot tell desired from live: stay silent
	}
	return found{at: call, dest: dest, desired: desired, kind: k, prunes: m.Prunes}, true
}

// read reports whether e belongs to an object read from the server (Get,
// List, a mutate function's object), not one only written back.
func (s *state) read(e ast.Expr) bool {
	v := astutil.RootVar(s.pass.TypesInfo, e)
	return v != nil && live.IsRead(s.live.VarReason(v))
}

// into checks an into merge (maps.Copy, a copy helper, an overlay loop).
func (s *state) into(at ast.Node, m merge.Merge) (found, bool) {
	k := s.exprKind(m.Dst)
	if k == "" || s.live.Expr(m.Dst) == live.NotLive || s.live.Expr(m.Src) != live.NotLive {
		return found{}, false
	}
	return found{at: at, dest: m.Dst, desired: m.Src, kind: k, prunes: m.Prunes}, true
}

// decide works out which owned keys can strand at a merge, and records
// them.
func (s *state) decide(fd *ast.FuncDecl, f found, generated bool) {
	traced, ok := s.trace(fd, f.desired, f.kind)
	if !ok {
		traced = nil
		for _, w := range s.writes {
			if w.kind == f.kind {
				traced = append(traced, w)
			}
		}
	}
	always := map[string]bool{}
	for _, w := range traced {
		if !w.conditional && !s.onlyIf(w) {
			always[w.key] = true
		}
	}
	owned := map[string][]write{}
	for _, w := range traced {
		if (w.conditional || s.onlyIf(w)) && !always[w.key] {
			owned[w.key] = append(owned[w.key], w)
		}
	}
	for _, w := range s.writes {
		if w.kind == f.kind && !always[w.key] && s.ownedByPrefix(w.key) && len(owned[w.key]) == 0 {
			owned[w.key] = append(owned[w.key], w)
		}
	}
	for _, k := range f.prunes {
		delete(owned, k)
	}
	for k := range s.deletedIn(fd, 3) {
		delete(owned, k)
	}
	if ok {
		s.decideFromCR(fd, f, traced, generated)
	}
	if len(owned) == 0 {
		return
	}
	keys := make([]string, 0, len(owned))
	for k := range owned {
		keys = append(keys, k)
		s.result.Strands[k] = append(s.result.Strands[k], f.at.Pos())
	}
	slices.Sort(keys)
	out := Finding{
		At: f.at, Object: s.objectName(f.dest), Kind: string(f.kind), Keys: keys,
		Desired: f.desired, Merged: f.merged, Stmt: f.stmt, Generated: generated,
	}
	for _, k := range keys {
		var ws []Write
		for _, w := range owned[k] {
			ws = append(ws, Write{Pos: w.pos, KeyExpr: w.keyExpr})
		}
		out.Writes = append(out.Writes, ws)
	}
	s.result.Findings = append(s.result.Findings, out)
}

// decideFromCR records a finding when entries of a custom resource's maps
// reach the desired map of a preserving merge: the keys are the user's,
// and one the user removes stays on the live object. A merge that prunes
// keys it is not told (a delete with a key that is not a constant, in the
// merging function or a helper it calls: a three-way merge against what
// was applied before) is silent.
func (s *state) decideFromCR(fd *ast.FuncDecl, f found, traced []write, generated bool) {
	var flows []write
	for _, w := range traced {
		if w.from != "" {
			flows = append(flows, w)
		}
	}
	if len(flows) == 0 || s.prunesAny(fd) {
		return
	}
	named := slices.ContainsFunc(flows, func(w write) bool { return w.owner != "custom resource" })
	// traced comes partly from a set of builders: order by position.
	slices.SortFunc(flows, func(a, b write) int { return int(a.pos - b.pos) })
	var from, owners []string
	var at []token.Pos
	for _, w := range flows {
		if !slices.Contains(from, w.from) {
			from = append(from, w.from)
			at = append(at, w.pos)
		}
		// A part of the resource held in a variable (overrides :=
		// cr.Spec.Overrides) is that resource's when a kind is named too.
		if !slices.Contains(owners, w.owner) && !(named && w.owner == "custom resource") {
			owners = append(owners, w.owner)
		}
	}
	s.result.Findings = append(s.result.Findings, Finding{
		At: f.at, Object: s.objectName(f.dest), Kind: string(f.kind),
		Desired: f.desired, Generated: generated, From: from, FromPos: at, Owners: owners,
	})
}

// prunesAny reports whether fd, or a package function it calls (3 deep),
// deletes a key that is not a constant.
func (s *state) prunesAny(fd *ast.FuncDecl) bool {
	for d := range s.reachable(map[*ast.FuncDecl]bool{fd: true}, 3) {
		if _, ok := s.deletesOf(d)[anyKey]; ok {
			return true
		}
	}
	return false
}

// crMap returns the text of e when e is a map of a custom resource: a
// map[string]string field of a struct declared in an API package outside
// k8s.io (a package declaring a kind, or one of the api-packages), other
// than the metadata's own Annotations and Labels.
func (s *state) crMap(e ast.Expr) (string, bool) {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return "", false
	}
	v, _ := s.pass.TypesInfo.Uses[sel.Sel].(*types.Var)
	if v == nil || !v.IsField() || v.Pkg() == nil || strings.HasPrefix(v.Pkg().Path(), "k8s.io/") || k8s.MetadataField(v) != "" {
		return "", false
	}
	if m, ok := v.Type().Underlying().(*types.Map); !ok || !isString(m.Key()) || !isString(m.Elem()) {
		return "", false
	}
	if !s.api.IsAPIField(v) {
		return "", false
	}
	return types.ExprString(e), true
}

func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// collectFromCR records the places where a custom resource's map flows
// into an annotations or labels map: assigned (alone or through a merge),
// copied in (maps.Copy, an overlay loop), or given as a literal's field.
func (s *state) collectFromCR(fd *ast.FuncDecl) {
	info := s.pass.TypesInfo
	record := func(src ast.Expr, k kind, root *types.Var, pos token.Pos) {
		if k == "" {
			return
		}
		if text, ok := s.crMap(src); ok {
			owner := "custom resource"
			if r := astutil.RootVar(info, src); r != nil {
				if k8s.IsKind(r.Type()) {
					owner = k8s.Named(r.Type()).Obj().Name()
				}
			}
			s.writes = append(s.writes, write{from: text, owner: owner, pos: pos, kind: k, fn: fd, root: root})
		}
	}
	// src, or the maps a union merge src calls combines
	sources := func(src ast.Expr) []ast.Expr {
		if call, ok := ast.Unparen(src).(*ast.CallExpr); ok {
			if m, ok := s.merges.Call(call); ok && m.Kind == merge.Union {
				return []ast.Expr{m.A, m.B}
			}
		}
		return []ast.Expr{src}
	}
	// lit records the fields of a composite literal (and the literals
	// nested in it) that take a custom resource's map; root is the
	// variable the literal is assigned to, if any.
	seen := map[*ast.CompositeLit]bool{}
	var lit func(l *ast.CompositeLit, root *types.Var, tmpl bool)
	lit = func(l *ast.CompositeLit, root *types.Var, tmpl bool) {
		seen[l] = true
		tmpl = tmpl || k8s.IsTemplate(info.TypeOf(l))
		for _, elt := range l.Elts {
			kv, ok := elt.(*ast.KeyValueExpr)
			if !ok {
				continue
			}
			if id, ok := kv.Key.(*ast.Ident); ok {
				v, _ := info.Uses[id].(*types.Var)
				for _, src := range sources(kv.Value) {
					record(src, inTemplate(kindOf(k8s.MetadataField(v)), tmpl), root, kv.Pos())
				}
			}
			ast.Inspect(kv.Value, func(m ast.Node) bool {
				if inner, ok := m.(*ast.CompositeLit); ok {
					lit(inner, root, tmpl)
					return false
				}
				return true
			})
		}
	}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.AssignStmt:
			for i, l := range x.Lhs {
				if len(x.Lhs) != len(x.Rhs) {
					break // v, ok := f(): no map of ours
				}
				root := astutil.RootVar(info, l)
				for _, src := range sources(x.Rhs[i]) {
					record(src, s.exprKind(l), root, x.Pos())
				}
				// want := &appsv1.Deployment{... Annotations: cr.Spec.X ...}
				ast.Inspect(x.Rhs[i], func(m ast.Node) bool {
					if cl, ok := m.(*ast.CompositeLit); ok {
						lit(cl, root, k8s.ThroughTemplate(info, l))
						return false
					}
					return true
				})
			}
			return true
		case *ast.CompositeLit:
			if !seen[x] {
				lit(x, nil, false) // returned, passed, declared: no variable of this function
			}
			return true // closures inside run as written
		case *ast.CallExpr:
			if m, ok := s.merges.Call(x); ok && m.Kind == merge.Into {
				record(m.Src, s.exprKind(m.Dst), astutil.RootVar(info, m.Dst), x.Pos())
			}
		case *ast.RangeStmt:
			if m, ok := s.merges.Loop(x); ok {
				record(m.Src, s.exprKind(m.Dst), astutil.RootVar(info, m.Dst), x.Pos())
			}
		}
		return true
	})
}

// objectName names the live object's type: "Deployment", or "object".
func (s *state) objectName(dest ast.Expr) string {
	root := astutil.RootVar(s.pass.TypesInfo, dest)
	name := "object"
	if root != nil {
		if n := k8s.Named(root.Type()); n != nil {
			name = n.Obj().Name()
		}
		if k8s.IsTemplate(root.Type()) {
			name = "workload" // a template taken from a workload
		}
	}
	return name
}

func (s *state) ownedByPrefix(key string) bool {
	for _, p := range s.cfg.OwnedPrefixes {
		if strings.HasPrefix(key, p) {
			return true
		}
	}
	return false
}

// trace returns the writes into the desired map, following it to where it
// is built: a local variable of fd, or the package function whose result
// it is. It reports false when the map cannot be traced.
func (s *state) trace(fd *ast.FuncDecl, desired ast.Expr, k kind) ([]write, bool) {
	info := s.pass.TypesInfo
	if call, ok := ast.Unparen(desired).(*ast.CallExpr); ok {
		// maps.Copy(live, podAnnotations(spec)): the builder's writes.
		if b := s.graph.Decl(k8s.Callee(info, call)); b != nil {
			return s.builderWrites(map[*ast.FuncDecl]bool{b: true}, k), true
		}
	}
	root := astutil.RootVar(info, desired)
	if root == nil || !astutil.IsLocal(root) {
		return nil, false
	}
	var out []write
	for _, w := range s.writes {
		if w.fn == fd && w.root == root && w.kind == k {
			out = append(out, w)
		}
	}
	// root := builder(...) with builder in this package.
	builders := map[*ast.FuncDecl]bool{}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Rhs) != 1 {
			return true
		}
		call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
		if !ok {
			return true
		}
		for _, l := range as.Lhs {
			if id, ok := l.(*ast.Ident); ok && (info.Defs[id] == root || info.Uses[id] == root) {
				if callee := k8s.Callee(info, call); callee != nil {
					if b := s.funcs[callee.Origin()]; b != nil {
						builders[b] = true
					}
				}
			}
		}
		return true
	})
	if len(builders) == 0 && root.Pos() >= fd.Pos() && root.Pos() < fd.Body.Pos() {
		return nil, false // a parameter: built by callers
	}
	out = append(out, s.builderWrites(builders, k)...)
	return out, len(out) > 0 || len(builders) > 0 || root.Pos() > fd.Body.Pos()
}

// builderWrites returns the writes of kind k in the builders and the
// package functions they call (3 deep), in source order.
func (s *state) builderWrites(builders map[*ast.FuncDecl]bool, k kind) []write {
	var out []write
	reach := s.reachable(builders, 3)
	for _, b := range s.graph.Decls { // in source order, for a stable output
		if !reach[b] {
			continue
		}
		for _, w := range s.writes {
			if w.fn == b && w.kind == k {
				out = append(out, w)
			}
		}
	}
	return out
}

// reachable returns the functions of the package reachable from start in
// up to depth calls.
func (s *state) reachable(start map[*ast.FuncDecl]bool, depth int) map[*ast.FuncDecl]bool {
	list := make([]*ast.FuncDecl, 0, len(start))
	for fd := range start {
		list = append(list, fd)
	}
	return s.graph.Reachable(list, depth)
}

// deletedIn returns the constant keys deleted in fd and the package
// functions it calls (to depth), each with one place that deletes it.
func (s *state) deletedIn(fd *ast.FuncDecl, depth int) map[string]token.Pos {
	if depth == 0 {
		out := map[string]token.Pos{}
		for k, pos := range s.deletesOf(fd) {
			if k != anyKey {
				out[k] = pos
			}
		}
		return out
	}
	out := map[string]token.Pos{}
	reach := s.reachable(map[*ast.FuncDecl]bool{fd: true}, depth)
	for _, d := range s.graph.Decls { // in source order: the first delete wins
		if !reach[d] {
			continue
		}
		for k, pos := range s.deletesOf(d) {
			if _, seen := out[k]; !seen && k != anyKey {
				out[k] = pos
			}
		}
	}
	return out
}

// deletesOf returns the constant keys fd itself deletes, each with its first
// place, and anyKey when fd deletes a key that is not a constant.
func (s *state) deletesOf(fd *ast.FuncDecl) map[string]token.Pos {
	if m, ok := s.deletes[fd]; ok {
		return m
	}
	info := s.pass.TypesInfo
	m := map[string]token.Pos{}
	s.deletes[fd] = m
	if !s.graph.CallsBuiltin(fd, "delete") {
		return m
	}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || len(call.Args) != 2 {
			return true
		}
		if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
			if b, ok := info.Uses[id].(*types.Builtin); ok && b.Name() == "delete" {
				key, ok := merge.ConstString(info, call.Args[1])
				if !ok {
					key = anyKey
				}
				if _, seen := m[key]; !seen {
					m[key] = call.Pos()
				}
			}
		}
		return true
	})
	return m
}

// anyKey stands, in deletesOf, for a delete whose key is not a constant.
// No annotation or label key contains a NUL byte.
const anyKey = "\x00"
