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
	"github.com/reconcilelint/reconcilelint/analyzers/internal/funcs"
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
	c.hashSends = map[*types.Func]*hashSendFact{}
	for _, fd := range decls {
		fn := c.graph.Func(fd)
		if fd.Body == nil || fn == nil {
			continue
		}
		c.fd, c.body = fd, fd.Body
		var servers []*types.Var // made at the first write
		gated := map[int]bool{}  // by parameter: every write of it is gated
		astutil.WithStack(fd.Body, func(n ast.Node, stack []ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			obj, ok := gatedWrite(info, call)
			if !ok {
				return true
			}
			if servers == nil {
				servers = c.serverCopies(fn, fd.Body)
			}
			g := slices.ContainsFunc(servers, func(v *types.Var) bool { return c.hashGuarded(stack, call, v) })
			if g {
				c.gated[call] = true
			}
			if i := funcs.OperandIndex(fn, astutil.RootVar(info, obj)); i >= 0 {
				all, seen := gated[i]
				gated[i] = g && (all || !seen)
			}
			return true
		})
		var out []int
		for i, all := range gated {
			if all {
				out = append(out, i)
			}
		}
		if len(out) > 0 {
			slices.Sort(out)
			f := &hashSendFact{Params: out}
			c.hashSends[fn] = f
			c.pass.ExportObjectFact(fn, f)
		}
	}
	c.fd, c.body = nil, nil
}

// hashSent reports whether the object root holds is written, and only
// where a hash on the server differs: every write the flow engine finds is
// a gated write of the package, or a call of a helper that writes the
// object it is given only so (hashSendFact).
func (c *checker) hashSent(root *types.Var) bool {
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
		if fn == nil {
			return false
		}
		f := funcs.Summary(c.pass, c.hashSends, fn) // this package's, or its package's fact
		args := live.CallOperands(info, h, fn)
		if f == nil || !slices.ContainsFunc(f.Params, func(i int) bool { return i < len(args) && c.holds(args[i], root) }) {
			return false
		}
	}
	return true
}

// holds reports whether e is the object root holds, or a copy the flow
// engine locates it at.
func (c *checker) holds(e ast.Expr, root *types.Var) bool {
	return astutil.RootVar(c.pass.TypesInfo, e) == root || c.live.Locate(e).Root == root
}

// serverCopies returns the receiver, parameters and locals of fn that hold
// an object read from the server, or a copy of one (the live engine's
// reason): the sides a hash guard compares.
func (c *checker) serverCopies(fn *types.Func, body *ast.BlockStmt) []*types.Var {
	var out []*types.Var
	add := func(v *types.Var) {
		if v != nil && live.IsReadOrCopy(c.live.VarReason(v)) {
			out = append(out, v)
		}
	}
	sig := fn.Signature()
	add(sig.Recv())
	for v := range sig.Params().Variables() {
		add(v)
	}
	ast.Inspect(body, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := c.pass.TypesInfo.Defs[id].(*types.Var); ok {
				add(v)
			}
		}
		return true
	})
	return out
}

// gatedWrite returns the object a client's Update or Patch sends: the
// writes a hash comparison may gate (a CreateOrUpdate decides by itself).
func gatedWrite(info *types.Info, call *ast.CallExpr) (ast.Expr, bool) {
	fn := k8s.Callee(info, call)
	if fn == nil || !k8s.IsClientMethod(fn, "Update", "Patch") {
		return nil, false
	}
	return flow.WrittenObject(info, call)
}
