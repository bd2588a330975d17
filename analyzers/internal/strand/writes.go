// Writes: the constant keys written into annotations and labels maps,
// whether only on some paths, and the custom resource maps copied into them.

package strand

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/astutil"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/k8s"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/merge"
)

// A write is a constant key written into an annotations or labels map.
type write struct {
	key         string
	keyExpr     ast.Expr
	pos         token.Pos
	conditional bool
	kind        kind
	fn          *ast.FuncDecl
	root        *types.Var // the local variable the map belongs to, if any
	from        string     // for the entries of a custom resource's map: that map ("cache.Spec.PodAnnotations"); key is ""
	owner       string     // with from: the kind the map belongs to ("Cache")
	at          string     // for a flow of another package's builder: where (file:line); pos is then NoPos
}

// collectWrites records constant keys written into annotation and label
// maps, and whether each write happens only on some paths.
func (s *state) collectWrites(fd *ast.FuncDecl) {
	w := &writeWalker{s: s, fd: fd}
	w.walk(fd.Body, false)
}

// A writeWalker walks one function's statements for collectWrites, knowing
// whether the current statement runs only on some paths (cond).
type writeWalker struct {
	s    *state
	fd   *ast.FuncDecl
	read map[string]bool // the constant keys the function looks up; see carried
}

func (w *writeWalker) record(mapExpr, keyExpr ast.Expr, k kind, cond bool, root *types.Var) {
	info := w.s.pass.TypesInfo
	key, ok := merge.ConstString(info, keyExpr)
	if !ok || k == "" {
		return
	}
	if r := astutil.RootVar(info, mapExpr); r != nil {
		root = r
	}
	w.s.writes = append(w.s.writes, write{key: key, keyExpr: keyExpr, pos: keyExpr.Pos(), conditional: cond, kind: k, fn: w.fd, root: root})
}

// lits walks the function literals in n (a CreateOrUpdate mutate
// function): they run as written.
func (w *writeWalker) lits(n ast.Node, cond bool) {
	ast.Inspect(n, func(m ast.Node) bool {
		if lit, ok := m.(*ast.FuncLit); ok {
			w.walk(lit.Body, cond)
			return false
		}
		return true
	})
}

func (w *writeWalker) list(list []ast.Stmt, cond bool) {
	for _, st := range list {
		w.walk(st, cond)
	}
}

func (w *writeWalker) walk(n ast.Node, cond bool) {
	if n == nil {
		return
	}
	switch n := n.(type) {
	case *ast.BlockStmt:
		w.list(n.List, cond)
	case *ast.IfStmt:
		w.walk(n.Init, cond)
		w.walk(n.Body, true)
		w.walk(n.Else, true)
	case *ast.SwitchStmt:
		w.walk(n.Init, cond)
		for _, c := range n.Body.List {
			w.list(c.(*ast.CaseClause).Body, true)
		}
	case *ast.TypeSwitchStmt:
		for _, c := range n.Body.List {
			w.list(c.(*ast.CaseClause).Body, true)
		}
	case *ast.SelectStmt:
		for _, c := range n.Body.List {
			w.list(c.(*ast.CommClause).Body, true)
		}
	case *ast.ForStmt:
		w.walk(n.Body, true)
	case *ast.RangeStmt:
		w.walk(n.Body, true)
	case *ast.LabeledStmt:
		w.walk(n.Stmt, cond)
	case *ast.AssignStmt:
		w.assign(n, cond)
	case *ast.DeclStmt:
		w.decl(n, cond)
	case *ast.ReturnStmt:
		fn := w.s.graph.Func(w.fd)
		for i, r := range n.Results {
			// A builder's literal result has the kind its callers use it as.
			k := kind("")
			if fn != nil {
				k = kind(w.s.flow.ResultKind(fn, i))
			}
			w.s.literals(r, cond, nil, k, w.record)
		}
		w.lits(n, cond)
	case *ast.ExprStmt:
		w.lits(n, cond)
	}
	switch n.(type) {
	case *ast.AssignStmt, *ast.ExprStmt, *ast.ReturnStmt, *ast.DeclStmt:
		w.s.noteCalls(n, cond)
	}
}

// assign records m[K] = v, and the keys of literals assigned to a map of
// a known kind.
func (w *writeWalker) assign(n *ast.AssignStmt, cond bool) {
	info := w.s.pass.TypesInfo
	for i, l := range n.Lhs {
		if ix, ok := ast.Unparen(l).(*ast.IndexExpr); ok {
			if len(n.Lhs) == len(n.Rhs) && w.carried(n.Rhs[i], ix.Index) {
				continue // the live object's value for the key, carried over
			}
			w.record(ix.X, ix.Index, w.s.exprKind(ix.X), cond, nil)
		}
	}
	for i, r := range n.Rhs {
		var r0 *types.Var
		var k kind
		if len(n.Lhs) == len(n.Rhs) {
			r0 = astutil.RootVar(info, n.Lhs[i])
			k = w.s.exprKind(n.Lhs[i])
		}
		w.s.literals(r, cond, r0, k, w.record)
	}
	w.lits(n, cond)
}

// carried reports whether v is the value a live object's map holds
// under the same constant key (`m[K] = live.Labels[K]`, or `val` of `if
// val, ok := live.Labels[K]; ok`; flow.CarriesEntry): a write that
// happens only while the live object has the key carries it over and
// cannot strand it.
func (w *writeWalker) carried(v, key ast.Expr) bool {
	tv, ok := w.s.pass.TypesInfo.Types[key]
	if !ok || tv.Value == nil {
		return false
	}
	if w.read == nil {
		w.read = keysRead(w.s.pass.TypesInfo, w.fd.Body)
	}
	if !w.read[tv.Value.ExactString()] {
		return false // the function looks the key up nowhere: no value of it is a lookup
	}
	return w.s.flow.CarriesEntry(v, tv.Value)
}

// keysRead returns the constant keys (ExactString) of the index
// expressions in body that are not assigned to.
func keysRead(info *types.Info, body *ast.BlockStmt) map[string]bool {
	assigned := map[ast.Expr]bool{}
	out := map[string]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.AssignStmt:
			for _, l := range x.Lhs {
				assigned[ast.Unparen(l)] = true
			}
		case *ast.IndexExpr:
			if tv, ok := info.Types[x.Index]; ok && tv.Value != nil && !assigned[x] {
				out[tv.Value.ExactString()] = true
			}
		}
		return true
	})
	return out
}

// decl records the keys of literals in var declarations.
func (w *writeWalker) decl(n *ast.DeclStmt, cond bool) {
	info := w.s.pass.TypesInfo
	ast.Inspect(n, func(m ast.Node) bool {
		if vs, ok := m.(*ast.ValueSpec); ok {
			for i, v := range vs.Values {
				var r0 *types.Var
				if i < len(vs.Names) {
					r0, _ = info.Defs[vs.Names[i]].(*types.Var)
				}
				w.s.literals(v, cond, r0, "", w.record)
			}
		}
		return true
	})
}

// noteCalls records, for the package functions with a map result that the
// statement n calls (outside function literals), whether the call runs
// only on some paths (cond).
func (s *state) noteCalls(n ast.Node, cond bool) {
	ast.Inspect(n, func(m ast.Node) bool {
		if _, ok := m.(*ast.FuncLit); ok {
			return false
		}
		call, ok := m.(*ast.CallExpr)
		if !ok {
			return true
		}
		fn := k8s.Callee(s.pass.TypesInfo, call)
		d := s.graph.Decl(fn)
		if d == nil {
			return true
		}
		sig := fn.Type().(*types.Signature)
		for i := range sig.Results().Len() {
			if _, isMap := sig.Results().At(i).Type().Underlying().(*types.Map); isMap {
				if cond {
					s.calledIf[d] = true
				} else {
					s.calledAlways[d] = true
				}
				break
			}
		}
		return true
	})
}

// onlyIf reports whether w is written by a builder that is called only on
// some paths: `if spec.Metrics { maps.Copy(ann, metricsAnnotations()) }`
// writes metricsAnnotations' keys only sometimes, though its literal holds
// them always.
func (s *state) onlyIf(w write) bool {
	return s.calledIf[w.fn] && !s.calledAlways[w.fn]
}

// literals records keys written by map literals inside e, with the kind
// their place gives them: `Annotations: map[string]string{K: v}` or a
// literal assigned to a variable of a known kind.
func (s *state) literals(e ast.Expr, cond bool, root *types.Var, k kind, record func(mapExpr, keyExpr ast.Expr, k kind, cond bool, root *types.Var)) {
	info := s.pass.TypesInfo
	switch x := ast.Unparen(e).(type) {
	case *ast.UnaryExpr:
		s.literals(x.X, cond, root, k, record)
	case *ast.CompositeLit:
		if _, isMap := info.TypeOf(x).Underlying().(*types.Map); isMap {
			if k == "" && root != nil {
				k = kind(s.flow.VarKind(root))
			}
			for _, elt := range x.Elts {
				if kv, ok := elt.(*ast.KeyValueExpr); ok {
					record(nil, kv.Key, k, cond, root)
				}
			}
			return
		}
		tmpl := k8s.IsNamed(info.TypeOf(x), k8s.CoreV1, "PodTemplateSpec")
		for _, elt := range x.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				var fk kind
				if id, ok := kv.Key.(*ast.Ident); ok {
					v, _ := info.Uses[id].(*types.Var)
					fk = inTemplate(fieldKind(v), tmpl)
				}
				s.literals(kv.Value, cond, root, fk, record)
			} else {
				s.literals(elt, cond, root, "", record)
			}
		}
	}
}

// crMap returns the text of e when e is a map of a custom resource: a
// map[string]string field of a struct declared in an API package outside
// k8s.io (a package declaring a kind, or one of the api-packages), other
// than the metadata's own Annotations and Labels.
func (s *state) crMap(e ast.Expr) (string, bool) {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return "", false
	}
	v, _ := s.pass.TypesInfo.Uses[sel.Sel].(*types.Var)
	if v == nil || !v.IsField() || v.Pkg() == nil || strings.HasPrefix(v.Pkg().Path(), "k8s.io/") || k8s.MetadataField(v) != "" {
		return "", false
	}
	if m, ok := v.Type().Underlying().(*types.Map); !ok || !isString(m.Key()) || !isString(m.Elem()) {
		return "", false
	}
	if !s.api.IsAPIField(v) {
		return "", false
	}
	return types.ExprString(e), true
}

func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// collectFromCR records the places where a custom resource's map flows
// into an annotations or labels map: assigned (alone or through a merge),
// copied in (maps.Copy, an overlay loop), or given as a literal's field.
func (s *state) collectFromCR(fd *ast.FuncDecl) {
	info := s.pass.TypesInfo
	record := func(src ast.Expr, k kind, root *types.Var, pos token.Pos) {
		if k == "" {
			return
		}
		if text, ok := s.crMap(src); ok {
			owner := "custom resource"
			if r := astutil.RootVar(info, src); r != nil {
				if k8s.IsKind(r.Type()) {
					owner = k8s.Named(r.Type()).Obj().Name()
				}
			}
			s.writes = append(s.writes, write{from: text, owner: owner, pos: pos, kind: k, fn: fd, root: root})
		}
	}
	// src, or the maps a union merge src calls combines
	sources := func(src ast.Expr) []ast.Expr {
		if call, ok := ast.Unparen(src).(*ast.CallExpr); ok {
			if m, ok := s.merges.Call(call); ok && m.Kind == merge.Union {
				return []ast.Expr{m.A, m.B}
			}
		}
		return []ast.Expr{src}
	}
	// lit records the fields of a composite literal (and the literals
	// nested in it) that take a custom resource's map; root is the
	// variable the literal is assigned to, if any.
	seen := map[*ast.CompositeLit]bool{}
	var lit func(l *ast.CompositeLit, root *types.Var, tmpl bool)
	lit = func(l *ast.CompositeLit, root *types.Var, tmpl bool) {
		seen[l] = true
		tmpl = tmpl || k8s.IsTemplate(info.TypeOf(l))
		for _, elt := range l.Elts {
			kv, ok := elt.(*ast.KeyValueExpr)
			if !ok {
				continue
			}
			if id, ok := kv.Key.(*ast.Ident); ok {
				v, _ := info.Uses[id].(*types.Var)
				for _, src := range sources(kv.Value) {
					record(src, inTemplate(kindOf(k8s.MetadataField(v)), tmpl), root, kv.Pos())
				}
			}
			ast.Inspect(kv.Value, func(m ast.Node) bool {
				if inner, ok := m.(*ast.CompositeLit); ok {
					lit(inner, root, tmpl)
					return false
				}
				return true
			})
		}
	}
	// Returned: where the function's callers send its result is the
	// flow engine's answer (ResultKind), so a custom resource's map it
	// returns goes there (`return cr.Spec.PodAnnotations`).
	if fn := s.graph.Func(fd); fn != nil {
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.FuncLit:
				return false // its returns are its own
			case *ast.ReturnStmt:
				for i, r := range x.Results {
					for _, src := range sources(r) {
						record(src, kind(s.flow.ResultKind(fn, i)), nil, x.Pos())
					}
				}
			}
			return true
		})
	}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.AssignStmt:
			for i, l := range x.Lhs {
				if len(x.Lhs) != len(x.Rhs) {
					break // v, ok := f(): no map of ours
				}
				root := astutil.RootVar(info, l)
				for _, src := range sources(x.Rhs[i]) {
					record(src, s.exprKind(l), root, x.Pos())
				}
				// want := &appsv1.Deployment{... Annotations: cr.Spec.X ...}
				ast.Inspect(x.Rhs[i], func(m ast.Node) bool {
					if cl, ok := m.(*ast.CompositeLit); ok {
						lit(cl, root, k8s.ThroughTemplate(info, l))
						return false
					}
					return true
				})
			}
			return true
		case *ast.CompositeLit:
			if !seen[x] {
				lit(x, nil, false) // returned, passed, declared: no variable of this function
			}
			return true // closures inside run as written
		case *ast.CallExpr:
			if m, ok := s.merges.Call(x); ok && m.Kind == merge.Into {
				record(m.Src, s.exprKind(m.Dst), astutil.RootVar(info, m.Dst), x.Pos())
			}
		case *ast.RangeStmt:
			if m, ok := s.merges.Loop(x); ok {
				record(m.Src, s.exprKind(m.Dst), astutil.RootVar(info, m.Dst), x.Pos())
			}
		}
		return true
	})
}
