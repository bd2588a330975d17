package maporder

import (
	_ "embed"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/astutil"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/directive"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/flow"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/funcs"
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
	a := directive.New("maporder", doc, func(pass *analysis.Pass) (any, error) {
		if err := cfg.Validate(); err != nil {
			return nil, err
		}
		return run(pass, cfg)
	}, []*analysis.Analyzer{funcs.Analyzer, flow.Analyzer}, new(orderFact), new(fieldFact), new(methodFact))
	a.Flags.Var(settings.NewPrefixList("maporder.api-packages", &cfg.APIPackages), "api-packages",
		"comma-separated package path prefixes whose struct types count as Kubernetes API types")
	return a
}

func run(pass *analysis.Pass, cfg Config) (any, error) {
	if k8s.IsStdlib(pass.Pkg) || k8s.IsKubernetesLibrary(pass) {
		return nil, nil // fast path: these libraries are known from tables, not summaries
	}
	p := &pkgState{
		flow:       pass.ResultOf[flow.Analyzer].(*flow.Result),
		pass:       pass,
		api:        k8s.NewAPITypes(cfg.APIPackages),
		summaries:  make(map[*types.Func]*summary),
		states:     make(map[*ast.FuncDecl]*fnState),
		origins:    make(map[originKey]*origin),
		marked:     make(map[markKey]*origin),
		findings:   make(map[*origin]*finding),
		reached:    make(map[*ast.FuncDecl][]reach),
		imported:   make(map[*types.Func]*orderFact),
		generated:  make(map[*token.File]bool),
		fieldNames: make(map[*types.Var]string),
		fields:     newFieldState(),
		methods:    make(map[methodResult]sink),
		exposures:  make(map[*ast.FuncDecl]*exposure),
	}
	// Functions are the unit of analysis; literals are walked inside them.
	// (No inspector: this analyzer runs on every dependency for facts, and
	// building one per package would cost more than the walk.)
	for _, f := range astutil.CodeFiles(pass.Fset, pass.Files) {
		if directive.IsGenerated(pass, f) {
			p.generated[pass.Fset.File(f.Pos())] = true
		}
	}
	graph := funcs.Of(pass)
	p.graph = graph
	decls := graph.Decls

	// Summaries grow monotonically. The first round visits every function;
	// later rounds only the callers of functions whose summary changed, up
	// to maxRounds, a bound that covers the call chains seen in practice.
	//
	// Every sink is a Kubernetes API field, an apply configuration or an
	// annotation, so a package that depends on no Kubernetes library (and
	// no api-packages are set) can only have summaries: nothing to report.
	// Otherwise each visit also records the function's sinks, replacing
	// those of its previous visit. When the fixed point converges, the last
	// visit of every function came after the last change of each callee's
	// summary (a change puts the callers back on the list), so its sinks
	// are those a separate walk with the final summaries would find, and
	// that walk is saved; when the bound stops it, the walk is made.
	reporting := k8s.DependsOnKubernetes(pass.Pkg) || len(cfg.APIPackages) > 0
	//
	// The fixed point runs again, from every function, while the package's
	// channel fields (fields.go) gained stores, sinks or sorts: a read
	// walked before a store was seen is walked again after it.
	var converged bool
	for range maxFieldPasses {
		before := p.fields.size()
		converged = graph.Fixpoint(maxRounds, funcs.Callers, func(decl *ast.FuncDecl) bool {
			p.changed = false
			p.analyze(decl, reporting)
			return p.changed
		})
		if p.fields.size() == before {
			break
		}
	}
	if reporting && !converged {
		for _, decl := range decls {
			p.analyze(decl, true)
		}
	}
	p.collect(decls)
	p.exportFacts(decls)
	p.exportFieldFacts()
	p.exportMethodFacts()
	p.report()
	p.wirings(astutil.CodeFiles(pass.Fset, pass.Files))
	return nil, nil
}

// maxRounds bounds the rounds of the summary fixed point: a chain of
// helpers in one package returning map order to each other is followed
// this many calls deep (see the doc's Limits).
const maxRounds = 6

// pkgState is the per-package analysis state.
type pkgState struct {
	graph      *funcs.Graph
	flow       *flow.Result // where objects go
	pass       *analysis.Pass
	api        *k8s.APITypes
	summaries  map[*types.Func]*summary
	states     map[*ast.FuncDecl]*fnState // each function's walk state, kept between visits
	origins    map[originKey]*origin
	marked     map[markKey]*origin // origins marked after a parameter's entries (fnState.loopOrigins)
	findings   map[*origin]*finding
	reached    map[*ast.FuncDecl][]reach  // by function, from its last visit
	imported   map[*types.Func]*orderFact // facts of other packages' functions, nil for none
	generated  map[*token.File]bool
	fieldNames map[*types.Var]string
	fields     fieldState            // channel fields (fields.go)
	methods    map[methodResult]sink // results of the package's interface methods that reach a sink (ifaces.go)
	exposures  map[*ast.FuncDecl]*exposure
	changed    bool
}

// maxWalks bounds the walks of one function that collect what its
// statements put into values and clear (the engine carries it on before
// the next); a last walk then records sinks and the summary.
const maxWalks = 4

func (p *pkgState) analyze(decl *ast.FuncDecl, report bool) {
	s := p.states[decl]
	if s == nil && !p.exposed(decl) {
		// No order can enter it (exposure.go): its summary is empty.
		if fn, ok := p.pass.TypesInfo.Defs[decl.Name].(*types.Func); ok {
			p.summaryOf(fn)
		}
		return
	}
	if s == nil {
		if s = p.newState(decl); s == nil {
			return
		}
		p.states[decl] = s
	}
	if s.t == nil {
		return // no SSA form: said by the flow engine's users
	}
	// The labels the statements put are kept from a previous visit (they
	// only grow); the engine carries them again with the callees'
	// summaries as they are now.
	s.report, s.final = report, false
	s.t.Solve()
	for range maxWalks {
		s.block(decl.Body.List, nil)
		if !s.t.Dirty() {
			break
		}
		s.t.Solve()
	}
	s.final = true
	if report {
		p.reached[decl] = p.reached[decl][:0]
	}
	s.block(decl.Body.List, nil)
	// A pointer or slice parameter that ends up holding map order was
	// filled; so was a list of objects (one the helper has the cache fill).
	for v, i := range s.params {
		if isPointerToSlice(v.Type()) || isSlice(v.Type()) || isObjectList(v.Type()) {
			p.addOrigins(s.sum.fills, i, s.t.ParamHolds(i))
		}
	}
}

// newState returns the walk state of decl, with its engine Taint; nil for
// a declaration without a function.
func (p *pkgState) newState(decl *ast.FuncDecl) *fnState {
	fn, _ := p.pass.TypesInfo.Defs[decl.Name].(*types.Func)
	if fn == nil {
		return nil
	}
	s := &fnState{
		p:      p,
		fn:     fn,
		sum:    p.summaryOf(fn),
		params: map[*types.Var]int{},
		litCtx: map[*ast.FuncLit]*loopCtx{},
		body:   decl.Body,
		decl:   decl,
	}
	sig := fn.Type().(*types.Signature)
	for i := range sig.Params().Len() {
		s.params[sig.Params().At(i)] = i
	}
	s.t = flow.NewTaint(p.flow, fn, flow.TaintRules[*origin]{
		Param: func(i int) []*origin {
			if i >= sig.Params().Len() || !orderedContent(sig.Params().At(i).Type()) {
				return nil
			}
			return taint{p.origin(decl, i, func() *origin {
				return &origin{kind: paramOrigin, param: i}
			})}
		},
		Call:  s.callTaints,
		Field: s.fieldRule,
	})
	return s
}
