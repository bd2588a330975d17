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

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analysisdoc"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/astutil"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/defaults"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/directive"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/funcs"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/k8s"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/live"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/settings"
)

//go:embed doc.go
var doc string

// Config holds the settings of defaultdrift.
type Config struct {
	// ExtraFields adds server-defaulted fields, as Type.Field
	// ("extra-fields"): a defaulting webhook's, or a custom resource's.
	ExtraFields []string `json:"extra-fields"`
	// IgnoreFields removes fields from the table ("ignore-fields").
	IgnoreFields []string `json:"ignore-fields"`
}

// Validate reports the first bad setting, naming its key.
func (c Config) Validate() error {
	if err := validateFields("defaultdrift.extra-fields", c.ExtraFields); err != nil {
		return err
	}
	if err := validateFields("defaultdrift.ignore-fields", c.IgnoreFields); err != nil {
		return err
	}
	for i, k := range c.IgnoreFields {
		if !c.known(k) {
			return fmt.Errorf("defaultdrift.ignore-fields[%d]: %q is neither a server-defaulted field nor in extra-fields", i, k)
		}
	}
	return nil
}

func validateFields(key string, list []string) error {
	for i, k := range list {
		typ, name, ok := strings.Cut(k, ".")
		if !ok || !token.IsExported(typ) || !token.IsExported(name) || !token.IsIdentifier(typ) || !token.IsIdentifier(name) {
			return fmt.Errorf("%s[%d]: %q is not a field of the form Type.Field", key, i, k)
		}
	}
	return nil
}

func (c Config) known(k string) bool {
	if slices.Contains(c.ExtraFields, k) {
		return true
	}
	typ, name, _ := strings.Cut(k, ".")
	for _, f := range defaults.All() {
		if f.Type == typ && f.Name == name {
			return true
		}
	}
	return false
}

// Analyzer reports strict drift checks that server defaulting keeps unequal.
var Analyzer = New(Config{})

// New returns a defaultdrift analyzer with the given settings.
func New(cfg Config) *analysis.Analyzer {
	a := &analysis.Analyzer{
		Name:      "defaultdrift",
		Doc:       analysisdoc.MustExtract(doc, "defaultdrift"),
		URL:       "https://github.com/reconcilelint/reconcilelint/blob/main/docs/analyzers.md#defaultdrift",
		Requires:  []*analysis.Analyzer{live.Analyzer, funcs.Analyzer},
		FactTypes: []analysis.Fact{new(builderFact)},
	}
	a.Flags.Var(settings.NewList("defaultdrift.extra-fields", &cfg.ExtraFields, validateFields), "extra-fields",
		"comma-separated Type.Field server-defaulted fields to add")
	a.Flags.Var(settings.NewList("defaultdrift.ignore-fields", &cfg.IgnoreFields, validateFields), "ignore-fields",
		"comma-separated Type.Field fields to leave out")
	a.Run = func(pass *analysis.Pass) (any, error) {
		if err := cfg.Validate(); err != nil {
			return nil, err
		}
		return run(pass, cfg)
	}
	return directive.Wrap(a)
}

// A builderFact says which fields a function sets on its result (a
// builder) and on the objects its pointer parameters point to.
type builderFact struct {
	Result *shape
	Params map[int]*shape
}

func (*builderFact) AFact() {}

// equal reports whether f and g say the same (their shapes are sorted).
func (f *builderFact) equal(g *builderFact) bool {
	if !f.Result.equal(g.Result) || len(f.Params) != len(g.Params) {
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
	writes    map[*ast.FuncDecl]bool
}

func run(pass *analysis.Pass, cfg Config) (any, error) {
	if k8s.IsStdlib(pass.Pkg) || k8s.IsKubernetesLibrary(pass) || !k8s.DependsOn(pass.Pkg, "k8s.io/api/core/v1") {
		return nil, nil // no Kubernetes object is built here
	}
	c := &checker{pass: pass, cfg: cfg, graph: funcs.Of(pass), live: pass.ResultOf[live.Analyzer].(*live.Result),
		summaries: map[*types.Func]*builderFact{}, writes: map[*ast.FuncDecl]bool{}}
	c.graph.Fixpoint(maxRounds, funcs.Callers, func(fd *ast.FuncDecl) bool {
		c.changed = false
		c.summarise(fd)
		return c.changed
	})
	for _, fd := range c.graph.Decls {
		if fn := c.graph.Func(fd); fn != nil {
			if s := c.summaries[fn]; s != nil && (s.Result != nil || len(s.Params) > 0) {
				pass.ExportObjectFact(fn, s)
			}
		}
	}
	var list []analysis.Diagnostic
	for _, f := range pass.Files {
		if directive.IsGenerated(pass, f) || astutil.IsTestFile(pass.Fset, f.Pos()) {
			continue // a test compares expected objects on purpose
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				list = append(list, c.comparisons(fd)...)
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
		if _, ok := types.Unalias(v.Type()).Underlying().(*types.Pointer); !ok || !holdsStruct(v.Type()) || !isAPI(v.Type()) {
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
		switch u := types.Unalias(t).Underlying().(type) {
		case *types.Pointer:
			t = u.Elem()
		case *types.Slice:
			t = u.Elem()
		default:
			return false
		}
		n = k8s.Named(t)
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
	impls := c.graph.Implementations(c.pass.Pkg, modulePath(c.pass), fn)
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

func modulePath(pass *analysis.Pass) string {
	if pass.Module != nil {
		return pass.Module.Path
	}
	return ""
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
