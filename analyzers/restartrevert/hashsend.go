package restartrevert

// Hash-gated sends: a replacement whose object is written only where a
// hash on the server's copy differs. The gate may sit around the write in
// the replacing function, in a helper of the package that the object is
// handed to, or in a helper of another package (hashSendFact), such as an
// Apply(ctx, c, obj, onServer) that reads the server's copy and updates
// obj only when the hash kept in its annotation differs from obj's.

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/astutil"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/flow"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/k8s"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/live"
)

// hashSendFact says that a function writes the objects of parameters
// Params (the receiver of a method is 0) with Update or Patch only where a
// label or annotation of an object read from the server, by a constant
// key, differs from a value that is not a constant (hashGuarded).
type hashSendFact struct{ Params []int }

func (*hashSendFact) AFact() {}
func (f *hashSendFact) String() string {
	return fmt.Sprintf("writes params %v only when a hash on the server differs", f.Params)
}

// hashGates finds the hash-gated writes of the package (c.gated) and the
// functions whose every write of a parameter is one (c.hashSends),
// exporting the latter as facts.
func (c *checker) hashGates(decls []*ast.FuncDecl) {
	info := c.pass.TypesInfo
	c.gated = map[*ast.CallExpr]bool{}
	c.hashSends = map[*types.Func][]int{}
	for _, fd := range decls {
		if fd.Body == nil || !writesIn(info, fd.Body) {
			continue
		}
		c.fd, c.body = fd, fd.Body
		servers := c.serverCopies(fd)
		params := paramVars(info, fd)
		all := make([]bool, len(params)) // every write of the parameter is gated
		seen := make([]bool, len(params))
		astutil.WithStack(fd.Body, func(n ast.Node, stack []ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			obj, ok := gatedKind(info, call)
			if !ok {
				return true
			}
			gated := slices.ContainsFunc(servers, func(v *types.Var) bool { return c.hashGuarded(stack, call, v) })
			if gated {
				c.gated[call] = true
			}
			v := astutil.RootVar(info, obj)
			if i := slices.Index(params, v); v != nil && i >= 0 {
				if !seen[i] {
					seen[i], all[i] = true, true
				}
				all[i] = all[i] && gated
			}
			return true
		})
		var out []int
		for i := range params {
			if seen[i] && all[i] {
				out = append(out, i)
			}
		}
		if fn := c.graph.Func(fd); fn != nil && len(out) > 0 {
			c.hashSends[fn] = out
			c.pass.ExportObjectFact(fn, &hashSendFact{Params: out})
		}
	}
	c.fd, c.body = nil, nil
}

// hashSent reports whether the object root holds is written, and only
// where a hash on the server differs: every write the flow engine finds is
// a gated write of the package, or a call of a helper that writes the
// object it is given only so (hashSendFact).
func (c *checker) hashSent(root *types.Var) bool {
	if len(c.gated)+len(c.hashSends) == 0 && len(c.pass.AllObjectFacts()) == 0 {
		return false
	}
	d := c.flow.WhereVar(root)

	if d.Set&flow.Unknown != 0 || len(d.Writes)+len(d.HelperWrites) == 0 {
		return false
	}
	for _, w := range d.Writes {
		if !c.gated[w] {
			return false
		}
	}
	info := c.pass.TypesInfo
	for _, h := range d.HelperWrites {
		fn := k8s.Callee(info, h)
		params := c.hashSendParams(fn)
		args := operands(info, h, fn)
		if !slices.ContainsFunc(params, func(i int) bool { return i < len(args) && c.holds(args[i], root) }) {
			return false
		}
	}
	return true
}

// hashSendParams returns what hashSendFact says of fn, of any package.
func (c *checker) hashSendParams(fn *types.Func) []int {
	if fn == nil {
		return nil
	}
	if ps, ok := c.hashSends[fn]; ok {
		return ps
	}
	f := new(hashSendFact)
	if fn.Pkg() != c.pass.Pkg && c.pass.ImportObjectFact(fn.Origin(), f) {
		return f.Params
	}
	return nil
}

// holds reports whether e is the object root holds, or a copy the flow
// engine locates it at.
func (c *checker) holds(e ast.Expr, root *types.Var) bool {
	return astutil.RootVar(c.pass.TypesInfo, e) == root || c.live.Locate(e).Root == root
}

// serverCopies returns the variables of fd that hold an object read from
// the server (or a copy of one): the sides a hash guard compares.
func (c *checker) serverCopies(fd *ast.FuncDecl) []*types.Var {
	var out []*types.Var
	add := func(v *types.Var) {
		if v == nil || slices.Contains(out, v) || k8s.Named(v.Type()) == nil && !isObjectInterface(v.Type()) {
			return
		}
		if live.IsReadOrCopy(c.live.VarReason(v)) {
			out = append(out, v)
		}
	}
	for _, v := range paramVars(c.pass.TypesInfo, fd) {
		add(v)
	}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := c.pass.TypesInfo.Defs[id].(*types.Var); ok {
				add(v)
			}
		}
		return true
	})
	return out
}

// isObjectInterface reports controller-runtime's client.Object and the
// like: an interface with GetAnnotations.
func isObjectInterface(t types.Type) bool {
	iface, ok := t.Underlying().(*types.Interface)
	if !ok {
		return false
	}
	for m := range iface.Methods() {
		if m.Name() == "GetAnnotations" {
			return true
		}
	}
	return false
}

// gatedKind returns the object a client's Update or Patch sends.
func gatedKind(info *types.Info, call *ast.CallExpr) (ast.Expr, bool) {
	fn := k8s.Callee(info, call)
	if fn == nil || !k8s.IsClientMethod(fn, "Update", "Patch") {
		return nil, false
	}
	return flow.WrittenObject(info, call)
}

// writesIn reports whether body calls a client's Update or Patch.
func writesIn(info *types.Info, body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && !found {
			if _, ok := gatedKind(info, call); ok {
				found = true
			}
		}
		return !found
	})
	return found
}

// paramVars returns fd's receiver and parameters, in order.
func paramVars(info *types.Info, fd *ast.FuncDecl) []*types.Var {
	var out []*types.Var
	for _, list := range []*ast.FieldList{fd.Recv, fd.Type.Params} {
		if list == nil {
			continue
		}
		for _, f := range list.List {
			if len(f.Names) == 0 {
				out = append(out, nil)
				continue
			}
			for _, name := range f.Names {
				v, _ := info.Defs[name].(*types.Var)
				out = append(out, v)
			}
		}
	}
	return out
}

// operands returns call's receiver (for a method) and arguments, in the
// order of paramVars.
func operands(info *types.Info, call *ast.CallExpr, fn *types.Func) []ast.Expr {
	if fn == nil {
		return nil
	}
	if sig := fn.Type().(*types.Signature); sig.Recv() != nil {
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			return append([]ast.Expr{sel.X}, call.Args...)
		}
		return nil
	}
	return call.Args
}
