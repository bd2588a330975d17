package maporder

// The walk: one function's statements, matched for what puts map order
// into a value (an append in a loop over a map, a write to a builder, a
// callee filling a list), what clears it (a sort) and where it lands (a
// sink, a result); the flow engine's Taint carries it between them.

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/astutil"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/flow"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/k8s"
)

// fnState is the state of one function walk.
type fnState struct {
	p       *pkgState
	fn      *types.Func
	sum     *summary
	params  map[*types.Var]int
	report  bool
	litDeep int            // > 0 inside a function literal
	lits    []*ast.FuncLit // the function literals being walked, innermost last
	body    *ast.BlockStmt
	decl    *ast.FuncDecl
	// t carries map order through the function's values (the flow
	// engine's Taint): the walk adds it where a statement puts it (an
	// append in a loop over a map, a write to a builder) and clears it
	// where a sort runs.
	t *flow.Taint[*origin]
	// final is set for the last walk, once the engine has carried what
	// the statements put: only it records sinks and the summary.
	final bool
	// sortCalls says whether the function calls anything that sorts in
	// place (computed on first use; see sortedLater).
	sortCalls *bool
	// litCtx holds the loop a function literal runs in when the function
	// it is handed to calls it once per entry of a map.
	litCtx map[*ast.FuncLit]*loopCtx
}

// loopCtx is the innermost loop whose iteration order is map order.
type loopCtx struct {
	origins taint
	body    *ast.BlockStmt
	// preserves lists the lists that the current branch appends to only
	// when an entry is missing from them (see missingFrom).
	preserves []astutil.Path
	// remainders lists the lists a loop over what is left of a map
	// appends to, after a loop over an existing list took its entries out
	// (see remainderOf).
	remainders []astutil.Path
	// afterParams lists the lists such a loop appends to after a loop over
	// a parameter: in map order, unless the caller passed the list it
	// assigns the result to (see keptAfter).
	afterParams []paramRemainder
	// rng is the range statement of the loop, when it is one.
	rng *ast.RangeStmt
}

// A paramRemainder is a list that the rest of a map is appended to after
// the entries of parameter param.
type paramRemainder struct {
	list  astutil.Path
	param int
}

func (s *fnState) block(list []ast.Stmt, ctx *loopCtx) {
	for _, st := range list {
		s.stmt(st, ctx)
	}
}

func (s *fnState) stmt(st ast.Stmt, ctx *loopCtx) {
	switch st := st.(type) {
	case *ast.BlockStmt:
		s.block(st.List, ctx)
	case *ast.ExprStmt:
		s.expr(st.X, ctx)
	case *ast.AssignStmt:
		s.assign(st, ctx)
	case *ast.DeclStmt:
		if gd, ok := st.Decl.(*ast.GenDecl); ok && gd.Tok == token.VAR {
			for _, spec := range gd.Specs {
				for _, v := range spec.(*ast.ValueSpec).Values {
					s.expr(v, ctx)
				}
			}
		}
	case *ast.IfStmt:
		if st.Init != nil {
			s.stmt(st.Init, ctx)
		}
		s.expr(st.Cond, ctx)
		body := ctx
		if ctx != nil {
			if lists := s.missingFrom(st); len(lists) > 0 {
				c := *ctx
				c.preserves = append(slices.Clone(ctx.preserves), lists...)
				body = &c
			}
		}
		s.block(st.Body.List, body)
		if st.Else != nil {
			s.stmt(st.Else, ctx)
		}
	case *ast.ForStmt:
		if st.Init != nil {
			s.stmt(st.Init, ctx)
		}
		if st.Cond != nil {
			s.expr(st.Cond, ctx)
		}
		s.block(st.Body.List, ctx)
		if st.Post != nil {
			s.stmt(st.Post, ctx)
		}
	case *ast.RangeStmt:
		s.rangeStmt(st, ctx)
	case *ast.SwitchStmt:
		if st.Init != nil {
			s.stmt(st.Init, ctx)
		}
		if st.Tag != nil {
			s.expr(st.Tag, ctx)
		}
		s.clauses(st.Body, ctx)
	case *ast.TypeSwitchStmt:
		if st.Init != nil {
			s.stmt(st.Init, ctx)
		}
		s.stmt(st.Assign, ctx)
		s.clauses(st.Body, ctx)
	case *ast.SelectStmt:
		for _, c := range st.Body.List {
			cc := c.(*ast.CommClause)
			if cc.Comm != nil {
				s.stmt(cc.Comm, ctx)
			}
			s.block(cc.Body, ctx)
		}
	case *ast.LabeledStmt:
		s.stmt(st.Stmt, ctx)
	case *ast.ReturnStmt:
		s.returnStmt(st, ctx)
	case *ast.DeferStmt:
		s.expr(st.Call, ctx)
	case *ast.GoStmt:
		s.expr(st.Call, ctx)
	case *ast.SendStmt:
		s.expr(st.Chan, ctx)
		s.expr(st.Value, ctx)
	case *ast.IncDecStmt:
		s.expr(st.X, ctx)
	}
}

// clauses walks each case of a switch.
func (s *fnState) clauses(body *ast.BlockStmt, ctx *loopCtx) {
	for _, c := range body.List {
		cc := c.(*ast.CaseClause)
		for _, e := range cc.List {
			s.expr(e, ctx)
		}
		s.block(cc.Body, ctx)
	}
}

// rangeStmt walks a range loop. A range over a map (or maps.Keys/Values/All
// of one), or over a value already in map order, runs its body in map order.
func (s *fnState) rangeStmt(st *ast.RangeStmt, ctx *loopCtx) {
	s.expr(st.X, ctx)
	info := s.p.pass.TypesInfo
	var order taint
	if tv, ok := info.Types[st.X]; ok {
		if _, isMap := tv.Type.Underlying().(*types.Map); isMap {
			order = taint{s.p.origin(st, 0, func() *origin {
				return &origin{kind: rangeOrigin, mapName: exprText(st.X)}
			})}
		}
	}
	if order == nil {
		if call, ok := ast.Unparen(st.X).(*ast.CallExpr); ok && len(call.Args) == 1 {
			fn := k8s.Callee(info, call)
			if mapSeq(fn) {
				order = taint{s.p.origin(st, 0, func() *origin {
					return &origin{kind: rangeOrigin, mapName: exprText(call.Args[0])}
				})}
			}
		}
	}
	if order == nil {
		order = s.taintOf(st.X)
	}
	// Loop variables carry the elements of an ordered slice, not its order.
	inner := ctx
	if len(order) > 0 {
		o := order
		if ctx != nil {
			o = union(slices.Clone(ctx.origins), order)
		}
		rem, after := s.remainderOf(st)
		inner = &loopCtx{origins: o, body: st.Body, remainders: rem, afterParams: after, rng: st}
	}
	s.block(st.Body.List, inner)
}

// remainderOf returns, for a range over a map m, the lists an earlier loop
// over a slice appended to while deleting its entries from m:
//
//	for _, p := range existing { if v, ok := m[p.Name]; ok { out = append(out, v); delete(m, p.Name) } }
//	for _, v := range m { out = append(out, v) } // only what existing lacks, after it
//
// After the first write every entry is in the existing list and the map
// loop adds nothing, so the order is stable. That holds only when the
// slice is an existing list (a field of an object, or a local declared
// from one, as existing decides): a slice built here need not hold what
// the map loop added last time, and then the map's leftovers are appended
// in map order on every call. A slice that is a parameter is returned
// apart (after): whether it holds the list the result replaces is the
// caller's to say (keptAfter).
func (s *fnState) remainderOf(st *ast.RangeStmt) (out []astutil.Path, after []paramRemainder) {
	info := s.p.pass.TypesInfo
	if _, isMap := types.Unalias(info.TypeOf(st.X)).Underlying().(*types.Map); !isMap {
		return nil, nil
	}
	m, ok := astutil.PathOf(info, st.X)
	if !ok {
		return nil, nil
	}
	ast.Inspect(s.body, func(n ast.Node) bool {
		if n == nil || n.Pos() >= st.Pos() {
			return false // the loop itself, or after it
		}
		r, ok := n.(*ast.RangeStmt)
		if !ok || r.End() > st.Pos() {
			return true // not a loop before this one: look inside (an enclosing one too)
		}
		if _, isSlice := types.Unalias(info.TypeOf(r.X)).Underlying().(*types.Slice); !isSlice {
			return true
		}
		q, ok := astutil.PathOf(info, r.X)
		if !ok {
			return true
		}
		param, isParam := -1, false
		if v, ok := q.Root.(*types.Var); ok && len(q.Steps) == 0 {
			param, isParam = s.params[v]
		}
		if !isParam && !s.existing(q) {
			return true // a list built here: not what was written last time
		}
		deletes := false
		var appended []astutil.Path
		ast.Inspect(r.Body, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.CallExpr:
				if dm, _, ok := astutil.Delete(info, x); ok {
					if q, ok := astutil.PathOf(info, dm); ok && q.Equal(m) {
						deletes = true
					}
				}
			case *ast.AssignStmt:
				for i, l := range x.Lhs {
					if i < len(x.Rhs) && isAppendTo(info, x.Rhs[i], l) {
						if q, ok := astutil.PathOf(info, l); ok {
							appended = append(appended, q)
						}
					}
				}
			}
			return true
		})
		if deletes {
			if isParam {
				for _, a := range appended {
					after = append(after, paramRemainder{a, param})
				}
			} else {
				out = append(out, appended...)
			}
		}
		return true
	})
	return out, after
}

func (s *fnState) returnStmt(st *ast.ReturnStmt, ctx *loopCtx) {
	for _, r := range st.Results {
		s.expr(r, ctx)
	}
	if s.litDeep > 0 {
		s.callbackResult(st) // a function literal's return is not the function's
		return
	}
	sig := s.fn.Type().(*types.Signature)
	var per []taint
	switch {
	case len(st.Results) == sig.Results().Len():
		for _, r := range st.Results {
			per = append(per, s.taintOf(r))
		}
	case len(st.Results) == 1:
		if call, ok := ast.Unparen(st.Results[0]).(*ast.CallExpr); ok {
			per = s.callTaints(call)
		}
	case len(st.Results) == 0:
		per = s.t.Returned(st) // named results
	}
	for i, t := range per {
		if !s.final {
			break
		}
		s.p.addOrigins(s.sum.results, i, t)
		for _, o := range t {
			if o.kind == paramOrigin && !s.sum.passes[[2]int{o.param, i}] {
				s.sum.passes[[2]int{o.param, i}] = true
				s.p.changed = true
			}
		}
	}
}

// callbackResult records a sink for what a function literal returns when
// the framework of another package it is handed to writes the literal's
// result into an object (the flow engine's HandedResult).
func (s *fnState) callbackResult(st *ast.ReturnStmt) {
	var t taint
	for _, r := range st.Results {
		t = append(t, s.taintOf(r)...)
	}
	if len(t) == 0 {
		return
	}
	to, fn := s.p.flow.HandedResult(s.lits[len(s.lits)-1])
	if to&flow.Written == 0 || to&flow.Unknown != 0 || fn == nil {
		return
	}
	s.sink(t, fmt.Sprintf("the result of a callback that %s.%s writes into an object", fn.Pkg().Name(), fn.Name()), st.Pos())
}

func (s *fnState) assign(st *ast.AssignStmt, ctx *loopCtx) {
	for _, r := range st.Rhs {
		s.expr(r, ctx)
	}
	for _, l := range st.Lhs {
		if _, ok := l.(*ast.Ident); !ok {
			s.expr(l, ctx)
		}
	}
	// Right-hand taints, one per left-hand side.
	var rts []taint
	if len(st.Rhs) == len(st.Lhs) {
		for _, r := range st.Rhs {
			rts = append(rts, s.taintOf(r))
		}
	} else if len(st.Rhs) == 1 {
		if call, ok := ast.Unparen(st.Rhs[0]).(*ast.CallExpr); ok {
			rts = s.callTaints(call)
		}
	}
	for i, l := range st.Lhs {
		var rt taint
		if i < len(rts) {
			rt = rts[i]
		}
		var rhs ast.Expr
		if len(st.Rhs) == len(st.Lhs) {
			rhs = st.Rhs[i]
		}
		s.assignOne(st, l, rhs, rt, ctx)
	}
}

func (s *fnState) assignOne(st *ast.AssignStmt, lhs, rhs ast.Expr, rt taint, ctx *loopCtx) {
	info := s.p.pass.TypesInfo
	if st.Tok == token.ADD_ASSIGN {
		// s += k: string built in iteration order. A sum of numbers is the
		// same in any order.
		if ctx != nil && s.outer(lhs, ctx) && isBasic(info.TypeOf(lhs), types.IsString) {
			s.t.AddValue(lhs, ctx.origins)
		}
		return
	}
	lhs = ast.Unparen(lhs)

	// Writes into API fields are sinks.
	if field := s.apiField(lhs); field != nil {
		t := s.keptAfter(rt, lhs, rhs)
		if ctx != nil && isAppendTo(info, rhs, lhs) && s.outer(lhs, ctx) && !s.preserved(lhs, ctx) && !s.perEntry(lhs) {
			t = union(slices.Clone(t), s.loopOrigins(lhs, ctx))
		}
		if isSinkField(field) && !s.bookkeeping(field, rhs) && !s.sortedLater(lhs) {
			s.sinkField(t, field, lhs, lhs)
		}
	}
	// A field of the module's own structs: a channel (fields.go).
	if f := s.selectedField(lhs); f != nil && s.p.channel(f) && !s.sortedLater(lhs) {
		t := rt
		if ctx != nil && astutil.IsAppend(info, rhs) && s.outer(lhs, ctx) && !s.preserved(lhs, ctx) && !s.perEntry(lhs) {
			t = union(slices.Clone(t), s.loopOrigins(lhs, ctx)) // appended in iteration order
		}
		s.storeField(f, t, lhs)
	}
	if ix, ok := lhs.(*ast.IndexExpr); ok {
		// obj.Annotations[k] = v: the value lands in an API map.
		if field := s.apiField(ast.Unparen(ix.X)); field != nil && isStringMap(field.Type()) {
			s.sinkField(rt, field, lhs, lhs)
		}
		// A container holding an ordered value holds its order (the
		// engine's); one filled in iteration order holds the loop's.
		if ctx != nil && s.outer(ix.X, ctx) {
			switch types.Unalias(info.TypeOf(ix.X)).Underlying().(type) {
			case *types.Slice, *types.Array:
				if !s.p.flow.ByKey(ix.Index) && !s.inPlace(ix, ctx) {
					s.t.AddAt(ix.X, ctx.origins) // out[i] = ... filled in iteration order
				}
			case *types.Map:
				if isAppendTo(info, rhs, lhs) {
					s.t.AddAt(ix.X, ctx.origins) // groups[g] = append(groups[g], ...)
				}
			}
		}
		return
	}
	if rhs == nil {
		return
	}
	if ctx != nil && astutil.IsAppend(info, rhs) && s.outer(lhs, ctx) && !s.preserved(lhs, ctx) && !s.perEntry(lhs) {
		s.t.AddValue(rhs, s.loopOrigins(lhs, ctx))
	}
	if kept := s.keptAfter(rt, lhs, rhs); len(kept) < len(rt) {
		s.t.Drop(rhs, slices.DeleteFunc(slices.Clone(rt), func(o *origin) bool { return containsOrigin(kept, o) }))
	}
}

// inPlace reports whether ix, stored to, is the element the loop of ctx
// is at in the list it ranges over (`for i := range args { args[i] =
// ... }`): each element is rewritten where it is, and the list keeps the
// order it had.
func (s *fnState) inPlace(ix *ast.IndexExpr, ctx *loopCtx) bool {
	info := s.p.pass.TypesInfo
	if ctx.rng == nil || ctx.rng.Key == nil {
		return false
	}
	key, ok := ctx.rng.Key.(*ast.Ident)
	idx, isIdent := ast.Unparen(ix.Index).(*ast.Ident)
	if !ok || !isIdent || astutil.IdentVar(info, key) == nil || astutil.IdentVar(info, key) != astutil.IdentVar(info, idx) {
		return false
	}
	list, ok := astutil.PathOf(info, ix.X)
	ranged, isPath := astutil.PathOf(info, ctx.rng.X)
	return ok && isPath && list.Equal(ranged)
}

// perEntry reports whether lhs is in an element of a list that the
// entry of the iteration chooses (`tmpl.Spec.Containers[idx].VolumeMounts`
// with idx the index of the container the key names: the flow engine's
// ByKey): each entry appends to its own element, so the order of what an
// element holds is not the iteration's. Two entries choosing the same
// element are not told apart.
func (s *fnState) perEntry(lhs ast.Expr) bool {
	info := s.p.pass.TypesInfo
	for e, ok := lhs, true; ok; e, ok = astutil.Base(info, e) {
		ix, isIndex := ast.Unparen(e).(*ast.IndexExpr)
		if !isIndex {
			continue
		}
		switch types.Unalias(info.TypeOf(ix.X)).Underlying().(type) {
		case *types.Slice, *types.Array:
			if s.p.flow.ByKey(ix.Index) {
				return true
			}
		}
	}
	return false
}

// loopOrigins returns the order an append to lhs in the loop ctx takes:
// the loop's, marked as coming after the entries of a parameter when lhs
// is a list that the rest of a map is appended to after them
// (remainderOf).
func (s *fnState) loopOrigins(lhs ast.Expr, ctx *loopCtx) taint {
	if len(ctx.afterParams) == 0 {
		return ctx.origins
	}
	p, ok := astutil.PathOf(s.p.pass.TypesInfo, lhs)
	if !ok {
		return ctx.origins
	}
	for _, r := range ctx.afterParams {
		if !p.Equal(r.list) {
			continue
		}
		out := make(taint, 0, len(ctx.origins))
		for _, o := range ctx.origins {
			out = append(out, s.p.markedAfter(o, r.param))
		}
		return out
	}
	return ctx.origins
}

// keptAfter drops from t, the order of rhs assigned to lhs, the order of
// entries that rhs, a call, appends after the entries of the argument it
// was given, when that argument is the existing list at lhs itself:
//
//	svc.Spec.Ports = mergePorts(svc.Spec.Ports, wanted)
//
// keeps the ports svc has in their order and adds only those it lacks,
// after them: after the first write nothing moves. The same helper given
// another list (a model's, a new one) adds the rest of the map in map
// order on every call. Only the call's own marks are dropped: a mark that
// came through another function refers to that function's arguments.
func (s *fnState) keptAfter(t taint, lhs, rhs ast.Expr) taint {
	call, ok := ast.Unparen(rhs).(*ast.CallExpr)
	if !ok || len(t) == 0 {
		return t
	}
	info := s.p.pass.TypesInfo
	fn := k8s.Callee(info, call)
	if fn == nil {
		return t
	}
	dst, ok := astutil.PathOf(info, lhs)
	if !ok || !s.existing(dst) {
		return t
	}
	var out taint
	for _, o := range t {
		if o.after > 0 && s.ownMark(o, fn, call) {
			if arg := argFor(call, fn, o.after-1); arg != nil {
				if q, ok := astutil.PathOf(info, arg); ok && q.Equal(dst) {
					continue // the caller's own list goes first: an order-preserving merge
				}
			}
		}
		out = append(out, o)
	}
	return out
}

// ownMark reports whether o, marked after a parameter, is fn's own: made
// by a range inside fn (its summary's result; a wrapper's summary holds
// the range of the function it wraps, whose parameters are not fn's), or
// by this call of fn in another package (its fact's result, which carries
// only fn's own marks).
func (s *fnState) ownMark(o *origin, fn *types.Func, call *ast.CallExpr) bool {
	if o.kind == remoteOrigin {
		return o.node == call
	}
	if sc := fn.Origin().Scope(); sc == nil || !madeIn(o, sc.Pos(), sc.End()) {
		return false
	}
	if sum := s.p.summaries[fn]; sum != nil {
		for _, os := range sum.results {
			if containsOrigin(os, o) {
				return true
			}
		}
	}
	return false
}

// missingFrom returns the lists an if statement tests an entry is missing
// from: `!slices.ContainsFunc(list, ...)`, `!has(list, k)`, or `!seen[k]`
// and `_, ok := seen[k]; !ok` with seen filled by a range over list.
func (s *fnState) missingFrom(st *ast.IfStmt) []astutil.Path {
	info := s.p.pass.TypesInfo
	not, ok := ast.Unparen(st.Cond).(*ast.UnaryExpr)
	if !ok || not.Op != token.NOT {
		return nil
	}
	var index ast.Expr // the map whose keys are the list's entries
	switch x := ast.Unparen(not.X).(type) {
	case *ast.CallExpr:
		var out []astutil.Path
		for _, arg := range x.Args {
			if isSlice(info.TypeOf(arg)) {
				if p, ok := astutil.PathOf(info, arg); ok {
					out = append(out, p)
				}
			}
		}
		return out
	case *ast.IndexExpr:
		index = x.X
	case *ast.Ident:
		// if _, ok := seen[k]; !ok
		as, ok := st.Init.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != 2 || len(as.Rhs) != 1 || astutil.IdentVar(info, x) == nil {
			return nil
		}
		if id, ok := as.Lhs[1].(*ast.Ident); !ok || astutil.IdentVar(info, id) != astutil.IdentVar(info, x) {
			return nil
		}
		ix, ok := ast.Unparen(as.Rhs[0]).(*ast.IndexExpr)
		if !ok {
			return nil
		}
		index = ix.X
	default:
		return nil
	}
	seen, ok := astutil.PathOf(info, index)
	if !ok {
		return nil
	}
	// The lists whose range loops fill seen: for _, e := range list { seen[...] = ... }
	var out []astutil.Path
	ast.Inspect(s.body, func(n ast.Node) bool {
		rs, ok := n.(*ast.RangeStmt)
		if !ok || rs.Pos() >= st.Pos() || !isSlice(info.TypeOf(rs.X)) {
			return true
		}
		list, ok := astutil.PathOf(info, rs.X)
		if !ok {
			return true
		}
		ast.Inspect(rs.Body, func(m ast.Node) bool {
			if as, ok := m.(*ast.AssignStmt); ok {
				for _, l := range as.Lhs {
					if lix, ok := ast.Unparen(l).(*ast.IndexExpr); ok {
						if p, ok := astutil.PathOf(info, lix.X); ok && p.Equal(seen) {
							out = append(out, list)
						}
					}
				}
			}
			return true
		})
		return true
	})
	return out
}

// preserved reports whether appending to lhs in the current branch keeps
// the list's order: the branch appends only entries missing from lhs, and
// lhs starts from an existing list (a field of another object, or a local
// declared from one), not from nothing. Once written, every entry is there
// and nothing is appended again: the map order matters only the first
// time. maporder does not check that the existing list is the live one.
func (s *fnState) preserved(lhs ast.Expr, ctx *loopCtx) bool {
	info := s.p.pass.TypesInfo
	p, ok := astutil.PathOf(info, lhs)
	if !ok {
		return false
	}
	for _, q := range ctx.remainders {
		if p.Equal(q) {
			return true
		}
	}
	for _, q := range ctx.preserves {
		if p.Equal(q) && s.existing(p) {
			return true
		}
	}
	return false
}

// existing reports whether the list at p starts out as an existing list.
func (s *fnState) existing(p astutil.Path) bool {
	info := s.p.pass.TypesInfo
	v, ok := p.Root.(*types.Var)
	if !ok {
		return false
	}
	init := s.p.flow.Declared(v)
	if len(p.Steps) > 0 {
		// A field of an object: existing unless the object is built here.
		return init == nil || !isFresh(init)
	}
	if init == nil {
		return false // a parameter, or a var declared without a value: unknown
	}
	e := ast.Unparen(init)
	if call, ok := e.(*ast.CallExpr); ok && len(call.Args) >= 1 {
		// slices.Clone(list), append([]T(nil), list...)
		fn := k8s.Callee(info, call)
		switch {
		case k8s.IsFunc(fn, "slices", "Clone"):
			e = call.Args[0]
		case astutil.IsAppend(info, call) && len(call.Args) == 2 && call.Ellipsis.IsValid():
			e = call.Args[1]
		}
	}
	q, ok := astutil.PathOf(info, e)
	return ok && len(q.Steps) > 0
}

// expr visits the calls and composite literals of e for sinks, sanitizers
// and side effects; function literal bodies are walked in place.
func (s *fnState) expr(e ast.Expr, ctx *loopCtx) {
	if e == nil {
		return
	}
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			s.litDeep++
			s.lits = append(s.lits, n)
			inner := ctx
			if c, ok := s.litCtx[n]; ok {
				inner = c // a callback called in map order
			}
			s.block(n.Body.List, inner)
			s.lits = s.lits[:len(s.lits)-1]
			s.litDeep--
			return false
		case *ast.CallExpr:
			s.call(n, ctx)
		case *ast.CompositeLit:
			s.compositeLit(n)
		}
		return true
	})
}

// compositeLit checks the fields of an API struct literal, and records
// what a literal of the module's own struct stores into its channel
// fields.
func (s *fnState) compositeLit(lit *ast.CompositeLit) {
	info := s.p.pass.TypesInfo
	t := info.TypeOf(lit)
	if t == nil || k8s.IsRequestOptions(t) {
		return // a request's options are not stored
	}
	api := s.p.api.IsAPIStruct(t)
	n := k8s.Named(t)
	if n == nil {
		return
	}
	st, ok := n.Underlying().(*types.Struct)
	if !ok {
		return
	}
	if !api {
		s.channelLit(lit, st)
		return
	}
	for field, val := range astutil.StructFields(info, lit, st) {
		if !isSinkField(field) || isListItems(t, field) || k8s.Pruned(t, field) {
			continue
		}
		// An untainted value reaches no sink: the checks below are for
		// tainted ones only.
		tv := s.taintOf(val)
		if len(tv) == 0 || s.bookkeeping(field, val) {
			continue
		}
		if s.sortedLater(val) {
			continue // Ports: list, then sort.Slice(list, ...): the field shares list's array
		}
		s.sinkField(tv, field, val, lit)
	}
}

// call handles sinks, sanitizers and writes that happen through a call.
func (s *fnState) call(call *ast.CallExpr, ctx *loopCtx) {
	info := s.p.pass.TypesInfo
	fn := k8s.Callee(info, call)

	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
		if b, ok := info.Uses[id].(*types.Builtin); ok && b.Name() == "copy" && len(call.Args) == 2 {
			s.t.AddAt(call.Args[0], s.taintOf(call.Args[1]))
			return
		}
	}
	if ctx != nil && s.litDeep == 0 {
		// A function parameter called in the loop: called in map order.
		if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
			if v, ok := info.Uses[id].(*types.Var); ok {
				if i, isParam := s.params[v]; isParam && s.final {
					s.p.addOrigins(s.sum.calls, i, ctx.origins)
				}
			}
		}
	}
	if fn == nil {
		return
	}
	// A function literal handed to a function that calls it once per
	// entry of a map runs its body in that map's order.
	for i, os := range s.p.callsInOrder(fn, call) {
		if lit, ok := ast.Unparen(argFor(call, fn, i)).(*ast.FuncLit); ok && len(os) > 0 {
			o := os
			if ctx != nil {
				o = union(slices.Clone(ctx.origins), os)
			}
			s.litCtx[lit] = &loopCtx{origins: o, body: lit.Body}
		}
	}

	// Sanitizers: sorting in place clears the order.
	if idx, ok := sortsArg(fn); ok && idx < len(call.Args) {
		s.sanitize(call.Args[idx])
		return
	}
	if sortsReceiver(fn) {
		// names.Sort(), sort.StringSlice(names).Sort(): a sort.Interface
		// sorting itself, the converted slice with it.
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			s.sanitize(sel.X)
		}
		return
	}
	for _, i := range s.p.sortedParams(fn) {
		if i < len(call.Args) {
			s.sanitize(call.Args[i])
		}
	}

	// A list the informer cache fills, in its order (a lister's result is
	// sourceCall's).
	if i, ok := flow.CacheList(fn); ok && i >= 0 && i < len(call.Args) {
		list := derefAddr(call.Args[i])
		s.t.AddAt(list, taint{s.p.origin(call, 0, func() *origin {
			return &origin{kind: callOrigin, mapName: exprText(list), listed: true}
		})})
	}

	sig, _ := fn.Type().(*types.Signature)
	sel, _ := ast.Unparen(call.Fun).(*ast.SelectorExpr)

	// Apply configuration builders: With* methods record their arguments,
	// and a variadic one called in map order appends in map order.
	if sig != nil && sig.Recv() != nil && strings.HasPrefix(fn.Name(), "With") &&
		fn.Pkg() != nil && k8s.IsApplyConfigPath(fn.Pkg().Path()) {
		desc := k8s.ReceiverName(sig) + "." + fn.Name()
		at := call.Pos()
		if sel != nil {
			at = sel.Sel.Pos() // in a builder chain, the method, not the chain's start
		}
		for _, arg := range call.Args {
			s.sink(s.taintOf(arg), desc, at)
		}
		if ctx != nil && sig.Variadic() && sel != nil && s.outer(sel.X, ctx) {
			s.sink(ctx.origins, desc, at)
		}
	}

	// Setters of API objects (SetAnnotations, SetLabels, SetFinalizers...).
	if sig != nil && sig.Recv() != nil && strings.HasPrefix(fn.Name(), "Set") && s.p.api.IsAPIPackage(fn.Pkg()) {
		for _, arg := range call.Args {
			s.sink(s.taintOf(arg), k8s.ReceiverName(sig)+"."+fn.Name(), call.Pos())
		}
	}

	// Writers: a hash, builder or buffer written in map order.
	if w, ok := s.writerOf(fn, call, sel); ok {
		var t taint
		for _, a := range call.Args {
			t = union(t, s.taintOf(a))
		}
		if ctx != nil && s.outer(w, ctx) {
			t = union(t, ctx.origins)
		}
		s.t.AddAt(w, t)
	}

	// Calls of summarised functions: parameters that reach sinks, and
	// parameters filled in map order. Apply configuration methods were
	// handled above.
	if fn.Pkg() == nil || !k8s.IsApplyConfigPath(fn.Pkg().Path()) {
		s.applyCallee(fn, call, ctx)
	}
}

// applyCallee applies the summary or fact of fn at a call site.
func (s *fnState) applyCallee(fn *types.Func, call *ast.CallExpr, ctx *loopCtx) {
	if impls := s.p.implementations(fn); len(impls) > 0 {
		for _, impl := range impls { // an interface method: whichever implementation runs
			s.applyCallee(impl, call, ctx)
		}
		return
	}
	if sum := s.p.summaries[fn]; sum != nil {
		name := calleeName(fn)
		for i, sk := range sum.sinks {
			if arg := argFor(call, fn, i); arg != nil {
				s.sink(s.taintOf(arg), via(sk.desc, name), call.Pos())
			}
		}
		for i, os := range sum.fills {
			if arg := argFor(call, fn, i); arg != nil {
				s.t.AddAt(derefAddr(arg), os)
			}
		}
		return
	}
	fact := s.p.importFact(fn)
	if fact == nil {
		return
	}
	name := calleeName(fn)
	for _, sk := range fact.Sinks {
		if arg := argFor(call, fn, sk.Index); arg != nil {
			s.sink(s.taintOf(arg), via(sk.Sink, name), call.Pos())
		}
	}
	for _, f := range fact.Fills {
		if arg := argFor(call, fn, f.Index); arg != nil {
			o := s.p.origin(call, -1-f.Index, func() *origin {
				return &origin{kind: remoteOrigin, mapName: f.Map, listed: f.Listed, callee: name, remote: f.Pos, filled: arg}
			})
			s.t.AddAt(derefAddr(arg), taint{o})
		}
	}
}

// argFor returns the argument bound to parameter i of fn, or nil when the
// call spreads a tuple.
func argFor(call *ast.CallExpr, fn *types.Func, i int) ast.Expr {
	sig := fn.Type().(*types.Signature)
	if sig.Variadic() && i == sig.Params().Len()-1 && !call.Ellipsis.IsValid() {
		return nil // elements passed one by one: no slice order of the caller's
	}
	if i < len(call.Args) {
		return call.Args[i]
	}
	return nil
}

func derefAddr(e ast.Expr) ast.Expr {
	if u, ok := ast.Unparen(e).(*ast.UnaryExpr); ok && u.Op == token.AND {
		return u.X
	}
	return e
}

// isFresh reports whether e builds a new value: a composite literal, its
// address, or new(T).
func isFresh(e ast.Expr) bool {
	if e == nil {
		return false
	}
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	switch x := e.(type) {
	case *ast.CompositeLit:
		return true
	case *ast.CallExpr:
		id, ok := ast.Unparen(x.Fun).(*ast.Ident)
		return ok && id.Name == "new" && len(x.Args) == 1
	}
	return false
}
