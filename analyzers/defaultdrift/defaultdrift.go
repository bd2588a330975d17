package defaultdrift

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/astutil"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/defaults"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/directive"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/flow"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/funcs"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/k8s"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/live"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/settings"
)

//go:embed doc.go
var doc string

// Config holds the settings of defaultdrift: extra-fields adds
// server-defaulted fields (a defaulting webhook's, or a custom
// resource's), ignore-fields leaves fields of the table out.
type Config = settings.Fields

// Validate reports the first bad setting, naming its key.
func Validate(c Config) error { return table.Validate(c) }

// table is the list of server-defaulted fields that the settings adjust.
var table = settings.FieldTable{
	Analyzer: "defaultdrift",
	Form:     "Type.Field",
	Spelled: func(k string) bool {
		typ, name, ok := strings.Cut(k, ".")
		return ok && token.IsExported(typ) && token.IsExported(name) && token.IsIdentifier(typ) && token.IsIdentifier(name)
	},
	Entry: "a server-defaulted field",
	Holds: func(k string) bool {
		typ, name, _ := strings.Cut(k, ".")
		return slices.ContainsFunc(defaults.All(), func(f defaults.Field) bool { return f.Type == typ && f.Name == name })
	},
}

// Analyzer reports strict drift checks that server defaulting keeps unequal.
var Analyzer = New(Config{})

// New returns a defaultdrift analyzer with the given settings.
func New(cfg Config) *analysis.Analyzer {
	a := directive.New("defaultdrift", doc, func(pass *analysis.Pass) (any, error) {
		if err := Validate(cfg); err != nil {
			return nil, err
		}
		return run(pass, cfg)
	}, []*analysis.Analyzer{live.Analyzer, flow.Analyzer, funcs.Analyzer}, new(builderFact))
	table.Flags(&a.Flags, &cfg, "comma-separated Type.Field server-defaulted fields to add", "comma-separated Type.Field fields to leave out")
	return a
}

// A builderFact says which fields a function sets on its result (a
// builder) and on the objects its pointer parameters point to, and, for a
// mutator, which parts of its desired and live parameters it compares
// strictly (see mutator.go).
type builderFact struct {
	Result  *shape
	Params  map[int]*shape
	Mutates []mutation
}

func (*builderFact) AFact() {}

// equal reports whether f and g say the same (their shapes are sorted).
func (f *builderFact) equal(g *builderFact) bool {
	if !f.Result.equal(g.Result) || len(f.Params) != len(g.Params) || !slices.Equal(f.Mutates, g.Mutates) {
		return false
	}
	for i, s := range f.Params {
		if !s.equal(g.Params[i]) {
			return false
		}
	}
	return true
}
func (f *builderFact) String() string {
	var parts []string
	if f.Result != nil {
		parts = append(parts, fmt.Sprintf("result sets %d", len(f.Result.Set)))
	}
	var idx []int
	for i := range f.Params {
		idx = append(idx, i)
	}
	sort.Ints(idx)
	for _, i := range idx {
		parts = append(parts, fmt.Sprintf("param %d sets %d", i, len(f.Params[i].Set)))
	}
	if len(f.Mutates) > 0 {
		parts = append(parts, fmt.Sprintf("compares %d", len(f.Mutates)))
	}
	return "builds(" + strings.Join(parts, ", ") + ")"
}

// maxRounds bounds the builder summaries' fixed point (see Bounds).
const maxRounds = 4

// shapeDepth bounds how many local variables are followed to a literal.
const shapeDepth = 4

type checker struct {
	pass      *analysis.Pass
	cfg       Config
	graph     *funcs.Graph
	live      *live.Result
	summaries map[*types.Func]*builderFact
	changed   bool
	flow      *flow.Result
	// handedTo is the call mutatorCalls examines, which shapes ignore.
	handedTo *ast.CallExpr
}

func run(pass *analysis.Pass, cfg Config) (any, error) {
	if k8s.IsStdlib(pass.Pkg) || k8s.IsKubernetesLibrary(pass) || !k8s.DependsOn(pass.Pkg, "k8s.io/api/core/v1") {
		return nil, nil // no Kubernetes object is built here
	}
	c := &checker{pass: pass, cfg: cfg, graph: funcs.Of(pass), live: pass.ResultOf[live.Analyzer].(*live.Result),
		summaries: map[*types.Func]*builderFact{}}
	c.flow = pass.ResultOf[flow.Analyzer].(*flow.Result)
	c.graph.Fixpoint(maxRounds, funcs.Callers, func(fd *ast.FuncDecl) bool {
		c.changed = false
		c.summarise(fd)
		return c.changed
	})
	for _, fd := range c.graph.Decls {
		if fn := c.graph.Func(fd); fn != nil {
			if m := c.mutations(fd); len(m) > 0 {
				if c.summaries[fn] == nil {
					c.summaries[fn] = &builderFact{}
				}
				c.summaries[fn].Mutates = m
			}
		}
	}
	for _, fd := range c.graph.Decls {
		if fn := c.graph.Func(fd); fn != nil {
			if s := c.summaries[fn]; s != nil && (s.Result != nil || len(s.Params) > 0 || len(s.Mutates) > 0) {
				pass.ExportObjectFact(fn, s)
			}
		}
	}
	var list []analysis.Diagnostic
	for _, f := range astutil.CodeFiles(pass.Fset, pass.Files) {
		if directive.IsGenerated(pass, f) {
			continue
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				list = append(list, c.comparisons(fd)...)
				list = append(list, c.mutatorCalls(fd)...)
			}
		}
	}
	sort.SliceStable(list, func(i, j int) bool { return list[i].Pos < list[j].Pos })
	for _, d := range list {
		pass.Report(d)
	}
	return nil, nil
}

// summarise records what fd sets on its result and pointer parameters.
func (c *checker) summarise(fd *ast.FuncDecl) {
	fn := c.graph.Func(fd)
	if fn == nil {
		return
	}
	info := c.pass.TypesInfo
	sig := fn.Type().(*types.Signature)
	f := &builderFact{}
	// The result: the union of what every return gives; unknown if one
	// return gives something not known.
	ri := -1
	for i := range sig.Results().Len() {
		if holdsStruct(sig.Results().At(i).Type()) && isAPI(sig.Results().At(i).Type()) {
			ri = i
			break
		}
	}
	if ri >= 0 {
		res := &shape{}
		known := false
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			if _, ok := n.(*ast.FuncLit); ok {
				return false
			}
			ret, ok := n.(*ast.ReturnStmt)
			if !ok || len(ret.Results) != sig.Results().Len() {
				return true
			}
			r := ret.Results[ri]
			if tv, ok := info.Types[r]; ok && tv.IsNil() {
				return true // an error return
			}
			res.merge("", c.shapeOf(fd, r, shapeDepth))
			known = true
			return true
		})
		if known {
			res.sort()
			f.Result = res
		}
	}
	for i := range sig.Params().Len() {
		v := sig.Params().At(i)
		if !isPointer(v.Type()) || !holdsStruct(v.Type()) || !isAPI(v.Type()) {
			continue
		}
		if s := c.setsOn(fd, v); s != nil && (len(s.Set) > 0 || len(s.Opaque) > 0) {
			s.sort()
			if f.Params == nil {
				f.Params = map[int]*shape{}
			}
			f.Params[i] = s
		}
	}
	if old := c.summaries[fn]; old == nil || !old.equal(f) {
		c.summaries[fn] = f
		c.changed = old != nil || f.Result != nil || len(f.Params) > 0
	}
}

// isAPI reports whether t holds a type of a Kubernetes API package (or an
// operator's, declaring a kind).
func isAPI(t types.Type) bool {
	n := k8s.Named(t)
	for n == nil {
		e, ok := elem(t)
		if !ok {
			return false
		}
		t, n = e, k8s.Named(e)
	}
	return n.Obj().Pkg() != nil && (k8s.IsBuiltinAPIPackage(n.Obj().Pkg()) || k8s.IsKind(n))
}

// setsOn returns what fd sets on the object its parameter v points to.
func (c *checker) setsOn(fd *ast.FuncDecl, v *types.Var) *shape {
	return c.assigned(fd, v, shapeDepth)
}

// resultShape returns what fn's result sets: a summary, a fact, or for an
// interface method the union over the module's implementations.
func (c *checker) resultShape(fn *types.Func) *shape {
	if f := c.summary(fn); f != nil {
		return f.Result
	}
	impls := c.graph.Implementations(c.pass.Pkg, funcs.ModulePath(c.pass), fn)
	if len(impls) == 0 {
		return nil
	}
	out := &shape{}
	for _, m := range impls {
		f := c.summary(m)
		if f == nil || f.Result == nil {
			return nil
		}
		out.merge("", f.Result)
	}
	return out
}

// paramShape returns what fn sets on the object of its parameter i, or
// nil when fn is not known.
func (c *checker) paramShape(fn *types.Func, i int) *shape {
	if fn == nil {
		return nil
	}
	f := c.summary(fn)
	if f == nil {
		return nil
	}
	if s, ok := f.Params[i]; ok {
		return s
	}
	return &shape{} // known, and sets nothing there
}

// isReadOnly reports functions known not to set fields of what they are
// given: the standard library's and the Kubernetes libraries'.
func (c *checker) isReadOnly(fn *types.Func) bool {
	p := fn.Pkg()
	return p == nil || k8s.IsStdlib(p) || strings.HasPrefix(p.Path(), "k8s.io/") || strings.HasPrefix(p.Path(), "sigs.k8s.io/")
}

func (c *checker) summary(fn *types.Func) *builderFact {
	return funcs.Summary(c.pass, c.summaries, fn)
}
