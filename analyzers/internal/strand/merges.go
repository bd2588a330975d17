// Merges: the preserving merges into a live object's annotations or
// labels, and the decision whether a key written into the desired map
// strands there.

package strand

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/astutil"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/flow"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/k8s"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/live"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/merge"
)

// A found merge into a live object's annotations or labels.
type found struct {
	at      ast.Node // the call or range statement
	dest    ast.Expr // the live field
	desired ast.Expr
	kind    kind
	prunes  []string
	merged  *ast.Ident // `merged := Merge(...)`, for the fix
	stmt    ast.Stmt   // the statement holding the merge
}

// checkMerges finds preserving merges into live objects in fd.
func (s *state) checkMerges(fd *ast.FuncDecl, generated bool) {
	stored := s.storedMerges(fd)
	var list []found
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			list = append(list, s.assignedMerges(n, stored)...)
		case *ast.ExprStmt:
			list = append(list, s.callMerges(fd, n, stored)...)
		case *ast.RangeStmt:
			if m, ok := s.merges.Loop(n); ok {
				if f, ok := s.into(fd, n, m, stored); ok {
					list = append(list, f)
				}
			}
		}
		return true
	})
	for _, f := range list {
		s.decide(fd, f, generated)
	}
}

// A stored is a map value given to an object's annotations or labels:
// assigned to the field, or handed to a setter.
type stored struct {
	val  ast.Expr // the value stored
	dest ast.Expr // the field assigned, or the setter call
}

// storedMerges lists the values fd gives to an annotations or labels
// field (`obj.Annotations = merged`), then to a setter
// (`obj.SetLabels(merged)`): destinations destKind and the live-object
// engine understand. Which merge a stored value holds is the engine's
// question (storedAt).
func (s *state) storedMerges(fd *ast.FuncDecl) []stored {
	info := s.pass.TypesInfo
	var fields, setters []stored
	astutil.Assignments(fd.Body, func(l, r ast.Expr) {
		// A local given the map is not a destination: Holds follows it.
		if _, local := ast.Unparen(l).(*ast.Ident); !local && s.exprKind(l) != "" {
			fields = append(fields, stored{r, l})
		}
	})
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if field, _ := k8s.MetadataSetter(info, call); field != "" {
				setters = append(setters, stored{call.Args[0], call})
			}
		}
		return true
	})
	slices.Reverse(fields) // the last assignment of a value names it
	return append(fields, setters...)
}

// storedAt returns where the map e computes or holds is stored: the first
// of stored whose value holds it.
func (s *state) storedAt(list []stored, e ast.Expr) (ast.Expr, bool) {
	for _, st := range list {
		if s.flow.Holds(st.val, e) {
			return st.dest, true
		}
	}
	return nil, false
}

// assignedMerges returns the union merges assigned in n into a live
// object's annotations or labels, directly or through a variable stored
// there (for the fix, the variable and the statement).
func (s *state) assignedMerges(n *ast.AssignStmt, stored []stored) []found {
	if len(n.Lhs) != len(n.Rhs) {
		return nil
	}
	var list []found
	for i, rhs := range n.Rhs {
		call, ok := ast.Unparen(rhs).(*ast.CallExpr)
		if !ok {
			continue
		}
		m, ok := s.merges.Call(call)
		if !ok || m.Kind != merge.Union {
			continue
		}
		dest := n.Lhs[i]
		var mergedID *ast.Ident
		if id, ok := ast.Unparen(dest).(*ast.Ident); ok {
			if st, ok := s.storedAt(stored, call); ok {
				dest, mergedID = st, id
			}
		}
		if f, ok := s.union(call, dest, m); ok {
			f.merged, f.stmt = mergedID, n
			list = append(list, f)
		}
	}
	return list
}

// callMerges returns the merges a call statement makes into a live
// object's annotations or labels: maps.Copy or a copy helper, or
// obj.SetAnnotations(Merge(desired, obj.GetAnnotations())).
func (s *state) callMerges(fd *ast.FuncDecl, n *ast.ExprStmt, stored []stored) []found {
	call, ok := ast.Unparen(n.X).(*ast.CallExpr)
	if !ok {
		return nil
	}
	var list []found
	if m, ok := s.merges.Call(call); ok && m.Kind == merge.Into {
		if f, ok := s.into(fd, call, m, stored); ok {
			list = append(list, f)
		}
	}
	if field, _ := k8s.MetadataSetter(s.pass.TypesInfo, call); field != "" {
		if inner, ok := ast.Unparen(call.Args[0]).(*ast.CallExpr); ok {
			if m, ok := s.merges.Call(inner); ok && m.Kind == merge.Union {
				if f, ok := s.union(inner, call, m); ok {
					list = append(list, f)
				}
			}
		}
	}
	return list
}

// destKind returns the kind of a destination: a field, or a setter call.
func (s *state) destKind(dest ast.Expr) kind {
	if call, ok := dest.(*ast.CallExpr); ok {
		if field, recv := k8s.MetadataSetter(s.pass.TypesInfo, call); field != "" {
			return inTemplate(kindOf(field), k8s.ThroughTemplate(s.pass.TypesInfo, recv))
		}
	}
	return s.exprKind(dest)
}

// union checks a union merge whose result lands in dest.
func (s *state) union(call *ast.CallExpr, dest ast.Expr, m merge.Merge) (found, bool) {
	k := s.destKind(dest)
	if k == "" || s.live.Expr(dest) == live.NotLive {
		return found{}, false // not the annotations or labels of a live object
	}
	// The desired side is the argument not read from the live object.
	aLive := s.live.Expr(m.A) != live.NotLive
	bLive := s.live.Expr(m.B) != live.NotLive
	var desired ast.Expr
	switch {
	case aLive && !bLive:
		desired = m.B
	case bLive && !aLive:
		desired = m.A
	case aLive && bLive:
		// The inverse form, desired.Annotations = Merge(live.Annotations,
		// desired.Annotations) before Update(desired): desired is "live"
		// only because it is written; the side read from the server is the
		// live one.
		aRead, bRead := s.read(m.A), s.read(m.B)
		switch {
		case aRead && !bRead:
			desired = m.B
		case bRead && !aRead:
			desired = m.A
		default:
			return found{}, false
		}
	default:
		return found{}, false // cannot tell desired from live: stay silent
	}
	return found{at: call, dest: dest, desired: desired, kind: k, prunes: m.Prunes}, true
}

// read reports whether e belongs to an object read from the server (Get,
// List, a mutate function's object), not one only written back.
func (s *state) read(e ast.Expr) bool {
	v := astutil.RootVar(s.pass.TypesInfo, e)
	return v != nil && live.IsRead(s.live.VarReason(v))
}

// into checks an into merge (maps.Copy, a copy helper, an overlay loop).
func (s *state) into(fd *ast.FuncDecl, at ast.Node, m merge.Merge, stored []stored) (found, bool) {
	dest := m.Dst
	if id, ok := ast.Unparen(dest).(*ast.Ident); ok {
		if st, ok := s.storedAt(stored, dest); ok {
			if s.replaces(fd, id) {
				return found{}, false
			}
			dest = st // a local map the function then gives to the object
		}
	}
	k := s.destKind(dest)
	if k == "" || s.live.Expr(dest) == live.NotLive || s.live.Expr(m.Src) != live.NotLive {
		return found{}, false
	}
	return found{at: at, dest: dest, desired: m.Src, kind: k, prunes: m.Prunes}, true
}

// replaces reports whether the local map id, which the function gives to
// an object's annotations or labels, is made here (flow.Result.FreshMap)
// and nothing copied into it comes from a live object: stored, it
// replaces the object's map whole, so a key no longer desired goes with
// it. A map that also takes the live keys (`maps.Copy(m, live.Annotations)`,
// or a copy loop over them) keeps them: a merge.
func (s *state) replaces(fd *ast.FuncDecl, id *ast.Ident) bool {
	v := astutil.IdentVar(s.pass.TypesInfo, id)
	if v == nil || !s.flow.FreshMap(v) {
		return false
	}
	carried := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		var m merge.Merge
		var ok bool
		switch n := n.(type) {
		case *ast.CallExpr:
			m, ok = s.merges.Call(n)
		case *ast.RangeStmt:
			m, ok = s.merges.Loop(n)
		}
		if ok && m.Kind == merge.Into && astutil.RootVar(s.pass.TypesInfo, m.Dst) == v && s.live.Expr(m.Src) != live.NotLive {
			carried = true
		}
		return !carried
	})
	return !carried
}

// decide works out which owned keys can strand at a merge, and records
// them.
func (s *state) decide(fd *ast.FuncDecl, f found, generated bool) {
	traced, ok := s.trace(fd, f.desired, f.kind)
	if !ok {
		// Untraced: any desired map of the kind may be the one merged. A
		// key written straight into a live object's map is in none.
		traced = nil
		for _, w := range s.writes {
			if w.kind == f.kind && !s.intoLive(w) {
				traced = append(traced, w)
			}
		}
	}
	until := flow.Anchor(f.at) // the merge: a call, or the ranged map of a copy loop
	traced = s.beforeMerge(fd, until, traced)
	always := map[string]bool{}
	for _, w := range traced {
		if !w.conditional && !s.onlyIf(w, fd, until) {
			always[w.key] = true
		}
	}
	owned := map[string][]write{}
	for _, w := range traced {
		// A custom resource's map (from, no key of its own) is
		// decideFromCR's.
		if w.from == "" && (w.conditional || s.onlyIf(w, fd, until)) && !always[w.key] {
			owned[w.key] = append(owned[w.key], w)
		}
	}
	for _, w := range s.writes {
		if w.kind == f.kind && !always[w.key] && s.ownedByPrefix(w.key) && len(owned[w.key]) == 0 {
			owned[w.key] = append(owned[w.key], w)
		}
	}
	for _, k := range f.prunes {
		delete(owned, k)
	}
	for k := range s.deletedIn(fd, 3) {
		delete(owned, k)
	}
	if ok {
		s.decideFromCR(fd, f, traced, generated)
	}
	if len(owned) == 0 {
		return
	}
	keys := make([]string, 0, len(owned))
	for k := range owned {
		keys = append(keys, k)
		s.result.Strands[k] = append(s.result.Strands[k], f.at.Pos())
	}
	slices.Sort(keys)
	out := Finding{
		At: f.at, Object: s.objectName(f.dest), Kind: string(f.kind), Keys: keys,
		Desired: f.desired, Merged: f.merged, Stmt: f.stmt, Generated: generated,
	}
	for _, k := range keys {
		var ws []Write
		for _, w := range owned[k] {
			ws = append(ws, Write{Pos: w.pos, KeyExpr: w.keyExpr})
		}
		out.Writes = append(out.Writes, ws)
	}
	s.result.Findings = append(s.result.Findings, out)
}

// intoLive reports whether w writes into the map of a live object.
func (s *state) intoLive(w write) bool {
	return w.root != nil && s.live.At(w.root, w.pos) != live.NotLive
}

// decideFromCR records a finding when entries of a custom resource's maps
// reach the desired map of a preserving merge: the keys are the user's,
// and one the user removes stays on the live object. A merge that prunes
// keys it is not told (a delete with a key that is not a constant, in the
// merging function or a helper it calls: a three-way merge against what
// was applied before) is silent.
func (s *state) decideFromCR(fd *ast.FuncDecl, f found, traced []write, generated bool) {
	var flows []write
	for _, w := range traced {
		if w.from != "" {
			flows = append(flows, w)
		}
	}
	if len(flows) == 0 || s.prunesAny(fd) {
		return
	}
	named := slices.ContainsFunc(flows, func(w write) bool { return w.owner != "custom resource" })
	// traced comes partly from a set of builders: order by position.
	slices.SortStableFunc(flows, func(a, b write) int { return int(a.pos - b.pos) })
	var from, owners, fromAt []string
	var at []token.Pos
	for _, w := range flows {
		if !slices.Contains(from, w.from) {
			from = append(from, w.from)
			at = append(at, w.pos)
			fromAt = append(fromAt, w.at)
		}
		// A part of the resource held in a variable (overrides :=
		// cr.Spec.Overrides) is that resource's when a kind is named too.
		if !slices.Contains(owners, w.owner) && !(named && w.owner == "custom resource") {
			owners = append(owners, w.owner)
		}
	}
	s.result.Findings = append(s.result.Findings, Finding{
		At: f.at, Object: s.objectName(f.dest), Kind: string(f.kind),
		Desired: f.desired, Generated: generated, From: from, FromPos: at, FromAt: fromAt, Owners: owners,
	})
}

// prunesAny reports whether fd, or a package function it calls (3 deep),
// deletes a key that is not a constant.
func (s *state) prunesAny(fd *ast.FuncDecl) bool {
	for d := range s.reachable(map[*ast.FuncDecl]bool{fd: true}, 3) {
		if _, ok := s.deletesOf(d)[anyKey]; ok {
			return true
		}
	}
	return false
}

// objectName names the live object's type: "Deployment", or "object".
func (s *state) objectName(dest ast.Expr) string {
	root := astutil.RootVar(s.pass.TypesInfo, dest)
	name := "object"
	if root != nil {
		if n := k8s.Named(root.Type()); n != nil && !types.IsInterface(n) {
			name = n.Obj().Name() // not client.Object's "Object": the kind is not known
		}
		if k8s.IsTemplate(root.Type()) {
			name = "workload" // a template taken from a workload
		}
	}
	return name
}

func (s *state) ownedByPrefix(key string) bool {
	for _, p := range s.cfg.OwnedPrefixes {
		if strings.HasPrefix(key, p) {
			return true
		}
	}
	return false
}
