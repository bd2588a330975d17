// Package strand is the engine behind stalekey and presencedrift: which
// annotation and label keys the package writes into desired maps only on
// some paths, which preserving merges into live objects keep such a key
// once it is no longer desired (the key "strands"), and where the package
// deletes keys by name. stalekey reports the merges; presencedrift uses the
// stranded keys to tell a presence check that loops for ever from one that
// is merely imprecise. Both require the same engine, built from the same
// Config, so it runs once per package and both see the same owned prefixes.
// The custom resource maps that an exported builder puts into what it
// builds cross packages as facts of the Flows analyzer, which takes no
// settings, so that every engine reads the same ones.
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
	"github.com/reconcilelint/reconcilelint/analyzers/internal/flow"
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
	FromPos []token.Pos // where each of From flows in (NoPos: in another package)
	FromAt  []string    // for a flow in another package's builder: where (file:line); "" otherwise
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
		Requires:   []*analysis.Analyzer{flow.Analyzer, live.Analyzer, merge.Analyzer, directive.Analyzer, funcs.Analyzer, uses.Analyzer, Flows},
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

type state struct {
	result *Result
	pass   *analysis.Pass
	cfg    Config
	live   *live.Result
	merges *merge.Result
	funcs  map[*types.Func]*ast.FuncDecl
	graph  *funcs.Graph
	writes []write
	flow   *flow.Result // the kinds of map variables and results
	// imported gives the flows of other packages' builders (FlowsFact).
	imported *Imported
	deletes  map[*ast.FuncDecl]map[string]token.Pos // memo of deletesOf
	api      *k8s.APITypes
	// callsOf holds the calls of each package function, and calledIf
	// whether they all run only on some paths of their callers (asked
	// once, for a function whose writes are asked about: onlyIf).
	callsOf  map[*ast.FuncDecl][]noted
	calledIf map[*ast.FuncDecl]bool
}

func run(pass *analysis.Pass, cfg Config) (any, error) {
	result := &Result{Strands: map[string][]token.Pos{}, Deleted: map[string][]token.Pos{}, Written: map[string][]token.Pos{}}
	if k8s.Irrelevant(pass) {
		return result, nil // fast path: no operator merges here
	}
	s := &state{
		result:   result,
		pass:     pass,
		cfg:      cfg,
		live:     pass.ResultOf[live.Analyzer].(*live.Result),
		merges:   pass.ResultOf[merge.Analyzer].(*merge.Result),
		funcs:    map[*types.Func]*ast.FuncDecl{},
		graph:    funcs.Of(pass),
		flow:     pass.ResultOf[flow.Analyzer].(*flow.Result),
		imported: pass.ResultOf[Flows].(*Imported),
		deletes:  map[*ast.FuncDecl]map[string]token.Pos{},
		api:      k8s.NewAPITypes(nil),

		callsOf:  map[*ast.FuncDecl][]noted{},
		calledIf: map[*ast.FuncDecl]bool{},
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
