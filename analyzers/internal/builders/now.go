package builders

// Now: a time stamped with its sub-second part, which the API server
// drops (metav1.Time is serialised in RFC 3339, to the second).

import (
	"go/ast"
	"go/token"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/astutil"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/k8s"
)

// isNow reports whether e, given to a field, is the current time with
// its sub-second part: metav1.Now(), metav1.NewTime(time.Now()), &t or t
// for a local t holding one of these where e reads it (the flow engine's
// Computed). Rfc3339Copy() and a time.Now().Truncate(time.Second) are
// not.
func (c *Result) isNow(e ast.Expr) bool {
	info := c.pass.TypesInfo
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	if call, ok := e.(*ast.CallExpr); ok {
		fn := k8s.Callee(info, call)
		switch {
		case k8s.IsFunc(fn, k8s.MetaV1, "Now"):
			return true
		case k8s.IsFunc(fn, k8s.MetaV1, "NewTime") && len(call.Args) == 1:
			inner, ok := ast.Unparen(call.Args[0]).(*ast.CallExpr)
			return ok && k8s.IsFunc(k8s.Callee(info, inner), "time", "Now")
		}
		return false
	}
	id, ok := e.(*ast.Ident)
	if !ok {
		return false
	}
	v := astutil.IdentVar(info, id)
	if v == nil || !k8s.IsNamed(v.Type(), k8s.MetaV1, "Time") {
		return false
	}
	init := c.Flow.Computed(id) // what the local holds here
	return init != nil && c.isNow(init)
}
