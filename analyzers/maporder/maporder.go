package maporder

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analysisdoc"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/astutil"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/directive"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/k8s"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/settings"
)

//go:embed doc.go
var doc string

// Config holds the settings of maporder.
type Config struct {
	// APIPackages lists extra package path prefixes whose struct types count
	// as Kubernetes API types (setting "api-packages").
	APIPackages []string `json:"api-packages"`
}

// Validate reports the first bad setting, naming its key.
func (c Config) Validate() error {
	return settings.ValidatePrefixes("maporder.api-packages", c.APIPackages)
}

// Analyzer reports map iteration order that reaches an order-sensitive sink.
var Analyzer = New(Config{})

// New returns a maporder analyzer with the given settings. Its flags
// (-maporder.api-packages) change the settings of this analyzer only.
func New(cfg Config) *analysis.Analyzer {
	a := &analysis.Analyzer{
		Name:      "maporder",
		Doc:       analysisdoc.MustExtract(doc, "maporder"),
		URL:       "https://github.com/reconcilelint/reconcilelint/blob/main/docs/analyzers.md#maporder",
		FactTypes: []analysis.Fact{new(orderFact)},
	}
	a.Flags.Var(settings.NewPrefixList("maporder.api-packages", &cfg.APIPackages), "api-packages",
		"comma-separated package path prefixes whose struct types count as Kubernetes API types")
	a.Run = func(pass *analysis.Pass) (any, error) {
		if err := cfg.Validate(); err != nil {
			return nil, err
		}
		return run(pass, cfg)
	}
	return directive.Wrap(a)
}

// orderFact summarises how a function moves map iteration order, for callers
// in other packages. Positions are "file.go:line" texts.
type orderFact struct {
	Results []FlowFact // results that hold values in map order
	Fills   []FlowFact // pointer/slice parameters filled in map order
	Sinks   []SinkFact // parameters whose order reaches a sink inside
	Passes  []PassFact // parameters whose order reaches a result
	Sorts   []int      // parameters sorted in place
}

func (*orderFact) AFact() {}

func (f *orderFact) String() string {
	var parts []string
	for _, r := range f.Results {
		parts = append(parts, fmt.Sprintf("result %d in order of map %s (%s)", r.Index, r.Map, r.Pos))
	}
	for _, r := range f.Fills {
		parts = append(parts, fmt.Sprintf("fills param %d in order of map %s (%s)", r.Index, r.Map, r.Pos))
	}
	for _, s := range f.Sinks {
		parts = append(parts, fmt.Sprintf("param %d reaches %s (%s)", s.Index, s.Sink, s.Pos))
	}
	for _, p := range f.Passes {
		parts = append(parts, fmt.Sprintf("param %d reaches result %d", p.Param, p.Result))
	}
	for _, i := range f.Sorts {
		parts = append(parts, fmt.Sprintf("sorts param %d", i))
	}
	return "maporder(" + strings.Join(parts, "; ") + ")"
}

// FlowFact says that a result or parameter holds map order.
type FlowFact struct {
	Index int
	Map   string
	Pos   string
}

// SinkFact says that the order of a parameter reaches a sink.
type SinkFact struct {
	Index int
	Sink  string
	Pos   string
}

// PassFact says that the order of a parameter reaches a result.
type PassFact struct {
	Param, Result int
}

func run(pass *analysis.Pass, cfg Config) (any, error) {
	if k8s.IsStdlib(pass.Pkg) || k8s.IsKubernetesLibrary(pass) {
		return nil, nil // fast path: these libraries are known from tables, not summaries
	}
	p := &pkgState{
		pass:       pass,
		api:        k8s.NewAPITypes(cfg.APIPackages),
		summaries:  make(map[*types.Func]*summary),
		origins:    make(map[originKey]*origin),
		findings:   make(map[*origin]*finding),
		generated:  make(map[*token.File]bool),
		fieldNames: make(map[*types.Var]string),
	}
	// Functions are the unit of analysis; literals are walked inside them.
	// (No inspector: this analyzer runs on every dependency for facts, and
	// building one per package would cost more than the walk.)
	var decls []*ast.FuncDecl
	for _, f := range pass.Files {
		if directive.IsGenerated(pass, f) {
			p.generated[pass.Fset.File(f.Pos())] = true
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				decls = append(decls, fd)
			}
		}
	}

	// Summaries grow monotonically. The first round visits every function;
	// later rounds only the callers of functions whose summary changed, up
	// to a bound that covers the call chains seen in practice.
	callees := p.calleesOf(decls)
	todo := decls
	for range maxRounds {
		changed := map[*types.Func]bool{}
		for _, decl := range todo {
			p.changed = false
			p.analyze(decl, false)
			if p.changed {
				if fn, ok := pass.TypesInfo.Defs[decl.Name].(*types.Func); ok {
					changed[fn] = true
				}
			}
		}
		if len(changed) == 0 {
			break
		}
		todo = nil
		for _, decl := range decls {
			for fn := range callees[decl] {
				if changed[fn] {
					todo = append(todo, decl)
					break
				}
			}
		}
	}
	// Every sink is a Kubernetes API field, an apply configuration or an
	// annotation, so a package that depends on no Kubernetes library (and
	// no api-packages are set) can only have summaries: skip the report walk.
	if k8s.DependsOnKubernetes(pass.Pkg) || len(cfg.APIPackages) > 0 {
		for _, decl := range decls {
			p.analyze(decl, true)
		}
	}
	p.exportFacts(decls)
	p.report()
	return nil, nil
}

const maxRounds = 6

// calleesOf returns, for each declaration, the package functions it calls.
func (p *pkgState) calleesOf(decls []*ast.FuncDecl) map[*ast.FuncDecl]map[*types.Func]bool {
	out := make(map[*ast.FuncDecl]map[*types.Func]bool, len(decls))
	for _, decl := range decls {
		set := map[*types.Func]bool{}
		ast.Inspect(decl.Body, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				if fn := k8s.Callee(p.pass.TypesInfo, call); fn != nil && fn.Pkg() == p.pass.Pkg {
					set[fn.Origin()] = true
				}
			}
			return true
		})
		out[decl] = set
	}
	return out
}

// pkgState is the per-package analysis state.
type pkgState struct {
	pass       *analysis.Pass
	api        *k8s.APITypes
	summaries  map[*types.Func]*summary
	origins    map[originKey]*origin
	findings   map[*origin]*finding
	generated  map[*token.File]bool
	fieldNames map[*types.Var]string
	changed    bool
}

// An origin is where map order enters a value.
type origin struct {
	node    ast.Node // the range statement or call in this package
	mapName string   // the map, as written
	kind    originKind
	param   int    // for paramOrigin: the parameter index
	callee  string // for remoteOrigin: the function returning the order
	remote  string // for remoteOrigin: where the order starts in the callee
}

type originKind int

const (
	rangeOrigin  originKind = iota // range over a map
	callOrigin                     // slices.Collect(maps.Keys(m)), s.UnsortedList(), ...
	remoteOrigin                   // result of a function in another package
	paramOrigin                    // symbolic: the order of a parameter
)

type originKey struct {
	node  ast.Node
	index int
}

// origin returns the unique origin for (node, index), creating it once, so
// that repeated rounds see the same pointer.
func (p *pkgState) origin(node ast.Node, index int, mk func() *origin) *origin {
	k := originKey{node, index}
	if o, ok := p.origins[k]; ok {
		return o
	}
	o := mk()
	o.node = node
	p.origins[k] = o
	return o
}

// A sink is an order-sensitive destination.
type sink struct {
	desc string
	pos  token.Pos
}

type finding struct {
	origin *origin
	sinks  []sink
}

// summary is the in-package form of orderFact; origins are pointers so that
// a diagnostic can sit on the range inside the helper.
type summary struct {
	results map[int][]*origin
	fills   map[int][]*origin
	sinks   map[int]sink
	passes  map[[2]int]bool
	sorts   map[int]bool
}

func newSummary() *summary {
	return &summary{
		results: map[int][]*origin{},
		fills:   map[int][]*origin{},
		sinks:   map[int]sink{},
		passes:  map[[2]int]bool{},
		sorts:   map[int]bool{},
	}
}

func (p *pkgState) summaryOf(fn *types.Func) *summary {
	s := p.summaries[fn]
	if s == nil {
		s = newSummary()
		p.summaries[fn] = s
	}
	return s
}

func (p *pkgState) addOrigins(m map[int][]*origin, i int, os []*origin) {
	for _, o := range os {
		if o.kind == paramOrigin || containsOrigin(m[i], o) {
			continue
		}
		m[i] = append(m[i], o)
		p.changed = true
	}
}

func containsOrigin(list []*origin, o *origin) bool {
	for _, x := range list {
		if x == o {
			return true
		}
	}
	return false
}

// taintKey names a tracked location: a variable, or one field of a
// variable (x.f), or what a pointer variable points to (*p, keyed by p).
type taintKey struct {
	v *types.Var
	f *types.Var
}

type taint []*origin

func union(a, b taint) taint {
	for _, o := range b {
		if !containsOrigin(a, o) {
			a = append(a, o)
		}
	}
	return a
}

// fnState is the state of one function walk.
type fnState struct {
	p       *pkgState
	fn      *types.Func
	sum     *summary
	params  map[*types.Var]int
	taints  map[taintKey]taint
	report  bool
	litDeep int // > 0 inside a function literal
	body    *ast.BlockStmt
	sorted  []sortedExpr // computed on first use
}

// sortedExpr is an expression the function sorts in place.
type sortedExpr struct {
	root *types.Var
	text string
	pos  token.Pos
}

// loopCtx is the innermost loop whose iteration order is map order.
type loopCtx struct {
	origins taint
	body    *ast.BlockStmt
}

func (p *pkgState) analyze(decl *ast.FuncDecl, report bool) {
	fn, _ := p.pass.TypesInfo.Defs[decl.Name].(*types.Func)
	if fn == nil {
		return
	}
	s := &fnState{
		p:      p,
		fn:     fn,
		sum:    p.summaryOf(fn),
		params: map[*types.Var]int{},
		taints: map[taintKey]taint{},
		report: report,
		body:   decl.Body,
	}
	sig := fn.Type().(*types.Signature)
	for i := range sig.Params().Len() {
		v := sig.Params().At(i)
		s.params[v] = i
		if orderedContent(v.Type()) {
			s.taints[taintKey{v: v}] = taint{p.origin(decl, i, func() *origin {
				return &origin{kind: paramOrigin, param: i}
			})}
		}
	}
	s.block(decl.Body.List, nil)
	// A pointer or slice parameter that ends up holding map order was filled.
	for v, i := range s.params {
		if isPointerToSlice(v.Type()) || isSlice(v.Type()) {
			p.addOrigins(s.sum.fills, i, s.taints[taintKey{v: v}])
		}
	}
}

func (s *fnState) block(list []ast.Stmt, ctx *loopCtx) {
	for _, st := range list {
		s.stmt(st, ctx)
	}
}

func (s *fnState) stmt(st ast.Stmt, ctx *loopCtx) {
	switch st := st.(type) {
	case *ast.BlockStmt:
		s.block(st.List, ctx)
	case *ast.ExprStmt:
		s.expr(st.X, ctx)
	case *ast.AssignStmt:
		s.assign(st, ctx)
	case *ast.DeclStmt:
		if gd, ok := st.Decl.(*ast.GenDecl); ok && gd.Tok == token.VAR {
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				for _, v := range vs.Values {
					s.expr(v, ctx)
				}
				if len(vs.Values) == len(vs.Names) {
					for i, name := range vs.Names {
						if v, ok := s.p.pass.TypesInfo.Defs[name].(*types.Var); ok {
							s.set(taintKey{v: v}, s.taintOf(vs.Values[i]))
						}
					}
				}
			}
		}
	case *ast.IfStmt:
		if st.Init != nil {
			s.stmt(st.Init, ctx)
		}
		s.expr(st.Cond, ctx)
		s.block(st.Body.List, ctx)
		if st.Else != nil {
			s.stmt(st.Else, ctx)
		}
	case *ast.ForStmt:
		if st.Init != nil {
			s.stmt(st.Init, ctx)
		}
		if st.Cond != nil {
			s.expr(st.Cond, ctx)
		}
		s.block(st.Body.List, ctx)
		if st.Post != nil {
			s.stmt(st.Post, ctx)
		}
	case *ast.RangeStmt:
		s.rangeStmt(st, ctx)
	case *ast.SwitchStmt:
		if st.Init != nil {
			s.stmt(st.Init, ctx)
		}
		if st.Tag != nil {
			s.expr(st.Tag, ctx)
		}
		s.clauses(st.Body, ctx)
	case *ast.TypeSwitchStmt:
		if st.Init != nil {
			s.stmt(st.Init, ctx)
		}
		s.stmt(st.Assign, ctx)
		s.clauses(st.Body, ctx)
	case *ast.SelectStmt:
		for _, c := range st.Body.List {
			cc := c.(*ast.CommClause)
			if cc.Comm != nil {
				s.stmt(cc.Comm, ctx)
			}
			s.block(cc.Body, ctx)
		}
	case *ast.LabeledStmt:
		s.stmt(st.Stmt, ctx)
	case *ast.ReturnStmt:
		s.returnStmt(st, ctx)
	case *ast.DeferStmt:
		s.expr(st.Call, ctx)
	case *ast.GoStmt:
		s.expr(st.Call, ctx)
	case *ast.SendStmt:
		s.expr(st.Chan, ctx)
		s.expr(st.Value, ctx)
	case *ast.IncDecStmt:
		s.expr(st.X, ctx)
	}
}

func (s *fnState) clauses(body *ast.BlockStmt, ctx *loopCtx) {
	for _, c := range body.List {
		cc := c.(*ast.CaseClause)
		for _, e := range cc.List {
			s.expr(e, ctx)
		}
		s.block(cc.Body, ctx)
	}
}

// rangeStmt walks a range loop. A range over a map (or maps.Keys/Values/All
// of one), or over a value already in map order, runs its body in map order.
func (s *fnState) rangeStmt(st *ast.RangeStmt, ctx *loopCtx) {
	s.expr(st.X, ctx)
	info := s.p.pass.TypesInfo
	var order taint
	if tv, ok := info.Types[st.X]; ok {
		if _, isMap := tv.Type.Underlying().(*types.Map); isMap {
			order = taint{s.p.origin(st, 0, func() *origin {
				return &origin{kind: rangeOrigin, mapName: exprText(st.X)}
			})}
		}
	}
	if order == nil {
		if call, ok := ast.Unparen(st.X).(*ast.CallExpr); ok && len(call.Args) == 1 {
			fn := k8s.Callee(info, call)
			if k8s.IsFunc(fn, "maps", "Keys") || k8s.IsFunc(fn, "maps", "Values") || k8s.IsFunc(fn, "maps", "All") {
				order = taint{s.p.origin(st, 0, func() *origin {
					return &origin{kind: rangeOrigin, mapName: exprText(call.Args[0])}
				})}
			}
		}
	}
	if order == nil {
		order = s.taintOf(st.X)
	}
	// Loop variables carry the elements of an ordered slice, not its order.
	inner := ctx
	if len(order) > 0 {
		o := order
		if ctx != nil {
			o = union(slices.Clone(ctx.origins), order)
		}
		inner = &loopCtx{origins: o, body: st.Body}
	}
	s.block(st.Body.List, inner)
}

func (s *fnState) returnStmt(st *ast.ReturnStmt, ctx *loopCtx) {
	for _, r := range st.Results {
		s.expr(r, ctx)
	}
	if s.litDeep > 0 {
		return // a function literal's return is not the function's
	}
	sig := s.fn.Type().(*types.Signature)
	var per []taint
	switch {
	case len(st.Results) == sig.Results().Len():
		for _, r := range st.Results {
			per = append(per, s.taintOf(r))
		}
	case len(st.Results) == 1:
		if call, ok := ast.Unparen(st.Results[0]).(*ast.CallExpr); ok {
			per = s.callTaints(call)
		}
	case len(st.Results) == 0:
		for i := range sig.Results().Len() {
			per = append(per, s.taints[taintKey{v: sig.Results().At(i)}])
		}
	}
	for i, t := range per {
		s.p.addOrigins(s.sum.results, i, t)
		for _, o := range t {
			if o.kind == paramOrigin && !s.sum.passes[[2]int{o.param, i}] {
				s.sum.passes[[2]int{o.param, i}] = true
				s.p.changed = true
			}
		}
	}
}

func (s *fnState) set(k taintKey, t taint) {
	if len(t) == 0 {
		delete(s.taints, k)
		return
	}
	s.taints[k] = slices.Clone(t)
}

func (s *fnState) add(k taintKey, t taint) {
	if len(t) == 0 {
		return
	}
	s.taints[k] = union(s.taints[k], t)
}

func (s *fnState) assign(st *ast.AssignStmt, ctx *loopCtx) {
	for _, r := range st.Rhs {
		s.expr(r, ctx)
	}
	for _, l := range st.Lhs {
		if _, ok := l.(*ast.Ident); !ok {
			s.expr(l, ctx)
		}
	}
	// Right-hand taints, one per left-hand side.
	var rts []taint
	if len(st.Rhs) == len(st.Lhs) {
		for _, r := range st.Rhs {
			rts = append(rts, s.taintOf(r))
		}
	} else if len(st.Rhs) == 1 {
		if call, ok := ast.Unparen(st.Rhs[0]).(*ast.CallExpr); ok {
			rts = s.callTaints(call)
		}
	}
	for i, l := range st.Lhs {
		var rt taint
		if i < len(rts) {
			rt = rts[i]
		}
		var rhs ast.Expr
		if len(st.Rhs) == len(st.Lhs) {
			rhs = st.Rhs[i]
		}
		s.assignOne(st, l, rhs, rt, ctx)
	}
}

func (s *fnState) assignOne(st *ast.AssignStmt, lhs, rhs ast.Expr, rt taint, ctx *loopCtx) {
	info := s.p.pass.TypesInfo
	if st.Tok == token.ADD_ASSIGN {
		// s += k: string built in iteration order.
		if k, ok := s.keyOf(lhs); ok {
			s.add(k, rt)
			if ctx != nil && s.outer(lhs, ctx) {
				s.add(k, ctx.origins)
			}
		}
		return
	}
	lhs = ast.Unparen(lhs)

	// Writes into API fields are sinks.
	if field := s.apiField(lhs); field != nil {
		t := rt
		if ctx != nil && isAppendTo(info, rhs, lhs) && s.outer(lhs, ctx) {
			t = union(slices.Clone(t), ctx.origins)
		}
		if (orderedContent(field.Type()) || isStringMap(field.Type())) && !s.sortedLater(lhs, st.End()) {
			s.sinkField(t, field, lhs.Pos())
		}
	}
	if ix, ok := lhs.(*ast.IndexExpr); ok {
		// obj.Annotations[k] = v: the value lands in an API map.
		if field := s.apiField(ast.Unparen(ix.X)); field != nil && isStringMap(field.Type()) {
			s.sinkField(rt, field, lhs.Pos())
		}
		if k, ok := s.keyOf(ix.X); ok {
			s.add(k, rt) // a container holding an ordered value
			if ctx != nil && s.outer(ix.X, ctx) {
				switch types.Unalias(info.TypeOf(ix.X)).Underlying().(type) {
				case *types.Slice, *types.Array:
					s.add(k, ctx.origins) // out[i] = ... filled in iteration order
				case *types.Map:
					if isAppendTo(info, rhs, lhs) {
						s.add(k, ctx.origins) // groups[g] = append(groups[g], ...)
					}
				}
			}
		}
		return
	}
	k, ok := s.keyOf(lhs)
	if !ok {
		return
	}
	if ctx != nil && isAppend(info, rhs) && s.outer(lhs, ctx) {
		rt = union(slices.Clone(rt), ctx.origins)
	}
	s.set(k, rt)
}

// outer reports whether the variable at the root of e was declared outside
// the loop body, so that it outlives one iteration.
func (s *fnState) outer(e ast.Expr, ctx *loopCtx) bool {
	v := s.rootVar(e)
	if v == nil {
		return false
	}
	return v.Pos() < ctx.body.Pos() || v.Pos() > ctx.body.End()
}

// rootVar returns the local variable at the root of e, or nil.
func (s *fnState) rootVar(e ast.Expr) *types.Var {
	if v := astutil.RootVar(s.p.pass.TypesInfo, e); astutil.IsLocal(v) {
		return v
	}
	return nil
}

// keyOf returns the taint key for x, x.f, and *x where x is a local.
func (s *fnState) keyOf(e ast.Expr) (taintKey, bool) {
	info := s.p.pass.TypesInfo
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		if x.Name == "_" {
			return taintKey{}, false
		}
		v, _ := info.Uses[x].(*types.Var)
		if v == nil {
			v, _ = info.Defs[x].(*types.Var)
		}
		if v == nil || v.IsField() {
			return taintKey{}, false
		}
		return taintKey{v: v}, true
	case *ast.StarExpr:
		return s.keyOf(x.X)
	case *ast.SelectorExpr:
		sel, ok := info.Selections[x]
		if !ok || sel.Kind() != types.FieldVal {
			return taintKey{}, false
		}
		root, ok := ast.Unparen(x.X).(*ast.Ident)
		if !ok {
			return taintKey{}, false
		}
		rk, ok := s.keyOf(root)
		if !ok {
			return taintKey{}, false
		}
		return taintKey{v: rk.v, f: sel.Obj().(*types.Var)}, true
	}
	return taintKey{}, false
}

// apiField returns the field selected by e if it is a field of a Kubernetes
// API struct.
func (s *fnState) apiField(e ast.Expr) *types.Var {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	v, ok := s.p.pass.TypesInfo.Uses[sel.Sel].(*types.Var)
	if !ok || !s.p.api.IsAPIField(v) || isListItems(s.p.pass.TypesInfo.TypeOf(sel.X), v) {
		return nil
	}
	return v
}

// isListItems reports whether field is the Items of a top-level kind (a
// struct embedding metav1.ListMeta or metav1.TypeMeta): by API convention
// that is a collection, a list read from the server, handed to an informer
// or sent in a hook request, never a stored list whose order matters.
func isListItems(t types.Type, field *types.Var) bool {
	if field.Name() != "Items" || t == nil {
		return false
	}
	n := k8s.Named(t)
	if n == nil {
		return false
	}
	st, ok := n.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for f := range st.Fields() {
		if f.Embedded() && (k8s.IsNamed(f.Type(), k8s.MetaV1, "ListMeta") || k8s.IsNamed(f.Type(), k8s.MetaV1, "TypeMeta")) {
			return true
		}
	}
	return false
}

// sinkField is sink for a field, named Type.Field; the name is computed
// only when something reaches it.
func (s *fnState) sinkField(t taint, field *types.Var, pos token.Pos) {
	if len(t) == 0 {
		return
	}
	desc, ok := s.p.fieldNames[field]
	if !ok {
		desc = describeField(field)
		s.p.fieldNames[field] = desc
	}
	s.sink(t, desc, pos)
}

// sink records that the origins in t reach an order-sensitive destination.
func (s *fnState) sink(t taint, desc string, pos token.Pos) {
	for _, o := range t {
		if o.kind == paramOrigin {
			if _, ok := s.sum.sinks[o.param]; !ok {
				s.sum.sinks[o.param] = sink{desc: desc, pos: pos}
				s.p.changed = true
			}
			continue
		}
		if !s.report {
			continue
		}
		f := s.p.findings[o]
		if f == nil {
			f = &finding{origin: o}
			s.p.findings[o] = f
		}
		dup := false
		for _, x := range f.sinks {
			dup = dup || x.pos == pos
		}
		if !dup {
			f.sinks = append(f.sinks, sink{desc: desc, pos: pos})
		}
	}
}

// expr visits the calls and composite literals of e for sinks, sanitizers
// and side effects; function literal bodies are walked in place.
func (s *fnState) expr(e ast.Expr, ctx *loopCtx) {
	if e == nil {
		return
	}
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			s.litDeep++
			s.block(n.Body.List, ctx)
			s.litDeep--
			return false
		case *ast.CallExpr:
			s.call(n, ctx)
		case *ast.CompositeLit:
			s.compositeLit(n)
		}
		return true
	})
}

// compositeLit checks the fields of an API struct literal.
func (s *fnState) compositeLit(lit *ast.CompositeLit) {
	info := s.p.pass.TypesInfo
	t := info.TypeOf(lit)
	if t == nil || !s.p.api.IsAPIStruct(t) {
		return
	}
	st, ok := k8s.Named(t).Underlying().(*types.Struct)
	if !ok {
		return
	}
	for i, elt := range lit.Elts {
		var field *types.Var
		val := elt
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			id, ok := kv.Key.(*ast.Ident)
			if !ok {
				continue
			}
			field, _ = info.Uses[id].(*types.Var)
			val = kv.Value
		} else if i < st.NumFields() {
			field = st.Field(i)
		}
		if field == nil || !(orderedContent(field.Type()) || isStringMap(field.Type())) || isListItems(t, field) {
			continue
		}
		s.sinkField(s.taintOf(val), field, val.Pos())
	}
}

// call handles sinks, sanitizers and writes that happen through a call.
func (s *fnState) call(call *ast.CallExpr, ctx *loopCtx) {
	info := s.p.pass.TypesInfo
	fn := k8s.Callee(info, call)

	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
		if b, ok := info.Uses[id].(*types.Builtin); ok && b.Name() == "copy" && len(call.Args) == 2 {
			if k, ok := s.keyOf(call.Args[0]); ok {
				s.add(k, s.taintOf(call.Args[1]))
			}
			return
		}
	}
	if fn == nil {
		return
	}

	// Sanitizers: sorting in place clears the order.
	if idx, ok := sortsArg(fn); ok && idx < len(call.Args) {
		s.sanitize(call.Args[idx])
		return
	}
	if sum := s.p.summaries[fn]; sum != nil {
		for i := range sum.sorts {
			if i < len(call.Args) {
				s.sanitize(call.Args[i])
			}
		}
	} else if fact := s.p.importFact(fn); fact != nil {
		for _, i := range fact.Sorts {
			if i < len(call.Args) {
				s.sanitize(call.Args[i])
			}
		}
	}

	sig, _ := fn.Type().(*types.Signature)
	sel, _ := ast.Unparen(call.Fun).(*ast.SelectorExpr)

	// Apply configuration builders: With* methods record their arguments,
	// and a variadic one called in map order appends in map order.
	if sig != nil && sig.Recv() != nil && strings.HasPrefix(fn.Name(), "With") &&
		fn.Pkg() != nil && k8s.IsApplyConfigPath(fn.Pkg().Path()) {
		desc := recvName(sig) + "." + fn.Name()
		at := call.Pos()
		if sel != nil {
			at = sel.Sel.Pos() // in a builder chain, the method, not the chain's start
		}
		for _, arg := range call.Args {
			s.sink(s.taintOf(arg), desc, at)
		}
		if ctx != nil && sig.Variadic() && sel != nil && s.outer(sel.X, ctx) {
			s.sink(ctx.origins, desc, at)
		}
	}

	// Setters of API objects (SetAnnotations, SetLabels, SetFinalizers...).
	if sig != nil && sig.Recv() != nil && strings.HasPrefix(fn.Name(), "Set") && s.p.api.IsAPIPackage(fn.Pkg()) {
		for _, arg := range call.Args {
			s.sink(s.taintOf(arg), recvName(sig)+"."+fn.Name(), call.Pos())
		}
	}

	// Writers: a hash, builder or buffer written in map order.
	if w, ok := s.writerOf(fn, call, sel); ok {
		if k, ok := s.keyOf(w); ok {
			var t taint
			for _, a := range call.Args {
				t = union(t, s.taintOf(a))
			}
			if ctx != nil && s.outer(w, ctx) {
				t = union(t, ctx.origins)
			}
			s.add(k, t)
		}
	}

	// Calls of summarised functions: parameters that reach sinks, and
	// parameters filled in map order. Apply configuration methods were
	// handled above.
	if fn.Pkg() == nil || !k8s.IsApplyConfigPath(fn.Pkg().Path()) {
		s.applyCallee(fn, call, ctx)
	}
}

// applyCallee applies the summary or fact of fn at a call site.
func (s *fnState) applyCallee(fn *types.Func, call *ast.CallExpr, ctx *loopCtx) {
	name := calleeName(fn)
	if sum := s.p.summaries[fn]; sum != nil {
		for i, sk := range sum.sinks {
			if arg := argFor(call, fn, i); arg != nil {
				s.sink(s.taintOf(arg), via(sk.desc, name), call.Pos())
			}
		}
		for i, os := range sum.fills {
			if arg := argFor(call, fn, i); arg != nil {
				if k, ok := s.keyOf(derefAddr(arg)); ok {
					s.add(k, os)
				}
			}
		}
		return
	}
	fact := s.p.importFact(fn)
	if fact == nil {
		return
	}
	for _, sk := range fact.Sinks {
		if arg := argFor(call, fn, sk.Index); arg != nil {
			s.sink(s.taintOf(arg), via(sk.Sink, name), call.Pos())
		}
	}
	for _, f := range fact.Fills {
		if arg := argFor(call, fn, f.Index); arg != nil {
			if k, ok := s.keyOf(derefAddr(arg)); ok {
				o := s.p.origin(call, -1-f.Index, func() *origin {
					return &origin{kind: remoteOrigin, mapName: f.Map, callee: name, remote: f.Pos}
				})
				s.add(k, taint{o})
			}
		}
	}
}

// via names a sink reached through a call of fn: the sink itself and the
// function called at this site, not the whole chain.
func via(desc, fn string) string {
	base, _, _ := strings.Cut(desc, " via ")
	return base + " via " + fn
}

func (p *pkgState) importFact(fn *types.Func) *orderFact {
	if fn.Pkg() == nil || fn.Pkg() == p.pass.Pkg {
		return nil
	}
	var f orderFact
	if !p.pass.ImportObjectFact(fn.Origin(), &f) {
		return nil
	}
	return &f
}

// argFor returns the argument bound to parameter i of fn, or nil when the
// call spreads a tuple.
func argFor(call *ast.CallExpr, fn *types.Func, i int) ast.Expr {
	sig := fn.Type().(*types.Signature)
	if sig.Variadic() && i == sig.Params().Len()-1 && !call.Ellipsis.IsValid() {
		return nil // elements passed one by one: no slice order of the caller's
	}
	if i < len(call.Args) {
		return call.Args[i]
	}
	return nil
}

func derefAddr(e ast.Expr) ast.Expr {
	if u, ok := ast.Unparen(e).(*ast.UnaryExpr); ok && u.Op == token.AND {
		return u.X
	}
	return e
}

// sanitize clears the order of a sorted expression, and records that the
// function sorts a parameter when the sorted value is one.
func (s *fnState) sanitize(arg ast.Expr) {
	arg = ast.Unparen(arg)
	// sort.Sort(byName(x)), sort.Sort(sort.StringSlice(x)): conversions.
	if conv, ok := arg.(*ast.CallExpr); ok && len(conv.Args) == 1 {
		if tv, ok := s.p.pass.TypesInfo.Types[conv.Fun]; ok && tv.IsType() {
			arg = ast.Unparen(conv.Args[0])
		}
	}
	arg = derefAddr(arg)
	k, ok := s.keyOf(arg)
	if !ok {
		return
	}
	if k.f == nil {
		if i, isParam := s.params[k.v]; isParam && s.litDeep == 0 && !s.sum.sorts[i] {
			s.sum.sorts[i] = true
			s.p.changed = true
		}
	}
	delete(s.taints, k)
}

// sortedLater reports whether the function sorts the location e in place
// after pos: obj.Status.Cells = append(...) in a loop, then
// sort.Strings(obj.Status.Cells).
func (s *fnState) sortedLater(e ast.Expr, pos token.Pos) bool {
	info := s.p.pass.TypesInfo
	if s.sorted == nil {
		s.sorted = []sortedExpr{}
		ast.Inspect(s.body, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			fn := k8s.Callee(info, call)
			if fn == nil {
				return true
			}
			idx, ok := sortsArg(fn)
			if !ok || idx >= len(call.Args) {
				return true
			}
			arg := ast.Unparen(call.Args[idx])
			if conv, ok := arg.(*ast.CallExpr); ok && len(conv.Args) == 1 {
				if tv, ok := info.Types[conv.Fun]; ok && tv.IsType() {
					arg = ast.Unparen(conv.Args[0])
				}
			}
			arg = derefAddr(arg)
			if root := astutil.RootVar(info, arg); root != nil {
				s.sorted = append(s.sorted, sortedExpr{root, types.ExprString(arg), call.Pos()})
			}
			return true
		})
	}
	root := astutil.RootVar(info, e)
	text := types.ExprString(ast.Unparen(e))
	for _, x := range s.sorted {
		if x.pos > pos && x.root == root && x.text == text {
			return true
		}
	}
	return false
}

// sortsArg reports whether fn sorts its argument in place, and which one.
func sortsArg(fn *types.Func) (int, bool) {
	if fn.Pkg() == nil {
		return 0, false
	}
	switch fn.Pkg().Path() {
	case "sort":
		switch fn.Name() {
		case "Strings", "Ints", "Float64s", "Slice", "SliceStable", "Sort", "Stable":
			return 0, k8s.IsFunc(fn, "sort", fn.Name())
		}
	case "slices":
		switch fn.Name() {
		case "Sort", "SortFunc", "SortStableFunc":
			return 0, k8s.IsFunc(fn, "slices", fn.Name())
		}
	}
	return 0, false
}

// writerOf returns the writer that a call writes to: w.Write*(...) on a
// hash, strings.Builder or bytes.Buffer, or fmt.Fprint*(w, ...) and
// io.WriteString(w, ...) with such a w.
func (s *fnState) writerOf(fn *types.Func, call *ast.CallExpr, sel *ast.SelectorExpr) (ast.Expr, bool) {
	info := s.p.pass.TypesInfo
	switch {
	case sel != nil && strings.HasPrefix(fn.Name(), "Write") && info.Selections[sel] != nil:
		if isOrderedWriter(info.TypeOf(sel.X)) {
			return sel.X, true
		}
	case (k8s.IsFunc(fn, "fmt", "Fprint") || k8s.IsFunc(fn, "fmt", "Fprintf") ||
		k8s.IsFunc(fn, "fmt", "Fprintln") || k8s.IsFunc(fn, "io", "WriteString")) && len(call.Args) > 0:
		if isOrderedWriter(info.TypeOf(call.Args[0])) {
			return derefAddr(call.Args[0]), true
		}
	}
	return nil, false
}

// isOrderedWriter reports whether t accumulates what is written to it: a
// strings.Builder, a bytes.Buffer, or a hash (a type with Sum([]byte) []byte).
func isOrderedWriter(t types.Type) bool {
	if t == nil {
		return false
	}
	if k8s.IsNamed(t, "strings", "Builder") || k8s.IsNamed(t, "bytes", "Buffer") {
		return true
	}
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, "Sum")
	fn, ok := obj.(*types.Func)
	if !ok {
		return false
	}
	sig := fn.Type().(*types.Signature)
	return sig.Params().Len() == 1 && sig.Results().Len() == 1 && isBytes(sig.Params().At(0).Type())
}

// taintOf returns the map-order origins that the value of e carries.
func (s *fnState) taintOf(e ast.Expr) taint {
	info := s.p.pass.TypesInfo
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident, *ast.StarExpr:
		k, ok := s.keyOf(x)
		if !ok {
			return nil
		}
		return s.taints[k]
	case *ast.SelectorExpr:
		var t taint
		if k, ok := s.keyOf(x); ok {
			t = s.taints[k]
			t = union(slices.Clone(t), s.taints[taintKey{v: k.v}])
		}
		return t
	case *ast.IndexExpr:
		// An element of an ordered slice is content, not order (s[0] of a
		// one-element set is common and harmless); a map value may itself be
		// an ordered slice (groups[team]).
		if _, isMap := types.Unalias(info.TypeOf(x.X)).Underlying().(*types.Map); isMap {
			return s.taintOf(x.X)
		}
		return nil
	case *ast.SliceExpr:
		return s.taintOf(x.X)
	case *ast.TypeAssertExpr:
		return s.taintOf(x.X)
	case *ast.UnaryExpr:
		if x.Op == token.AND {
			return s.taintOf(x.X)
		}
	case *ast.BinaryExpr:
		if x.Op == token.ADD {
			return union(slices.Clone(s.taintOf(x.X)), s.taintOf(x.Y))
		}
	case *ast.CompositeLit:
		var t taint
		for _, elt := range x.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				elt = kv.Value
			}
			t = union(t, s.taintOf(elt))
		}
		return t
	case *ast.CallExpr:
		if tv, ok := info.Types[x.Fun]; ok && tv.IsType() && len(x.Args) == 1 {
			return s.taintOf(x.Args[0]) // conversion
		}
		ts := s.callTaints(x)
		if len(ts) > 0 {
			return ts[0]
		}
	}
	return nil
}

// callTaints returns the origins of each result of a call.
func (s *fnState) callTaints(call *ast.CallExpr) []taint {
	info := s.p.pass.TypesInfo
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
		if b, ok := info.Uses[id].(*types.Builtin); ok {
			if b.Name() == "append" {
				var t taint
				for _, a := range call.Args {
					t = union(t, s.taintOf(a))
				}
				return []taint{t}
			}
			return nil // len, cap, min, max...
		}
	}
	fn := k8s.Callee(info, call)
	if fn == nil {
		return nil
	}
	if t, ok := s.sourceCall(fn, call); ok {
		return []taint{t}
	}
	if sortedResult(fn) {
		return nil
	}
	sig := fn.Type().(*types.Signature)
	n := sig.Results().Len()
	if sum := s.p.summaries[fn]; sum != nil {
		out := make([]taint, n)
		for i, os := range sum.results {
			if i < n {
				out[i] = union(out[i], os)
			}
		}
		for pr := range sum.passes {
			if arg := argFor(call, fn, pr[0]); arg != nil && pr[1] < n {
				out[pr[1]] = union(out[pr[1]], s.taintOf(arg))
			}
		}
		return out
	}
	if fact := s.p.importFact(fn); fact != nil {
		out := make([]taint, n)
		name := calleeName(fn)
		for _, r := range fact.Results {
			if r.Index < n {
				o := s.p.origin(call, r.Index, func() *origin {
					return &origin{kind: remoteOrigin, mapName: r.Map, callee: name, remote: r.Pos}
				})
				out[r.Index] = union(out[r.Index], taint{o})
			}
		}
		for _, pr := range fact.Passes {
			if arg := argFor(call, fn, pr.Param); arg != nil && pr.Result < n {
				out[pr.Result] = union(out[pr.Result], s.taintOf(arg))
			}
		}
		return out
	}
	// A standard-library function (strings.Join, fmt.Sprintf, hex.Encode...)
	// or a method of a hash, builder or buffer: content-typed results carry
	// the order of the arguments and receiver.
	if !k8s.IsStdlib(fn.Pkg()) {
		return nil
	}
	var in taint
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && info.Selections[sel] != nil {
		in = s.taintOf(sel.X)
	}
	for _, a := range call.Args {
		in = union(in, s.taintOf(a))
	}
	if len(in) == 0 {
		return nil
	}
	out := make([]taint, n)
	for i := range n {
		rt := sig.Results().At(i).Type()
		if orderedContent(rt) || (sig.Recv() != nil && isInteger(rt)) {
			out[i] = in
		}
	}
	return out
}

// sourceCall recognises calls whose result is in map order.
func (s *fnState) sourceCall(fn *types.Func, call *ast.CallExpr) (taint, bool) {
	mk := func(name string) taint {
		return taint{s.p.origin(call, 0, func() *origin {
			return &origin{kind: callOrigin, mapName: name}
		})}
	}
	switch {
	case (k8s.IsFunc(fn, "slices", "Collect") && len(call.Args) == 1) ||
		(k8s.IsFunc(fn, "slices", "AppendSeq") && len(call.Args) == 2):
		seq, ok := ast.Unparen(call.Args[len(call.Args)-1]).(*ast.CallExpr)
		if !ok {
			return nil, false
		}
		inner := k8s.Callee(s.p.pass.TypesInfo, seq)
		if (k8s.IsFunc(inner, "maps", "Keys") || k8s.IsFunc(inner, "maps", "Values")) && len(seq.Args) == 1 {
			return union(mk(exprText(seq.Args[0])), s.taintOf(call.Args[0])), true
		}
	case (k8s.IsFunc(fn, "golang.org/x/exp/maps", "Keys") || k8s.IsFunc(fn, "golang.org/x/exp/maps", "Values")) && len(call.Args) == 1:
		return mk(exprText(call.Args[0])), true
	case k8s.IsMethodIn(fn, k8s.Sets, "UnsortedList"):
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			return mk(exprText(sel.X)), true
		}
	}
	return nil, false
}

// sortedResult reports whether fn returns a sorted copy.
func sortedResult(fn *types.Func) bool {
	switch {
	case k8s.IsFunc(fn, "slices", "Sorted"), k8s.IsFunc(fn, "slices", "SortedFunc"),
		k8s.IsFunc(fn, "slices", "SortedStableFunc"), k8s.IsFunc(fn, k8s.Sets, "List"),
		k8s.IsMethodIn(fn, k8s.Sets, "List"), k8s.IsMethodIn(fn, k8s.Labels, "String"):
		return true
	}
	return false
}

// exportFacts exports the summary of every function that moves order.
func (p *pkgState) exportFacts(decls []*ast.FuncDecl) {
	for _, decl := range decls {
		fn, _ := p.pass.TypesInfo.Defs[decl.Name].(*types.Func)
		sum := p.summaries[fn]
		if fn == nil || sum == nil {
			continue
		}
		var f orderFact
		for _, i := range sortedKeys(sum.results) {
			o := sum.results[i][0]
			f.Results = append(f.Results, FlowFact{Index: i, Map: o.mapName, Pos: p.where(o)})
		}
		for _, i := range sortedKeys(sum.fills) {
			o := sum.fills[i][0]
			f.Fills = append(f.Fills, FlowFact{Index: i, Map: o.mapName, Pos: p.where(o)})
		}
		for _, i := range sortedKeys(sum.sinks) {
			sk := sum.sinks[i]
			f.Sinks = append(f.Sinks, SinkFact{Index: i, Sink: sk.desc, Pos: p.posText(sk.pos)})
		}
		for pr := range sum.passes {
			f.Passes = append(f.Passes, PassFact{Param: pr[0], Result: pr[1]})
		}
		sort.Slice(f.Passes, func(i, j int) bool {
			a, b := f.Passes[i], f.Passes[j]
			return a.Param < b.Param || a.Param == b.Param && a.Result < b.Result
		})
		for _, i := range sortedKeys(sum.sorts) {
			f.Sorts = append(f.Sorts, i)
		}
		if len(f.Results)+len(f.Fills)+len(f.Sinks)+len(f.Passes)+len(f.Sorts) == 0 {
			continue
		}
		p.pass.ExportObjectFact(fn, &f)
	}
}

func sortedKeys[V any](m map[int]V) []int {
	keys := make([]int, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	return keys
}

// where describes an origin's position for a fact.
func (p *pkgState) where(o *origin) string {
	if o.kind == remoteOrigin {
		return o.remote
	}
	return p.posText(o.node.Pos())
}

func (p *pkgState) posText(pos token.Pos) string {
	position := p.pass.Fset.Position(pos)
	return fmt.Sprintf("%s:%d", filepath.Base(position.Filename), position.Line)
}

// report emits one diagnostic per origin, in position order.
func (p *pkgState) report() {
	var list []*finding
	for _, f := range p.findings {
		if len(f.sinks) > 0 && !p.generated[p.pass.Fset.File(f.origin.node.Pos())] {
			list = append(list, f)
		}
	}
	sort.Slice(list, func(i, j int) bool { return list[i].origin.node.Pos() < list[j].origin.node.Pos() })
	for _, f := range list {
		sort.Slice(f.sinks, func(i, j int) bool { return f.sinks[i].pos < f.sinks[j].pos })
		p.pass.Report(p.diagnostic(f))
	}
}

func (p *pkgState) diagnostic(f *finding) analysis.Diagnostic {
	o := f.origin
	first := f.sinks[0].desc
	var msg string
	pos, end := o.node.Pos(), o.node.End()
	switch o.kind {
	case rangeOrigin:
		rs := o.node.(*ast.RangeStmt)
		end = rs.X.End()
		msg = fmt.Sprintf("range over map %s feeds %s in map order; sort the keys first", o.mapName, first)
	case callOrigin:
		msg = fmt.Sprintf("%s is in map order and feeds %s; sort it first", exprText(o.node.(ast.Expr)), first)
	case remoteOrigin:
		msg = fmt.Sprintf("%s returns values in the order of map %s (%s) and they feed %s; sort them first",
			o.callee, o.mapName, o.remote, first)
	}
	d := analysis.Diagnostic{Pos: pos, End: end, Message: msg}
	for _, sk := range f.sinks {
		d.Related = append(d.Related, analysis.RelatedInformation{
			Pos: sk.pos, Message: "map order reaches " + sk.desc + " here",
		})
	}
	if o.kind == rangeOrigin {
		if fix, ok := p.sortedKeysFix(o.node.(*ast.RangeStmt)); ok {
			d.SuggestedFixes = []analysis.SuggestedFix{fix}
		}
	}
	return d
}

// describeField names a field as Type.Field.
func describeField(v *types.Var) string {
	// The struct that declares the field is found through its package scope.
	if pkg := v.Pkg(); pkg != nil {
		scope := pkg.Scope()
		for _, name := range scope.Names() {
			tn, ok := scope.Lookup(name).(*types.TypeName)
			if !ok {
				continue
			}
			if st, ok := tn.Type().Underlying().(*types.Struct); ok {
				for f := range st.Fields() {
					if f == v {
						return tn.Name() + "." + v.Name()
					}
				}
			}
		}
	}
	return v.Name()
}

func recvName(sig *types.Signature) string {
	if n := k8s.Named(sig.Recv().Type()); n != nil {
		return n.Obj().Name()
	}
	return "receiver"
}

func calleeName(fn *types.Func) string {
	if sig, ok := fn.Type().(*types.Signature); ok && sig.Recv() != nil {
		return recvName(sig) + "." + fn.Name()
	}
	if fn.Pkg() != nil {
		return fn.Pkg().Name() + "." + fn.Name()
	}
	return fn.Name()
}

// exprText renders e compactly for messages.
func exprText(e ast.Expr) string {
	s := types.ExprString(e)
	if len(s) > 40 {
		s = s[:37] + "..."
	}
	return s
}

// orderedContent reports whether values of t carry an order: slices,
// arrays and strings (including []byte).
func orderedContent(t types.Type) bool {
	switch u := types.Unalias(t).Underlying().(type) {
	case *types.Slice, *types.Array:
		return true
	case *types.Basic:
		return u.Info()&types.IsString != 0
	case *types.Pointer:
		_, ok := u.Elem().Underlying().(*types.Slice)
		return ok
	}
	return false
}

// isStringMap reports whether t is a map whose values carry order
// (annotations, labels, ConfigMap data, selectors).
func isStringMap(t types.Type) bool {
	m, ok := types.Unalias(t).Underlying().(*types.Map)
	return ok && orderedContent(m.Elem())
}

func isSlice(t types.Type) bool {
	_, ok := types.Unalias(t).Underlying().(*types.Slice)
	return ok
}

func isPointerToSlice(t types.Type) bool {
	p, ok := types.Unalias(t).Underlying().(*types.Pointer)
	return ok && isSlice(p.Elem())
}

func isBytes(t types.Type) bool {
	s, ok := types.Unalias(t).Underlying().(*types.Slice)
	if !ok {
		return false
	}
	b, ok := s.Elem().Underlying().(*types.Basic)
	return ok && b.Kind() == types.Byte
}

func isInteger(t types.Type) bool {
	b, ok := types.Unalias(t).Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

// isAppend reports whether e is a call of the append builtin.
func isAppend(info *types.Info, e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return false
	}
	b, ok := info.Uses[id].(*types.Builtin)
	return ok && b.Name() == "append"
}

// isAppendTo reports whether e is append(dst, ...) with dst written as lhs.
func isAppendTo(info *types.Info, e, lhs ast.Expr) bool {
	if !isAppend(info, e) {
		return false
	}
	call := ast.Unparen(e).(*ast.CallExpr)
	return len(call.Args) > 0 && types.ExprString(call.Args[0]) == types.ExprString(lhs)
}
