package builders

// Comparisons: strict drift checks of a live object against a desired one.

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/astutil"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/k8s"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/live"
)

// A Comparison is a strict comparison (see StrictComparison) of a live
// value with a desired one: Cmp is the call or binary expression, Live
// and Desired its operands.
type Comparison struct {
	Cmp           ast.Expr
	Live, Desired ast.Expr
	// Fn is the comparing function (nil for == and !=); Wrapper says it
	// is a helper of the module that wraps one of the strict comparisons.
	Fn      *types.Func
	Wrapper bool
	// Semantic says the comparison is equality.Semantic.DeepEqual
	// (IsSemantic), here or inside a mutator.
	Semantic bool
	// BothLive says both sides are live: one of them may still be a copy
	// of the live object whose compared part the operator set (desired :=
	// live.DeepCopy(); desired.Spec.X = build()), which the caller checks
	// with DesiredShape on either side.
	BothLive bool
	// Written says the live side is only known to be written back with
	// Update or a merge Patch (the reconciled object, handed in by the
	// caller), and the other side is not live: the caller decides whether
	// that is enough.
	Written bool
}

// Comparisons returns fd's strict comparisons whose one side is live and
// whose other is not (the desired side is built by the operator), or
// whose both sides are (BothLive), in source order. Whether the comparison decides a write is asked of Flow.
func (c *Result) Comparisons(fd *ast.FuncDecl) []Comparison {
	if c == nil || fd.Body == nil {
		return nil
	}
	c.mu.Lock() // the analyzers asking may run in parallel
	defer c.mu.Unlock()
	info := c.pass.TypesInfo
	var out []Comparison
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		cmp, a, b, ok := c.strictComparison(info, n)
		if !ok {
			return true
		}
		var fn *types.Func
		if call, ok := cmp.(*ast.CallExpr); ok {
			fn = k8s.Callee(info, call)
		}
		wrapper := fn != nil && !k8s.IsStrictEqual(fn)
		semantic := IsSemantic(fn)
		switch {
		case c.IsLive(a) && !c.IsLive(b):
			out = append(out, Comparison{Cmp: cmp, Live: a, Desired: b, Fn: fn, Wrapper: wrapper, Semantic: semantic})
		case c.IsLive(b) && !c.IsLive(a):
			out = append(out, Comparison{Cmp: cmp, Live: b, Desired: a, Fn: fn, Wrapper: wrapper, Semantic: semantic})
		case c.IsLive(a) && c.IsLive(b):
			out = append(out, Comparison{Cmp: cmp, Live: a, Desired: b, Fn: fn, Wrapper: wrapper, Semantic: semantic, BothLive: true})
		case c.live.Expr(a) == live.Written && c.live.Expr(b) == live.NotLive:
			out = append(out, Comparison{Cmp: cmp, Live: a, Desired: b, Fn: fn, Wrapper: wrapper, Semantic: semantic, Written: true})
		case c.live.Expr(b) == live.Written && c.live.Expr(a) == live.NotLive:
			out = append(out, Comparison{Cmp: cmp, Live: b, Desired: a, Fn: fn, Wrapper: wrapper, Semantic: semantic, Written: true})
		}
		return true
	})
	return out
}

// strictComparison is StrictComparison, and also a call of a helper
// that wraps one (this package's, or another's by its Fact).
func (c *Result) strictComparison(info *types.Info, n ast.Node) (cmp, a, b ast.Expr, ok bool) {
	if cmp, a, b, ok := StrictComparison(info, n); ok {
		return cmp, a, b, ok
	}
	call, isCall := n.(*ast.CallExpr)
	if !isCall || len(call.Args) != 2 {
		return nil, nil, nil, false
	}
	fn := k8s.Callee(info, call)
	if fn == nil || !c.isWrapper(fn) {
		return nil, nil, nil, false
	}
	return call, call.Args[0], call.Args[1], true
}

func (c *Result) isWrapper(fn *types.Func) bool {
	if fn.Pkg() == c.pass.Pkg {
		return c.wrappers[fn]
	}
	f := c.summary(fn)
	return f != nil && f.Equal
}

// findWrappers finds the package's functions of two parameters, returning
// a bool, one of whose returns is a strict comparison of the two
// (func deepEqualWithNils(x, y any) bool { ...; return reflect.DeepEqual(x, y) }).
func (c *Result) findWrappers() {
	info := c.pass.TypesInfo
	c.wrappers = map[*types.Func]bool{}
	for _, fd := range c.graph.Decls {
		fn := c.graph.Func(fd)
		if fn == nil || fd.Body == nil {
			continue
		}
		sig := fn.Type().(*types.Signature)
		if sig.Params().Len() != 2 || sig.Results().Len() != 1 || !types.Identical(sig.Results().At(0).Type(), types.Typ[types.Bool]) {
			continue
		}
		p0, p1 := sig.Params().At(0), sig.Params().At(1)
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			if _, ok := n.(*ast.FuncLit); ok {
				return false
			}
			ret, ok := n.(*ast.ReturnStmt)
			if !ok || len(ret.Results) != 1 {
				return true
			}
			call, ok := ast.Unparen(ret.Results[0]).(*ast.CallExpr)
			if !ok || len(call.Args) != 2 || !k8s.IsStrictEqual(k8s.Callee(info, call)) {
				return true
			}
			x, y := paramOf(info, call.Args[0]), paramOf(info, call.Args[1])
			if x == p0 && y == p1 || x == p1 && y == p0 {
				c.wrappers[fn] = true
			}
			return true
		})
	}
}

// paramOf returns the variable e names, through parentheses.
func paramOf(info *types.Info, e ast.Expr) *types.Var {
	id, _ := ast.Unparen(e).(*ast.Ident)
	return astutil.IdentVar(info, id)
}

// IsLive reports whether e is read from the API server (not merely sent
// to it: a desired object passed to Update is marked written).
func (c *Result) IsLive(e ast.Expr) bool {
	switch c.live.Expr(e) {
	case live.ReadByGet, live.ClientsetGet, live.MutateFunction, live.Derived, live.Callback, live.LiveArgument:
		return true
	}
	return false
}

// DesiredShape returns what the desired value e of fd sets before the
// comparison at, and where it was built; nil when it is not known. A
// statement of fd from which no path leads to at (the flow engine's
// Reaches: in a branch that returns first) does not count.
func (c *Result) DesiredShape(fd *ast.FuncDecl, e, at ast.Expr) (*Shape, token.Pos) {
	if c == nil {
		return nil, token.NoPos
	}
	c.mu.Lock() // the analyzers asking may run in parallel
	defer c.mu.Unlock()
	c.until, c.untilFD = at, fd
	defer func() { c.until, c.untilFD = nil, nil }()
	return c.desiredShape(fd, e)
}

// beforeUntil reports whether n, an expression of fd, may run before the
// comparison DesiredShape answers for.
func (c *Result) beforeUntil(fd *ast.FuncDecl, n ast.Expr) bool {
	return c.until == nil || fd != c.untilFD || c.Flow.Reaches(n, c.until)
}

func (c *Result) desiredShape(fd *ast.FuncDecl, e ast.Expr) (*Shape, token.Pos) {
	info := c.pass.TypesInfo
	if call, ok := ast.Unparen(e).(*ast.CallExpr); ok {
		return c.shapeOf(fd, call, shapeDepth), call.Pos()
	}
	v := astutil.RootVar(info, e)
	if v == nil {
		return nil, token.NoPos
	}
	s := c.varShape(fd, v, shapeDepth)
	if s == nil {
		return nil, token.NoPos
	}
	p, ok := FieldPath(info, e)
	if !ok {
		return nil, token.NoPos
	}
	return s.Sub(p), v.Pos()
}
