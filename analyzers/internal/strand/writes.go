// Writes: the constant keys written into annotations and labels maps,
// whether only on some paths, and the custom resource maps copied into them.

package strand

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
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
	point       ast.Expr   // where the write runs: the map written, or the literal holding the key
}

// collectWrites records constant keys written into annotation and label
// maps, and whether each key is written only on some paths: the flow
// engine's Always, asked for the writes of one key in the function
// together (written on both branches of an if is written always). It
// records too the function's calls of the package's functions (see
// onlyIf). A write the engine has no point for counts as made always:
// the silent side.
func (s *state) collectWrites(fd *ast.FuncDecl) {
	w := &writeWalker{s: s, fd: fd}
	first := len(s.writes)
	w.walk(fd.Body)
	s.settle(s.writes[first:], nil, func(write) bool { return true })
	for _, call := range w.calls {
		d := s.graph.Decl(k8s.Callee(s.pass.TypesInfo, call))
		s.callsOf[d] = append(s.callsOf[d], noted{caller: fd, call: call})
	}
}

// A noted call is a call of a function of the package, in caller.
type noted struct {
	caller *ast.FuncDecl
	call   *ast.CallExpr
}

// settle sets, for the writes of ws that in accepts, grouped by key and
// function, whether the key is written only on some paths: of their
// function to a successful return, or to until when it is in that
// function (flow.Result.Always).
func (s *state) settle(ws []write, until ast.Expr, in func(write) bool) {
	type group struct {
		fn  *ast.FuncDecl
		key string
	}
	byGroup := map[group][]int{}
	var order []group
	for i, w := range ws {
		if w.point == nil || !in(w) {
			continue
		}
		g := group{w.fn, w.key}
		if byGroup[g] == nil {
			order = append(order, g)
		}
		byGroup[g] = append(byGroup[g], i)
	}
	for _, g := range order {
		points := make([]ast.Expr, 0, len(byGroup[g]))
		for _, i := range byGroup[g] {
			points = append(points, ws[i].point)
		}
		always, known := s.flow.Always(until, points...)
		for _, i := range byGroup[g] {
			ws[i].conditional = known && !always
		}
	}
}

// beforeMerge returns ws with the writes made in fd, the function of the
// merge at until, conditional again as the paths to the merge make them:
// a key written before the merge on every path that reaches it is
// written always, whatever returns before (`if !changed { return nil }`).
func (s *state) beforeMerge(fd *ast.FuncDecl, until ast.Expr, ws []write) []write {
	if until == nil {
		return ws
	}
	out := slices.Clone(ws)
	s.settle(out, until, func(w write) bool { return w.fn == fd })
	return out
}

// A writeWalker walks one function's statements for collectWrites.
type writeWalker struct {
	s     *state
	fd    *ast.FuncDecl
	read  map[string]bool // the constant keys the function looks up; see carried
	calls []*ast.CallExpr // calls of the package's functions
}

func (w *writeWalker) record(mapExpr, keyExpr ast.Expr, k kind, root *types.Var, point ast.Expr) {
	info := w.s.pass.TypesInfo
	key, ok := merge.ConstString(info, keyExpr)
	if !ok || k == "" {
		return
	}
	if r := astutil.RootVar(info, mapExpr); r != nil {
		root = r
	}
	w.s.writes = append(w.s.writes, write{key: key, keyExpr: keyExpr, pos: keyExpr.Pos(), kind: k, fn: w.fd, root: root, point: point})
}

// walk visits the statements of body, those of the function literals in
// it included (a CreateOrUpdate mutate function): whether each runs on
// every path is the flow engine's answer (collectWrites), not their
// nesting.
func (w *writeWalker) walk(body *ast.BlockStmt) {
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			w.assign(n)
		case *ast.DeclStmt:
			w.decl(n)
		case *ast.ReturnStmt:
			fn := w.s.graph.Func(w.fd)
			for i, r := range n.Results {
				// A builder's literal result has the kind its callers use it as.
				k := kind("")
				if fn != nil {
					k = kind(w.s.flow.ResultKind(fn, i))
				}
				w.s.literals(r, nil, k, w.record)
			}
		case *ast.ExprStmt:
		default:
			return true
		}
		w.noteCalls(n)
		return true
	})
}

// assign records m[K] = v, and the keys of literals assigned to a map of
// a known kind.
func (w *writeWalker) assign(n *ast.AssignStmt) {
	info := w.s.pass.TypesInfo
	for i, l := range n.Lhs {
		if ix, ok := ast.Unparen(l).(*ast.IndexExpr); ok {
			if len(n.Lhs) == len(n.Rhs) && w.carried(n.Rhs[i], ix.Index) {
				continue // the live object's value for the key, carried over
			}
			w.record(ix.X, ix.Index, w.s.exprKind(ix.X), nil, ix.X)
		}
	}
	for i, r := range n.Rhs {
		var r0 *types.Var
		var k kind
		if len(n.Lhs) == len(n.Rhs) {
			r0 = astutil.RootVar(info, n.Lhs[i])
			k = w.s.exprKind(n.Lhs[i])
		}
		w.s.literals(r, r0, k, w.record)
	}
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
func (w *writeWalker) decl(n *ast.DeclStmt) {
	info := w.s.pass.TypesInfo
	ast.Inspect(n, func(m ast.Node) bool {
		if vs, ok := m.(*ast.ValueSpec); ok {
			for i, v := range vs.Values {
				var r0 *types.Var
				if i < len(vs.Names) {
					r0, _ = info.Defs[vs.Names[i]].(*types.Var)
				}
				w.s.literals(v, r0, "", w.record)
			}
		}
		return true
	})
}

// noteCalls records the calls the statement n makes (outside function
// literals) of the package's functions; collectWrites asks whether each
// runs on every path.
func (w *writeWalker) noteCalls(n ast.Node) {
	ast.Inspect(n, func(m ast.Node) bool {
		if _, ok := m.(*ast.FuncLit); ok {
			return false
		}
		if call, ok := m.(*ast.CallExpr); ok && w.s.graph.Decl(k8s.Callee(w.s.pass.TypesInfo, call)) != nil {
			w.calls = append(w.calls, call)
		}
		return true
	})
}

// onlyIf reports whether w is written by a function of the package that
// is called only on some paths: `if spec.Metrics { maps.Copy(ann,
// metricsAnnotations()) }` writes metricsAnnotations' keys only
// sometimes, though its literal holds them always, and so does a helper
// handed the object in one case of a switch. When fd, the function of the
// merge at until, calls it, what counts is the paths to the merge: a
// builder called before it on each of them writes always, whatever its
// other callers do. Otherwise it is called only on some paths when no
// call of the package runs on every path of its caller.
func (s *state) onlyIf(w write, fd *ast.FuncDecl, until ast.Expr) bool {
	inFd := false
	for _, c := range s.callsOf[w.fn] {
		if c.caller != fd || until == nil {
			continue
		}
		inFd = true
		if always, known := s.flow.Always(until, c.call); !known || always {
			return false
		}
	}
	if inFd {
		return true
	}
	only, ok := s.calledIf[w.fn]
	if !ok {
		// Called only on some paths when no call runs on every path of
		// its caller (a call the engine has no point for counts as one
		// that does).
		calls := s.callsOf[w.fn]
		only = len(calls) > 0
		for _, c := range calls {
			if always, known := s.flow.Always(nil, c.call); !known || always {
				only = false
				break
			}
		}
		s.calledIf[w.fn] = only
	}
	return only
}

// literals records keys written by map literals inside e, with the kind
// their place gives them: `Annotations: map[string]string{K: v}` or a
// literal assigned to a variable of a known kind.
func (s *state) literals(e ast.Expr, root *types.Var, k kind, record func(mapExpr, keyExpr ast.Expr, k kind, root *types.Var, point ast.Expr)) {
	info := s.pass.TypesInfo
	switch x := ast.Unparen(e).(type) {
	case *ast.UnaryExpr:
		s.literals(x.X, root, k, record)
	case *ast.CompositeLit:
		if _, isMap := info.TypeOf(x).Underlying().(*types.Map); isMap {
			if k == "" && root != nil {
				k = kind(s.flow.VarKind(root))
			}
			for _, elt := range x.Elts {
				if kv, ok := elt.(*ast.KeyValueExpr); ok {
					record(nil, kv.Key, k, root, x)
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
				s.literals(kv.Value, root, fk, record)
			} else {
				s.literals(elt, root, "", record)
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
