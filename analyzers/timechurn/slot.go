package timechurn

// Slot lookups: a test that finds where a condition goes in its list
// (`if c.Type == "Ready" { conds[i] = fresh }`) says which slot the new
// condition takes, not whether anything changed: a stamp in its branch is
// written on every reconcile. A test that the condition is absent (an
// append after the lookup found nothing) still runs once only, and
// guards.

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

// slotLookup reports whether cond compares the Type field of a condition
// (a struct type whose name ends in Condition) with == or !=, alone.
func (f *fnState) slotLookup(cond ast.Expr) bool {
	x, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	return ok && (x.Op == token.EQL || x.Op == token.NEQ) && (isConditionType(f.info(), x.X) || isConditionType(f.info(), x.Y))
}

// isConditionType reports whether e selects the Type field of a
// condition.
func isConditionType(info *types.Info, e ast.Expr) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Type" {
		return false
	}
	if v, ok := info.Uses[sel.Sel].(*types.Var); !ok || !v.IsField() {
		return false
	}
	t := info.TypeOf(sel.X)
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && strings.HasSuffix(n.Obj().Name(), "Condition")
}
