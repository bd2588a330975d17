package defaultdrift

// Comparisons: strict drift checks of a live object against a desired one,
// the defaulted fields the desired side leaves unset, and whether the
// unequal branch writes.

import (
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
	"github.com/reconcilelint/reconcilelint/analyzers/internal/k8s"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/live"
)

// comparisons reports fd's strict comparisons of live and desired values.
func (c *checker) comparisons(fd *ast.FuncDecl) []analysis.Diagnostic {
	info := c.pass.TypesInfo
	var out []analysis.Diagnostic
	var parents map[ast.Node]ast.Node
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		var a, b ast.Expr
		switch x := n.(type) {
		case *ast.CallExpr:
			fn := k8s.Callee(info, x)
			if len(x.Args) != 2 || !(k8s.IsDeepEqual(fn) || k8s.IsFunc(fn, "github.com/google/go-cmp/cmp", "Equal") ||
				k8s.IsFunc(fn, "slices", "Equal") || k8s.IsFunc(fn, "maps", "Equal")) {
				return true // DeepDerivative ignores unset fields; cmp options may too
			}
			a, b = x.Args[0], x.Args[1]
		case *ast.BinaryExpr:
			if x.Op != token.EQL && x.Op != token.NEQ {
				return true
			}
			if _, ok := types.Unalias(info.TypeOf(x.X)).Underlying().(*types.Struct); !ok {
				return true
			}
			a, b = x.X, x.Y
		default:
			return true
		}
		for range 2 {
			if d, ok := c.compare(fd, n.(ast.Expr), a, b, &parents); ok {
				out = append(out, d)
				break
			}
			a, b = b, a
		}
		return true
	})
	return out
}

// isLive reports whether e is read from the API server (not merely sent
// to it: a desired object passed to Update is marked written).
func (c *checker) isLive(e ast.Expr) bool {
	switch c.live.Expr(e) {
	case live.ReadByGet, live.ClientsetGet, live.MutateFunction, live.Derived, live.Callback, live.LiveArgument:
		return true
	}
	return false
}

// compare reports cmp, a comparison of liveSide and desired, when desired
// is built by the operator and leaves server-defaulted fields unset that
// the compared type reaches, and the unequal branch writes.
func (c *checker) compare(fd *ast.FuncDecl, cmp, liveSide, desired ast.Expr, parents *map[ast.Node]ast.Node) (analysis.Diagnostic, bool) {
	var none analysis.Diagnostic
	info := c.pass.TypesInfo
	if !c.isLive(liveSide) || c.isLive(desired) {
		return none, false // both live, or neither: not a drift check
	}
	root := astutil.RootVar(info, liveSide)
	if root == nil || k8s.IsNamed(root.Type(), k8s.CoreV1, "Pod") && !k8s.ThroughTemplate(info, liveSide) {
		return none, false // a live Pod's spec: admissionclobber reports it
	}
	got, where := c.desiredShape(fd, desired)
	if got == nil || got.sets("") {
		return none, false // what the desired side sets is not known
	}
	kind := ""
	if n := k8s.Named(root.Type()); n != nil {
		kind = n.Obj().Name()
	}
	unset := c.unsetDefaults(info.TypeOf(liveSide), kind, got)
	if len(unset) == 0 {
		return none, false
	}
	if *parents == nil {
		*parents = astutil.Parents(fd)
	}
	if !c.leadsToWrite(fd, cmp, *parents, 2) {
		return none, false // a log line or a metric, not a loop
	}
	return c.diagnostic(cmp, liveSide, root, unset, where), true
}

// desiredShape returns what the desired side sets, and where it was built.
func (c *checker) desiredShape(fd *ast.FuncDecl, e ast.Expr) (*shape, token.Pos) {
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
	p, ok := fieldPath(info, e)
	if !ok {
		return nil, token.NoPos
	}
	return s.sub(p), v.Pos()
}

// unsetDefault is a server-defaulted field the desired side leaves unset,
// by its path from the compared value.
type unsetDefault struct {
	path string
	f    defaults.Field
}

// unsetDefaults walks t's fields (through pointers, slices and maps, at
// most maxFieldDepth deep) for server-defaulted fields that got does not
// set, among the parts got does set: the server defaults a probe's
// periodSeconds only in a probe the operator sent.
func (c *checker) unsetDefaults(t types.Type, kind string, got *shape) []unsetDefault {
	var out []unsetDefault
	var walk func(t types.Type, path, present string, depth int, seen map[types.Type]bool)
	walk = func(t types.Type, path, present string, depth int, seen map[types.Type]bool) {
		if depth > maxFieldDepth {
			return
		}
		switch u := types.Unalias(t).Underlying().(type) {
		case *types.Pointer:
			walk(u.Elem(), path, path, depth, seen)
			return
		case *types.Slice:
			walk(u.Elem(), path+"[]", path, depth, seen)
			return
		case *types.Array:
			walk(u.Elem(), path+"[]", path, depth, seen)
			return
		}
		n := k8s.Named(t)
		st, ok := types.Unalias(t).Underlying().(*types.Struct)
		if n == nil || !ok || seen[n] || n.Obj().Pkg() == nil || !isAPI(n) {
			return
		}
		seen[n] = true
		defer delete(seen, n)
		for f := range st.Fields() {
			if !f.Exported() {
				continue
			}
			name := f.Name()
			fp := join(path, name)
			if f.Embedded() {
				fp = path
			}
			if d, ok := c.defaulted(n, f, kind); ok && !got.sets(fp) && got.touches(present) {
				out = append(out, unsetDefault{path: fp, f: d})
			}
			if f.Embedded() || name == "ObjectMeta" || name == "TypeMeta" || name == "Status" {
				continue // metadata and status are not the desired state
			}
			walk(f.Type(), fp, present, depth+1, seen)
		}
	}
	walk(t, "", "", 0, map[types.Type]bool{})
	// Shallow fields first: they are the ones a reader checks first.
	sort.SliceStable(out, func(i, j int) bool { return depthOf(out[i].path) < depthOf(out[j].path) })
	return out
}

func depthOf(path string) int { return strings.Count(path, ".") + strings.Count(path, "[]") }

// maxFieldDepth bounds the walk of a compared type's fields.
const maxFieldDepth = 10

// defaulted returns the table's entry for field f of owner, after the
// settings; only fields filled when unset count.
func (c *checker) defaulted(owner *types.Named, f *types.Var, kind string) (defaults.Field, bool) {
	key := owner.Obj().Name() + "." + f.Name()
	if slices.Contains(c.cfg.IgnoreFields, key) {
		return defaults.Field{}, false
	}
	if slices.Contains(c.cfg.ExtraFields, key) {
		return defaults.Field{Type: owner.Obj().Name(), Name: f.Name(), When: "unset", By: "extra-fields"}, true
	}
	d, ok := defaults.Of(owner, f)
	if !ok || d.When == "" {
		return defaults.Field{}, false // filled only under conditions: not sure
	}
	if d.Root != "" && d.Root != kind {
		return defaults.Field{}, false // a Pod's default, not a template's
	}
	return d, true
}

// leadsToWrite reports whether the branch taken on the comparison's
// result writes an object: the if it decides (directly, through a boolean
// variable, or through the function or closure returning it, to depth
// callers up) has an Update, Patch, Apply or CreateOrUpdate in a branch,
// itself or in a function of the package it calls.
func (c *checker) leadsToWrite(fd *ast.FuncDecl, e ast.Expr, parents map[ast.Node]ast.Node, depth int) bool {
	info := c.pass.TypesInfo
	// The whole condition the comparison is part of: !cmp, cmp && x, (cmp).
	e = astutil.Climb(e, parents, func(p ast.Node, _ ast.Expr) (ast.Expr, bool) {
		switch x := p.(type) {
		case *ast.ParenExpr:
			return x, true
		case *ast.UnaryExpr:
			return x, x.Op == token.NOT
		case *ast.BinaryExpr:
			return x, x.Op == token.LAND || x.Op == token.LOR
		}
		return nil, false
	})
	switch x := parents[e].(type) {
	case *ast.IfStmt:
		return x.Cond == e && (c.writesIn(x.Body) || x.Else != nil && c.writesIn(x.Else) || c.writesAfter(x, parents))
	case *ast.AssignStmt:
		for i, r := range x.Rhs {
			if r == e && i < len(x.Lhs) {
				if v := astutil.RootVar(info, x.Lhs[i]); v != nil {
					return c.varDecidesWrite(fd, v, parents)
				}
			}
		}
	case *ast.ReturnStmt:
		return depth > 0 && c.returnedDecidesWrite(fd, x, parents, depth)
	}
	return false
}

// varDecidesWrite reports an if testing v whose branches write.
func (c *checker) varDecidesWrite(fd *ast.FuncDecl, v *types.Var, parents map[ast.Node]ast.Node) bool {
	info := c.pass.TypesInfo
	found := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if st, ok := n.(*ast.IfStmt); ok && !found {
			uses := false
			ast.Inspect(st.Cond, func(m ast.Node) bool {
				if id, ok := m.(*ast.Ident); ok && info.Uses[id] == v {
					uses = true
				}
				return !uses
			})
			if uses && (c.writesIn(st.Body) || st.Else != nil && c.writesIn(st.Else)) {
				found = true
			}
		}
		return !found
	})
	return found
}

// returnedDecidesWrite follows a returned comparison: from a closure
// handed to a function of the package, to where that function calls it;
// from a named function, to its calls.
func (c *checker) returnedDecidesWrite(fd *ast.FuncDecl, ret *ast.ReturnStmt, parents map[ast.Node]ast.Node, depth int) bool {
	info := c.pass.TypesInfo
	for n := parents[ret]; n != nil; n = parents[n] {
		lit, ok := n.(*ast.FuncLit)
		if !ok {
			continue
		}
		call, ok := parents[lit].(*ast.CallExpr)
		if !ok {
			return false
		}
		callee := c.graph.Decl(k8s.Callee(info, call))
		if callee == nil {
			return false
		}
		idx := -1
		for i, a := range call.Args {
			if a == lit {
				idx = i
			}
		}
		params := c.graph.Func(callee).Type().(*types.Signature).Params()
		if idx < 0 || idx >= params.Len() {
			return false
		}
		return c.callsDecideWrite(callee, params.At(idx), depth-1)
	}
	fn := c.graph.Func(fd)
	if fn == nil {
		return false
	}
	for _, caller := range c.graph.Callers(fd) {
		if c.callsDecideWrite(caller, fn, depth-1) {
			return true
		}
	}
	return false
}

// callsDecideWrite reports a call of target (a function, or a parameter
// holding one) in fd whose result decides a write.
func (c *checker) callsDecideWrite(fd *ast.FuncDecl, target types.Object, depth int) bool {
	info := c.pass.TypesInfo
	parents := astutil.Parents(fd)
	found := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || found {
			return !found
		}
		var id *ast.Ident
		switch f := ast.Unparen(call.Fun).(type) {
		case *ast.Ident:
			id = f
		case *ast.SelectorExpr:
			id = f.Sel
		}
		if id != nil && info.Uses[id] == target && c.leadsToWrite(fd, call, parents, depth) {
			found = true
		}
		return !found
	})
	return found
}

// writesIn reports whether n calls Update, Patch, Apply, CreateOrUpdate or
// CreateOrPatch, itself or through functions of the package (3 calls
// deep).
func (c *checker) writesIn(n ast.Node) bool {
	info := c.pass.TypesInfo
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		call, ok := m.(*ast.CallExpr)
		if !ok || found {
			return !found
		}
		fn := k8s.Callee(info, call)
		if isWrite(fn) {
			found = true
		} else if d := c.graph.Decl(fn); d != nil && c.declWrites(d) {
			found = true
		}
		return !found
	})
	return found
}

// writesAfter reports, for an if whose body returns (`if equal { return
// nil }`), a write in the statements after it: the other branch.
func (c *checker) writesAfter(st *ast.IfStmt, parents map[ast.Node]ast.Node) bool {
	if len(st.Body.List) == 0 {
		return false
	}
	if _, ok := st.Body.List[len(st.Body.List)-1].(*ast.ReturnStmt); !ok {
		return false
	}
	block, ok := parents[st].(*ast.BlockStmt)
	if !ok {
		return false
	}
	after := false
	for _, s := range block.List {
		if after && c.writesIn(s) {
			return true
		}
		after = after || s == st
	}
	return false
}

func isWrite(fn *types.Func) bool {
	return k8s.IsClientMethod(fn, "Update", "Patch", "Apply") ||
		k8s.IsFunc(fn, k8s.Controllerutil, "CreateOrUpdate") || k8s.IsFunc(fn, k8s.Controllerutil, "CreateOrPatch")
}

// declWrites reports whether fd or a function it calls (3 deep) writes.
func (c *checker) declWrites(fd *ast.FuncDecl) bool {
	if v, ok := c.writes[fd]; ok {
		return v
	}
	c.writes[fd] = false
	found := false
	for d := range c.graph.Reachable([]*ast.FuncDecl{fd}, 3) {
		ast.Inspect(d.Body, func(m ast.Node) bool {
			if call, ok := m.(*ast.CallExpr); ok && isWrite(k8s.Callee(c.pass.TypesInfo, call)) {
				found = true
			}
			return !found
		})
		if found {
			break
		}
	}
	c.writes[fd] = found
	return found
}

// diagnostic names the compared part, up to three unset fields and the
// total, and the consequence; the desired value's origin is related.
func (c *checker) diagnostic(cmp, liveSide ast.Expr, root *types.Var, unset []unsetDefault, built token.Pos) analysis.Diagnostic {
	info := c.pass.TypesInfo
	kind := "object"
	if n := k8s.Named(root.Type()); n != nil {
		kind = n.Obj().Name()
	}
	part := "live " + kind
	if p, ok := fieldPath(info, liveSide); ok && p != "" {
		part += "'s " + p
	}
	var names []string
	for i, u := range unset {
		if i == 3 {
			names = append(names, "...")
			break
		}
		names = append(names, u.path)
	}
	noun := "fields"
	if len(unset) == 1 {
		noun = "field"
	}
	msg := fmt.Sprintf("%s compared strictly with a desired value that leaves %d server-defaulted %s unset (%s): never equal, so the %s is updated on every reconcile",
		part, len(unset), noun, strings.Join(names, ", "), kind)
	d := analysis.Diagnostic{Pos: cmp.Pos(), End: cmp.End(), Message: msg}
	if built.IsValid() {
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: built, Message: "the desired value is built here; set the defaults, compare only the fields the operator owns, or use server-side apply"})
	}
	return d
}
