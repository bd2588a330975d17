// Package builders is reconcilelint's engine for the desired side of a
// drift check: which fields the operator's code sets on the objects it
// builds, and which strict comparisons of a live object with a desired one
// decide a write. defaultdrift (fields the server defaults) and
// roundtripdrift (values the server returns in another form) ask the same
// questions of it and differ only in what they look for in the compared
// type.
//
// A builder is a function returning an API object or a ResourceList, or
// filling an object its pointer parameter points to; its Shape is the set of field paths it
// sets ("Spec.Replicas", "Spec.Template.Spec.Containers[].Resources"),
// with the parts handed to code not known marked opaque, and a value
// computed by a quantity function of the Kubernetes libraries (a parse, a
// quota sum) set whole. Summaries reach a
// fixed point over the package's call graph and are exported as a Fact,
// so a builder of another package of the module is known. A mutator is a
// function of a controller framework that compares one part of a desired
// and a live parameter strictly and copies the desired part in when they
// differ (mutator.go); its comparisons are part of the Fact and are
// checked where the framework is handed a desired object.
//
// The shape of a desired value at a comparison (DesiredShape) takes in
// only what the function may do before the comparison runs: a statement
// from which no path of the control-flow graph leads to it (a branch
// that returns first, such as a deletion path) is left out (the flow
// engine's Reaches).
package builders

import (
	"bytes"
	"encoding/gob"
	"fmt"
	"go/ast"
	"go/types"
	"reflect"
	"slices"
	"sort"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/directive"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/flow"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/funcs"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/k8s"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/live"
)

// Analyzer summarises a package's builders and mutators.
var Analyzer = directive.Guard(&analysis.Analyzer{
	Name:       "reconcilelintbuilders",
	Doc:        "tell which fields the operator's builders set and which mutators compare strictly (engine of defaultdrift and roundtripdrift)",
	Run:        run,
	ResultType: reflect.TypeFor[*Result](),
	Requires:   []*analysis.Analyzer{live.Analyzer, flow.Analyzer, funcs.Analyzer},
	FactTypes:  []analysis.Fact{new(Fact)},
})

// A Fact says which fields a function sets on its result (a builder) and
// on the objects its pointer parameters point to, and, for a mutator,
// which parts of its desired and live parameters it compares strictly
// (see mutator.go).
type Fact struct {
	Result  *Shape
	Params  map[int]*Shape
	Mutates []Mutation
	// Equal says the function returns a strict comparison of two of its
	// parameters (a helper wrapping reflect.DeepEqual).
	Equal bool
}

func (*Fact) AFact() {}

// factWire is a Fact as it is encoded: the parameters' shapes in the order
// of their index, so that the encoding of one fact is always the same
// (gob writes a map in its iteration order, and the drivers check that a
// fact encodes deterministically).
type factWire struct {
	Result  *Shape
	Index   []int
	Params  []*Shape
	Mutates []Mutation
	Equal   bool
}

// GobEncode encodes the fact with its parameters in index order.
func (f *Fact) GobEncode() ([]byte, error) {
	w := factWire{Result: f.Result, Mutates: f.Mutates, Equal: f.Equal}
	for i := range f.Params {
		w.Index = append(w.Index, i)
	}
	sort.Ints(w.Index)
	for _, i := range w.Index {
		w.Params = append(w.Params, f.Params[i])
	}
	var b bytes.Buffer
	err := gob.NewEncoder(&b).Encode(w)
	return b.Bytes(), err
}

// GobDecode decodes what GobEncode wrote.
func (f *Fact) GobDecode(data []byte) error {
	var w factWire
	if err := gob.NewDecoder(bytes.NewReader(data)).Decode(&w); err != nil {
		return err
	}
	*f = Fact{Result: w.Result, Mutates: w.Mutates, Equal: w.Equal}
	for j, i := range w.Index {
		if j < len(w.Params) {
			if f.Params == nil {
				f.Params = map[int]*Shape{}
			}
			f.Params[i] = w.Params[j]
		}
	}
	return nil
}

// equal reports whether f and g say the same (their shapes are sorted).
func (f *Fact) equal(g *Fact) bool {
	if !f.Result.equal(g.Result) || len(f.Params) != len(g.Params) || !slices.Equal(f.Mutates, g.Mutates) || f.Equal != g.Equal {
		return false
	}
	for i, s := range f.Params {
		if !s.equal(g.Params[i]) {
			return false
		}
	}
	return true
}

func (f *Fact) String() string {
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
	if f.Equal {
		parts = append(parts, "strict equality")
	}
	return "builds(" + strings.Join(parts, ", ") + ")"
}

// maxRounds bounds the builder summaries' fixed point (see funcs.Bounds).
const maxRounds = 4

// shapeDepth bounds how many local variables are followed to a literal.
const shapeDepth = 4

// Result answers for one package. A nil *Result (a package that builds no
// Kubernetes object) answers nothing.
type Result struct {
	pass      *analysis.Pass
	graph     *funcs.Graph
	live      *live.Result
	summaries map[*types.Func]*Fact
	changed   bool
	// Flow is the package's value-flow result (Decides).
	Flow *flow.Result
	// handedTo is the call MutatorCalls examines, which shapes ignore.
	handedTo *ast.CallExpr
	// until, in untilFD, is the comparison DesiredShape answers for: what
	// fd does on no path to it is not part of the shape.
	until   ast.Expr
	untilFD *ast.FuncDecl
	// emptyVars memoises mayBeEmpty for local variables.
	emptyVars map[*types.Var]bool
	// wrappers are the package's functions returning a strict comparison
	// of two of their parameters.
	wrappers map[*types.Func]bool
	// mu guards handedTo and emptyVars once run has returned.
	mu sync.Mutex
}

func run(pass *analysis.Pass) (any, error) {
	if k8s.IsStdlib(pass.Pkg) || k8s.IsKubernetesLibrary(pass) || !k8s.DependsOn(pass.Pkg, "k8s.io/api/core/v1") {
		return (*Result)(nil), nil // no Kubernetes object is built here
	}
	c := &Result{pass: pass, graph: funcs.Of(pass), live: pass.ResultOf[live.Analyzer].(*live.Result),
		summaries: map[*types.Func]*Fact{}, emptyVars: map[*types.Var]bool{}}
	c.Flow = pass.ResultOf[flow.Analyzer].(*flow.Result)
	c.findWrappers()
	c.graph.Fixpoint(maxRounds, funcs.Callers, func(fd *ast.FuncDecl) bool {
		c.changed = false
		c.summarise(fd)
		return c.changed
	})
	for _, fd := range c.graph.Decls {
		if fn := c.graph.Func(fd); fn != nil {
			if m := c.mutations(fd); len(m) > 0 {
				if c.summaries[fn] == nil {
					c.summaries[fn] = &Fact{}
				}
				c.summaries[fn].Mutates = m
			}
		}
	}
	c.graph.Fixpoint(maxRounds, funcs.Callers, func(fd *ast.FuncDecl) bool {
		fn := c.graph.Func(fd)
		if fn == nil {
			return false
		}
		added := false
		for _, m := range c.comparedParams(fd) {
			added = c.addCompared(fn, m) || added
		}
		return added
	})
	for _, fd := range c.graph.Decls {
		if fn := c.graph.Func(fd); fn != nil {
			if s := c.summaries[fn]; s != nil && (s.Result != nil || len(s.Params) > 0 || len(s.Mutates) > 0 || s.Equal) {
				pass.ExportObjectFact(fn, s)
			}
		}
	}
	return c, nil
}

// summarise records what fd sets on its result and pointer parameters.
func (c *Result) summarise(fd *ast.FuncDecl) {
	fn := c.graph.Func(fd)
	if fn == nil {
		return
	}
	info := c.pass.TypesInfo
	sig := fn.Type().(*types.Signature)
	f := &Fact{Equal: c.wrappers[fn]}
	// The result: the union of what every return gives; unknown if one
	// return gives something not known.
	ri := -1
	for i := range sig.Results().Len() {
		if rt := sig.Results().At(i).Type(); holdsStruct(rt) && IsAPI(rt) || isResourceList(rt) {
			ri = i
			break
		}
	}
	if ri >= 0 {
		res := &Shape{}
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
		if !isPointer(v.Type()) || !holdsStruct(v.Type()) || !IsAPI(v.Type()) {
			continue
		}
		if s := c.setsOn(fd, v); s != nil && (len(s.Set) > 0 || len(s.Opaque) > 0) {
			s.sort()
			if f.Params == nil {
				f.Params = map[int]*Shape{}
			}
			f.Params[i] = s
		}
	}
	if old := c.summaries[fn]; old == nil || !old.equal(f) {
		c.summaries[fn] = f
		c.changed = old != nil || f.Result != nil || len(f.Params) > 0 || f.Equal
	}
}

// IsAPI reports whether t holds a type of a Kubernetes API package (or an
// operator's, declaring a kind).
func IsAPI(t types.Type) bool {
	n := k8s.Named(t)
	for n == nil {
		e, ok := Elem(t)
		if !ok {
			return false
		}
		t, n = e, k8s.Named(e)
	}
	return n.Obj().Pkg() != nil && (k8s.IsBuiltinAPIPackage(n.Obj().Pkg()) || k8s.IsKind(n))
}

// setsOn returns what fd sets on the object its parameter v points to.
func (c *Result) setsOn(fd *ast.FuncDecl, v *types.Var) *Shape {
	return c.assigned(fd, v, shapeDepth)
}

// resultShape returns what fn's result sets: a summary, a fact, or for an
// interface method the union over the module's implementations.
func (c *Result) resultShape(fn *types.Func) *Shape {
	if f := c.summary(fn); f != nil {
		return f.Result
	}
	impls := c.graph.Implementations(c.pass.Pkg, funcs.ModulePath(c.pass), fn)
	if len(impls) == 0 {
		return nil
	}
	out := &Shape{}
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
func (c *Result) paramShape(fn *types.Func, i int) *Shape {
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
	return &Shape{} // known, and sets nothing there
}

// isReadOnly reports functions known not to set fields of what they are
// given: the standard library's and the Kubernetes libraries'.
func (c *Result) isReadOnly(fn *types.Func) bool {
	p := fn.Pkg()
	return p == nil || k8s.IsStdlib(p) || strings.HasPrefix(p.Path(), "k8s.io/") || strings.HasPrefix(p.Path(), "sigs.k8s.io/")
}

func (c *Result) summary(fn *types.Func) *Fact {
	return funcs.Summary(c.pass, c.summaries, fn)
}

// Summary returns what is known of fn, a function of this package or, by
// its Fact, of another; nil when nothing is.
func (c *Result) Summary(fn *types.Func) *Fact {
	if c == nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	f := c.summary(fn)
	if f == nil || f.Result == nil && len(f.Params) == 0 && len(f.Mutates) == 0 && !f.Equal {
		return nil
	}
	return f
}
