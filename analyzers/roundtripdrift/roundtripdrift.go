package roundtripdrift

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"sort"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/astutil"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/builders"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/directive"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/flow"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/k8s"
)

//go:embed doc.go
var doc string

// Analyzer reports strict comparisons that the API server's round trip
// keeps unequal.
var Analyzer = New()

// New returns a roundtripdrift analyzer.
func New() *analysis.Analyzer {
	return directive.New("roundtripdrift", doc, run, []*analysis.Analyzer{builders.Analyzer})
}

type checker struct {
	pass *analysis.Pass
	b    *builders.Result
}

func run(pass *analysis.Pass) (any, error) {
	b := pass.ResultOf[builders.Analyzer].(*builders.Result)
	if b == nil {
		return nil, nil // no Kubernetes object is built here
	}
	c := &checker{pass: pass, b: b}
	var list []analysis.Diagnostic
	for _, f := range astutil.CodeFiles(pass.Fset, pass.Files) {
		if directive.IsGenerated(pass, f) {
			continue
		}
		fx := newFixer(pass, f)
		start := len(list)
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			for _, cm := range b.Comparisons(fd) {
				if cm.BothLive {
					// A copy of the live object whose compared part the
					// operator set: either side may be it.
					if d, ok := c.compare(fd, cm, fx); ok {
						list = append(list, d)
					} else if d, ok := c.compare(fd, builders.Comparison{Cmp: cm.Cmp, Live: cm.Desired, Desired: cm.Live, Fn: cm.Fn, Wrapper: cm.Wrapper, BothLive: true}, fx); ok {
						list = append(list, d)
					}
					continue
				}
				if d, ok := c.compare(fd, cm, fx); ok {
					list = append(list, d)
				}
			}
			for _, mc := range b.MutatorCalls(fd) {
				if d, ok := c.mutators(mc, false); ok {
					list = append(list, d)
				}
			}
			for _, mc := range b.DirectMutatorCalls(fd) {
				if d, ok := c.mutators(mc, true); ok {
					list = append(list, d)
				}
			}
		}
		fx.finish(list[start:])
	}
	sort.SliceStable(list, func(i, j int) bool { return list[i].Pos < list[j].Pos })
	for _, d := range list {
		pass.Report(d)
	}
	return nil, nil
}

// compare reports a strict comparison of a live and a desired value when a
// cause of the round trip is in the desired value and the comparison
// decides a write.
func (c *checker) compare(fd *ast.FuncDecl, cm builders.Comparison, fx *fixer) (analysis.Diagnostic, bool) {
	var none analysis.Diagnostic
	info := c.pass.TypesInfo
	root, livePath := c.objectPart(cm.Live)
	if root == nil {
		return none, false
	}
	got, where := c.b.DesiredShape(fd, cm.Desired, cm.Cmp)
	if (cm.BothLive || cm.Written) && (got == nil || len(got.Set) == 0 && len(got.Empty) == 0 && len(got.Now) == 0) {
		return none, false // a copy of the live object, or a live side not sure: what the desired side sets must be seen
	}
	t := info.TypeOf(cm.Live)
	found := c.causes(cm, t, root.Type(), livePath, got, func() *builders.Shape {
		s, _ := c.b.DesiredShape(fd, astutil.Root(info, cm.Desired), cm.Cmp)
		return s
	})
	if found == nil || !c.b.Flow.Decides(cm.Cmp) {
		return none, false
	}
	if found.kind == emptyNotNil && lenGuarded(fd, cm) {
		return none, false // `len(a) == 0 && len(b) == 0 || reflect.DeepEqual(a, b)`
	}
	how := c.how(cm)
	lead := c.part(root, livePath) + " compared with " + how
	d := analysis.Diagnostic{Pos: cm.Cmp.Pos(), End: cm.Cmp.End(), Message: found.message(lead, how, kindOf(root.Type()))}
	if where.IsValid() {
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: where, Message: "the desired value is built here"})
	}
	if found.semanticFixes && cm.Fn != nil && k8s.IsFunc(cm.Fn, "reflect", "DeepEqual") {
		fx.offer(&d, cm.Cmp.(*ast.CallExpr))
	}
	return d, true
}

// mutators reports a call that hands a desired object to mutators whose
// strict comparison of a part of it with the live one has a cause of the
// round trip in that part. A direct call of the mutator is reported when
// its answer decides a write; a helper that reads the live object itself
// decides its write inside.
func (c *checker) mutators(mc builders.MutatorCalls, direct bool) (analysis.Diagnostic, bool) {
	var none analysis.Diagnostic
	for _, x := range mc.Calls {
		part := builders.TypeAt(x.Type, x.M.Path)
		if part == nil {
			continue
		}
		cm := builders.Comparison{Cmp: x.Call, Semantic: x.M.Semantic}
		var got *builders.Shape
		if mc.Got != nil {
			got = mc.Got.Sub(x.M.Path)
		}
		found := c.causes(cm, part, x.Type, x.M.Path, got, func() *builders.Shape { return mc.Got })
		if found == nil || direct && !x.M.Decided && !c.b.Flow.Decides(x.Call) {
			continue
		}
		kind := kindOf(x.Type)
		what := "it"
		if x.M.Path != "" {
			what = "its " + x.M.Path
		}
		lead := fmt.Sprintf("desired %s handed to %s, which compares %s strictly with the live one's (%s)", kind, flow.FuncName(c.pass.Pkg, x.Fn), what, x.M.At)
		msg := found.message(lead, "that comparison", kind)
		d := analysis.Diagnostic{Pos: x.Call.Pos(), End: x.Call.End(), Message: msg}
		if mc.Where.IsValid() {
			d.Related = append(d.Related, analysis.RelatedInformation{Pos: mc.Where, Message: "the desired value is built here"})
		}
		return d, true
	}
	return none, false
}

// objectPart returns the variable holding the object e is a part of, and
// the part's path, as the flow engine locates e: through the locals that
// copy or point into it, whatever statement gave them their value (c :=
// pod.Spec.Containers[i], or a container found by name in a loop;
// c.Resources is the Pod's Spec.Containers[].Resources), and DeepCopy
// calls. It stops at the first variable holding an object, or at the
// variable e is rooted at; nil when the engine has no value for e.
func (c *checker) objectPart(e ast.Expr) (*types.Var, string) {
	loc := c.b.Flow.Locate(e)
	for i, h := range loc.Hops {
		if h.Var != nil && k8s.IsKind(h.Var.Type()) {
			return h.Var, loc.Path(i)
		}
	}
	return loc.Root, loc.Path(len(loc.Hops) - 1)
}

// part names the compared part of the live object.
func (c *checker) part(root *types.Var, path string) string {
	s := "live " + kindOf(root.Type())
	if path != "" {
		s += "'s " + path
	}
	return s
}

// how names the comparison.
func (c *checker) how(cm builders.Comparison) string {
	switch {
	case cm.Fn == nil:
		return "=="
	case builders.IsSemantic(cm.Fn):
		return "equality.Semantic.DeepEqual"
	case cm.Fn.Pkg() != nil && cm.Fn.Pkg().Name() != c.pass.Pkg.Name():
		return cm.Fn.Pkg().Name() + "." + cm.Fn.Name()
	}
	return cm.Fn.Name()
}

func kindOf(t types.Type) string {
	if n := k8s.Named(t); n != nil {
		return n.Obj().Name()
	}
	return "object"
}

// lenGuarded reports a comparison that is the right operand of || whose
// left operand tests that a compared value is empty (len(x) == 0): the
// empty case is decided before the strict comparison runs.
func lenGuarded(fd *ast.FuncDecl, cm builders.Comparison) bool {
	sides := map[string]bool{types.ExprString(cm.Live): true, types.ExprString(cm.Desired): true}
	parents := astutil.Parents(fd)
	var n ast.Node = cm.Cmp
	for {
		p := parents[n]
		switch x := p.(type) {
		case *ast.ParenExpr:
			n = x
			continue
		case *ast.UnaryExpr:
			n = x
			continue
		case *ast.BinaryExpr:
			if x.Op == token.LOR && x.Y == n && testsEmpty(x.X, sides, token.EQL) {
				return true // len(a) == 0 && len(b) == 0 || equal(a, b)
			}
			if x.Op == token.LAND && x.Y == n && (testsEmpty(x.X, sides, token.GTR) || testsEmpty(x.X, sides, token.NEQ)) {
				return true // len(desired) > 0 && !equal(a, b)
			}
			if x.Op == token.LOR || x.Op == token.LAND {
				n = x
				continue
			}
		}
		return false
	}
}

// testsEmpty reports whether e holds len(x) op 0 for one of the sides.
func testsEmpty(e ast.Expr, sides map[string]bool, op token.Token) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		b, ok := n.(*ast.BinaryExpr)
		if !ok || b.Op != op {
			return !found
		}
		call, ok := ast.Unparen(b.X).(*ast.CallExpr)
		if lit, isLit := ast.Unparen(b.Y).(*ast.BasicLit); ok && isLit && lit.Value == "0" && len(call.Args) == 1 {
			if id, ok := call.Fun.(*ast.Ident); ok && id.Name == "len" && sides[types.ExprString(call.Args[0])] {
				found = true
			}
		}
		return !found
	})
	return found
}
