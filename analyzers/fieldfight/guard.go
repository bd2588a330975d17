package fieldfight

// Guards: a write that runs only where the owner is absent, or only when
// the object is created, is no fight.

import (
	"go/ast"
	"go/token"
	"strings"
)

// createNames are names that make a condition one about whether the
// object exists yet (`if dep.CreationTimestamp.IsZero()`).
var createNames = []string{"CreationTimestamp", "ResourceVersion", "OperationResultCreated"}

// guarded reports whether node, whose enclosing nodes are stack, runs only
// under a condition about the owner or about the object's creation: in
// the branch of an if or a case on one, or after an if on one that leaves
// the block. Conditions of enclosing functions count, a mutate closure's
// included. The condition's sense is not read: a write made only where
// autoscaling is on is left alone as well (see the doc's Limits).
func (c *checker) guarded(stack []ast.Node, node ast.Node, o *owner) bool {
	child := node
	for i := len(stack) - 1; i >= 0; i-- {
		switch p := stack[i].(type) {
		case *ast.IfStmt:
			if (child == p.Body || child == p.Else) && c.about(p.Cond, o) {
				return true
			}
		case *ast.CaseClause:
			for _, e := range p.List {
				if c.about(e, o) {
					return true
				}
			}
		case *ast.SwitchStmt:
			if p.Tag != nil && c.about(p.Tag, o) {
				return true
			}
		case *ast.BlockStmt:
			for _, st := range p.List {
				if st == child {
					break
				}
				if ifs, ok := st.(*ast.IfStmt); ok && leaves(ifs.Body) && c.about(ifs.Cond, o) {
					return true
				}
			}
		}
		child = stack[i]
	}
	return false
}

// about reports whether cond names the owner o or the object's creation.
func (c *checker) about(cond ast.Expr, o *owner) bool {
	found := false
	ast.Inspect(cond, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.Ident:
			found = found || o.aboutOwner(x.Name) || isCreateName(x.Name)
		case *ast.BasicLit:
			found = found || x.Kind == token.STRING && o.aboutOwner(strings.Trim(x.Value, "`\""))
		}
		return !found
	})
	return found
}

func isCreateName(name string) bool {
	for _, n := range createNames {
		if name == n {
			return true
		}
	}
	return false
}

// leaves reports whether a block ends by leaving its enclosing block.
func leaves(b *ast.BlockStmt) bool {
	if len(b.List) == 0 {
		return false
	}
	switch b.List[len(b.List)-1].(type) {
	case *ast.ReturnStmt, *ast.BranchStmt:
		return true
	}
	return false
}
