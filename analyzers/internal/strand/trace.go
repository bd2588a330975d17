// Traces: the writes that reach a desired map, followed to the functions
// that build it, and the keys the package deletes by name.

package strand

import (
	"go/ast"
	"go/token"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/astutil"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/k8s"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/merge"
)

// collectDeletes records, for each function, the constant keys it
// deletes itself.
func (s *state) collectDeletes(decls []*ast.FuncDecl) {
	for _, fd := range decls {
		for k, pos := range s.deletedIn(fd, 0) {
			s.result.Deleted[k] = append(s.result.Deleted[k], pos)
		}
	}
}

// trace returns the writes into the desired map, following it to where it
// is built: a local variable of fd (with the writes of the package's
// functions it is handed to: flow.Result.HandedTo), or the package
// function whose result it is. It reports false when the map cannot be
// traced.
func (s *state) trace(fd *ast.FuncDecl, desired ast.Expr, k kind) ([]write, bool) {
	info := s.pass.TypesInfo
	if call, ok := ast.Unparen(desired).(*ast.CallExpr); ok {
		// maps.Copy(live, podAnnotations(spec)): the builder's writes.
		callee := k8s.Callee(info, call)
		if b := s.graph.Decl(callee); b != nil {
			return s.builderWrites(map[*ast.FuncDecl]bool{b: true}, k), true
		}
		if f := s.imported.Of(callee); f != nil {
			return importedWrites(f, k), true
		}
	}
	root := astutil.RootVar(info, desired)
	if root == nil || !astutil.IsLocal(root) {
		return nil, false
	}
	var out []write
	for _, w := range s.writes {
		if w.fn == fd && w.root == root && w.kind == k {
			out = append(out, w)
		}
	}
	// Handed to a function of the package for its effect (`setParent(want,
	// c)`): its writes through the parameter that receives it.
	for _, p := range s.flow.HandedTo(root) {
		for _, w := range s.writes {
			if w.root == p && w.kind == k {
				out = append(out, w)
			}
		}
	}
	// root := builder(...), through phis, clones, unions and list
	// elements: the flow engine's answer. A builder of this package is
	// walked; one of another package gives the flows its fact records.
	builders := map[*ast.FuncDecl]bool{}
	var imported []write
	for _, fn := range s.flow.Builders(root) {
		if b := s.funcs[fn.Origin()]; b != nil {
			builders[b] = true
		} else if f := s.imported.Of(fn); f != nil {
			imported = append(imported, importedWrites(f, k)...)
		}
	}
	if len(builders) == 0 && len(imported) == 0 && root.Pos() >= fd.Pos() && root.Pos() < fd.Body.Pos() {
		return nil, false // a parameter: built by callers
	}
	out = append(out, s.builderWrites(builders, k)...)
	out = append(out, imported...)
	return out, len(out) > 0 || len(builders) > 0 || root.Pos() > fd.Body.Pos()
}

// importedWrites returns the flows of kind k that another package's
// builder records (FlowsFact), as writes placed there.
func importedWrites(f *FlowsFact, k kind) []write {
	var out []write
	for _, fl := range f.Flows {
		if kind(fl.Kind) == k {
			out = append(out, write{from: fl.From, owner: fl.Owner, kind: k, at: fl.At})
		}
	}
	return out
}

// builderWrites returns the writes of kind k in the builders and the
// package functions they call (3 deep), in source order.
func (s *state) builderWrites(builders map[*ast.FuncDecl]bool, k kind) []write {
	var out []write
	reach := s.reachable(builders, 3)
	for _, b := range s.graph.Decls { // in source order, for a stable output
		if !reach[b] {
			continue
		}
		for _, w := range s.writes {
			if w.fn == b && w.kind == k {
				out = append(out, w)
			}
		}
	}
	return out
}

// reachable returns the functions of the package reachable from start in
// up to depth calls.
func (s *state) reachable(start map[*ast.FuncDecl]bool, depth int) map[*ast.FuncDecl]bool {
	list := make([]*ast.FuncDecl, 0, len(start))
	for fd := range start {
		list = append(list, fd)
	}
	return s.graph.Reachable(list, depth)
}

// deletedIn returns the constant keys deleted in fd and the package
// functions it calls (to depth), each with one place that deletes it.
func (s *state) deletedIn(fd *ast.FuncDecl, depth int) map[string]token.Pos {
	if depth == 0 {
		out := map[string]token.Pos{}
		for k, pos := range s.deletesOf(fd) {
			if k != anyKey {
				out[k] = pos
			}
		}
		return out
	}
	out := map[string]token.Pos{}
	reach := s.reachable(map[*ast.FuncDecl]bool{fd: true}, depth)
	for _, d := range s.graph.Decls { // in source order: the first delete wins
		if !reach[d] {
			continue
		}
		for k, pos := range s.deletesOf(d) {
			if _, seen := out[k]; !seen && k != anyKey {
				out[k] = pos
			}
		}
	}
	return out
}

// deletesOf returns the constant keys fd itself deletes, each with its first
// place, and anyKey when fd deletes a key that is not a constant.
func (s *state) deletesOf(fd *ast.FuncDecl) map[string]token.Pos {
	if m, ok := s.deletes[fd]; ok {
		return m
	}
	info := s.pass.TypesInfo
	m := map[string]token.Pos{}
	s.deletes[fd] = m
	// A Patch whose body, written as text, removes the key.
	for key, list := range s.flow.PatchDeletions() {
		for _, pos := range list {
			if pos >= fd.Pos() && pos < fd.End() {
				if old, seen := m[key]; !seen || pos < old {
					m[key] = pos
				}
			}
		}
	}
	if !s.graph.CallsBuiltin(fd, "delete") {
		return m
	}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if _, k, ok := astutil.Delete(info, call); ok {
			key, ok := merge.ConstString(info, k)
			if !ok {
				key = anyKey
			}
			if old, seen := m[key]; !seen || call.Pos() < old {
				m[key] = call.Pos()
			}
		}
		return true
	})
	return m
}

// anyKey stands, in deletesOf, for a delete whose key is not a constant.
// No annotation or label key contains a NUL byte.
const anyKey = "\x00"
