package flow_test

import (
	"go/ast"
	"go/token"
	"go/types"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/astutil"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/flow"
	"github.com/reconcilelint/reconcilelint/internal/repotest"
)

// probe reports, at every call probe(x) of a variable x, why x is live.
var probe = repotest.Probe("probe", []*analysis.Analyzer{flow.Analyzer}, func(pass *analysis.Pass, call *ast.CallExpr) {
	if id, ok := call.Fun.(*ast.Ident); !ok || id.Name != "probe" || len(call.Args) != 1 {
		return
	}
	v := astutil.RootVar(pass.TypesInfo, call.Args[0])
	if v == nil {
		return
	}
	if why := pass.ResultOf[flow.Analyzer].(*flow.Result).Var(v); why != flow.NotLive {
		pass.Reportf(call.Pos(), "%s: %s", v.Name(), why)
	}
})

// where reports, at every call where(x), where the object of x goes.
var where = repotest.Probe("where", []*analysis.Analyzer{flow.Analyzer}, func(pass *analysis.Pass, call *ast.CallExpr) {
	if id, ok := call.Fun.(*ast.Ident); !ok || id.Name != "where" || len(call.Args) != 1 {
		return
	}
	pass.Reportf(call.Pos(), "%s", pass.ResultOf[flow.Analyzer].(*flow.Result).Where(call.Args[0], true).Set)
})

// decides reports every call of a function named stale whose result
// decides a write.
var decides = repotest.Probe("decides", []*analysis.Analyzer{flow.Analyzer}, func(pass *analysis.Pass, call *ast.CallExpr) {
	if id, ok := call.Fun.(*ast.Ident); ok && id.Name == "stale" && pass.ResultOf[flow.Analyzer].(*flow.Result).Decides(call) {
		pass.Reportf(call.Pos(), "decides a write")
	}
})

func TestDecides(t *testing.T) {
	repotest.Run(t, decides, "flow/decides")
}

func TestWhere(t *testing.T) {
	repotest.Run(t, where, "flow/dest")
}

func TestChurns(t *testing.T) {
	for _, c := range []struct {
		s    flow.Set
		want bool
	}{
		{0, true}, {flow.Created, false}, {flow.Exported, false}, {flow.Created | flow.Exported, false},
		{flow.Created | flow.Written, true}, {flow.Compared, true}, {flow.Unknown | flow.Exported, true},
	} {
		if got := c.s.Churns(); got != c.want {
			t.Errorf("%v.Churns() = %v, want %v", c.s, got, c.want)
		}
	}
}

func TestFollow(t *testing.T) {
	repotest.Run(t, probe, "flow/follow")
}

func TestFacts(t *testing.T) {
	repotest.Run(t, flow.Analyzer, "flow/dep", "flow/queue")
}

// TestMapMerges checks which helpers are summarised as preserving map
// merges, in a package that names no Kubernetes object.
func TestMapMerges(t *testing.T) {
	repotest.Run(t, flow.Analyzer, "merge/helpers")
}

// created reports, at every call created(x) of a parameter x, whether its
// callers hand it live objects only to create them.
var created = repotest.Probe("created", []*analysis.Analyzer{flow.Analyzer}, func(pass *analysis.Pass, call *ast.CallExpr) {
	if id, ok := call.Fun.(*ast.Ident); !ok || id.Name != "created" || len(call.Args) != 1 {
		return
	}
	if v := astutil.RootVar(pass.TypesInfo, call.Args[0]); v != nil && pass.ResultOf[flow.Analyzer].(*flow.Result).ParamOnlyCreated(v) {
		pass.Reportf(call.Pos(), "%s: only created", v.Name())
	}
})

func TestParamOnlyCreated(t *testing.T) {
	repotest.Run(t, created, "flow/created")
}

// sources reports, at every call same(a, b), whether the two values may
// be computed from the same things (flow.Sources share one, or one is
// unknown).
var sources = repotest.Probe("sources", []*analysis.Analyzer{flow.Analyzer}, func(pass *analysis.Pass, call *ast.CallExpr) {
	if id, ok := call.Fun.(*ast.Ident); !ok || id.Name != "same" || len(call.Args) != 2 {
		return
	}
	r := pass.ResultOf[flow.Analyzer].(*flow.Result)
	a, b := r.Sources(call.Args[0]), r.Sources(call.Args[1])
	switch {
	case a == nil || b == nil:
		pass.Reportf(call.Pos(), "unknown")
	default:
		for s := range a {
			if b[s] {
				pass.Reportf(call.Pos(), "shared")
				return
			}
		}
		pass.Reportf(call.Pos(), "apart")
	}
})

func TestSources(t *testing.T) {
	repotest.Run(t, sources, "flow/provenance")
}

// locals reports, at every call computed(x) or computed(&x), the
// expression that computes x's value (flow.Result.Computed), or that it is
// a constant (Constant); at allocated(x), whether the variable
// x holds only objects its function allocates (Allocated); and at
// located(x), what the values of x are rooted at and the path from there
// to the expression x (LocateVar and Locate); at built(x), whether x is a
// call that makes a new object (Built).
var locals = repotest.Probe("locals", []*analysis.Analyzer{flow.Analyzer}, func(pass *analysis.Pass, call *ast.CallExpr) {
	id, ok := call.Fun.(*ast.Ident)
	if !ok || len(call.Args) != 1 {
		return
	}
	r := pass.ResultOf[flow.Analyzer].(*flow.Result)
	v := astutil.RootVar(pass.TypesInfo, call.Args[0])
	switch id.Name {
	case "computed":
		arg := call.Args[0]
		if u, ok := arg.(*ast.UnaryExpr); ok && u.Op == token.AND {
			arg = u.X // computed(&t): what t holds where its address is taken
		}
		if e := r.Computed(arg); e != nil {
			pass.Reportf(call.Pos(), "computed by %s", types.ExprString(e))
		} else if r.Constant(call.Args[0]) {
			pass.Reportf(call.Pos(), "constant")
		} else {
			pass.Reportf(call.Pos(), "not known")
		}
	case "built":
		if r.Built(call.Args[0]) {
			pass.Reportf(call.Pos(), "built")
		} else {
			pass.Reportf(call.Pos(), "not built")
		}
	case "allocated":
		if v != nil && r.Allocated(v) {
			pass.Reportf(call.Pos(), "%s: allocated", v.Name())
		}
	case "located":
		loc := r.Locate(call.Args[0])
		var root string
		if v != nil && r.LocateVar(v).Root != nil {
			root = r.LocateVar(v).Root.Name()
		}
		pass.Reportf(call.Pos(), "at %s; %q from %s", root, loc.Path(len(loc.Hops)-1), loc.Root.Name())
	}
})

func TestLocals(t *testing.T) {
	repotest.Run(t, locals, "flow/locals")
}

// concurrent asks, from several goroutines at once, the questions that
// read the Summaries of the calls of other packages' functions (Where,
// through the helpers a value is handed to; Built and Decides, through
// the calls they look at), as the analyzers of one package do under
// golangci-lint. It reports nothing: run with -race (make test does), it
// fails on an unguarded memo.
var concurrent = &analysis.Analyzer{
	Name:     "concurrent",
	Doc:      "ask the flow engine's questions from several goroutines (tests only)",
	Requires: []*analysis.Analyzer{flow.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		r := pass.ResultOf[flow.Analyzer].(*flow.Result)
		var calls []*ast.CallExpr
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				if call, ok := n.(*ast.CallExpr); ok {
					calls = append(calls, call)
				}
				return true
			})
		}
		var wg sync.WaitGroup
		for i := range 4 {
			wg.Go(func() {
				for _, call := range calls {
					switch i % 2 {
					case 0:
						for _, arg := range call.Args {
							r.Where(arg, true)
						}
					case 1:
						r.Built(call)
						r.Decides(call)
					}
				}
			})
		}
		wg.Wait()
		return nil, nil
	},
}

func TestConcurrentQuestions(t *testing.T) {
	repotest.Run(t, concurrent, "flow/concurrent")
}
