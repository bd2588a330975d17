package maporder

// Taint: where map order enters a value (origins), what a call's results
// carry (the engine's TaintRules.Call), and what removes it (sorting).

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/astutil"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/flow"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/k8s"
)

// An origin is where map order enters a value.
type origin struct {
	node    ast.Node // the range statement or call in this package
	mapName string   // the map, as written
	listed  bool     // mapName is a list out of an informer cache (flow.CacheList)
	kind    originKind
	param   int         // for paramOrigin: the parameter index
	callee  string      // for remoteOrigin: the function returning the order
	remote  string      // for remoteOrigin: where the order starts in the callee
	filled  ast.Expr    // for remoteOrigin: the argument the callee fills, if it fills one
	field   *types.Var  // for fieldOrigin: the field read
	method  *types.Func // for methodOrigin: the interface method called
	result  int         // for methodOrigin: which of its results
	// after > 0: the order of entries appended after those of parameter
	// after-1, which a caller passing the list it assigns to keeps
	// (fnState.keptAfter).
	after int
}

// source names where the order comes from, for messages.
func (o *origin) source() string {
	if o.listed {
		return "the informer cache's list " + o.mapName
	}
	return "map " + o.mapName
}

type originKind int

const (
	rangeOrigin  originKind = iota // range over a map
	callOrigin                     // slices.Collect(maps.Keys(m)), s.UnsortedList(), ...
	remoteOrigin                   // result of a function in another package
	paramOrigin                    // symbolic: the order of a parameter
	fieldOrigin                    // symbolic: the order stored into a field (fields.go)
	methodOrigin                   // symbolic: a result of an interface method wired elsewhere (ifaces.go)
)

type originKey struct {
	node  ast.Node
	index int
}

// origin returns the unique origin for (node, index), creating it once, so
// that repeated rounds see the same pointer.
func (p *pkgState) origin(node ast.Node, index int, mk func() *origin) *origin {
	k := originKey{node, index}
	if o, ok := p.origins[k]; ok {
		return o
	}
	o := mk()
	o.node = node
	p.origins[k] = o
	return o
}

// A markKey is an origin marked as coming after the entries of a
// parameter: its own key space, apart from originKey's indexes.
type markKey struct {
	o     *origin
	param int
}

// markedAfter returns o marked as the order of entries appended after
// those of parameter param, once per (o, param).
func (p *pkgState) markedAfter(o *origin, param int) *origin {
	k := markKey{o, param}
	if m, ok := p.marked[k]; ok {
		return m
	}
	m := *o
	m.after = param + 1
	p.marked[k] = &m
	return &m
}

// madeIn reports whether o is the order of a range or call between from
// and to (a function's own), not one that came from another package.
func madeIn(o *origin, from, to token.Pos) bool {
	return o.kind != remoteOrigin && from <= o.node.Pos() && o.node.End() <= to
}

func containsOrigin(list []*origin, o *origin) bool {
	for _, x := range list {
		if x == o {
			return true
		}
	}
	return false
}

type taint = []*origin

func union(a, b taint) taint { return flow.Union(a, b) }

// outer reports whether the variable at the root of e was declared outside
// the loop body, so that it outlives one iteration.
func (s *fnState) outer(e ast.Expr, ctx *loopCtx) bool {
	v := s.rootVar(e)
	if v == nil {
		return false
	}
	return v.Pos() < ctx.body.Pos() || v.Pos() > ctx.body.End()
}

// rootVar returns the local variable at the root of e, or nil.
func (s *fnState) rootVar(e ast.Expr) *types.Var {
	if v := astutil.RootVar(s.p.pass.TypesInfo, e); astutil.IsLocal(v) {
		return v
	}
	return nil
}

// sanitize clears the order of a sorted expression from where it is sorted
// on, and records that the function sorts a parameter when the sorted
// value is one.
func (s *fnState) sanitize(arg ast.Expr) {
	arg = ast.Unparen(arg)
	// sort.Sort(byName(x)), sort.Sort(sort.StringSlice(x)): conversions.
	if conv, ok := arg.(*ast.CallExpr); ok && len(conv.Args) == 1 {
		if tv, ok := s.p.pass.TypesInfo.Types[conv.Fun]; ok && tv.IsType() {
			arg = ast.Unparen(conv.Args[0])
		}
	}
	arg = derefAddr(arg)
	s.sortedField(arg)
	s.t.Clear(arg)
	id, ok := arg.(*ast.Ident)
	if star, isStar := arg.(*ast.StarExpr); isStar {
		id, ok = ast.Unparen(star.X).(*ast.Ident)
	}
	if !ok || s.litDeep > 0 {
		return
	}
	if v, _ := s.p.pass.TypesInfo.Uses[id].(*types.Var); v != nil {
		if i, isParam := s.params[v]; isParam && !s.sum.sorts[i] {
			s.sum.sorts[i] = true
			s.p.changed = true
		}
	}
}

// sortedLater reports whether the function sorts the location e in place
// after it (flow.HandedAfter): obj.Status.Cells = append(...) in a loop,
// then sort.Strings(obj.Status.Cells), or a sort of a local that shares
// its array, by the standard library, a sort.Interface's Sort method or a
// helper that sorts its parameter. Elements are not told apart.
func (s *fnState) sortedLater(e ast.Expr) bool {
	if s.sortCalls == nil {
		s.sortCalls = new(s.callsSort())
	}
	if !*s.sortCalls {
		return false // no call here sorts anything: the engine need not be asked
	}
	p, ok := astutil.PathOf(s.p.pass.TypesInfo, e)
	if !ok {
		return false
	}
	want := p.Fields()
	return s.p.flow.HandedAfter(e, flow.PassedOn{
		Into: func(root types.Object, fields []*types.Var) bool {
			return root == p.Root && slices.Equal(fields, want)
		},
		Args: func(fn *types.Func) []int {
			if i, ok := sortsArg(fn); ok {
				return []int{i}
			}
			if sortsReceiver(fn) {
				return []int{-1}
			}
			return s.p.sortedParams(fn)
		},
	})
}

// callsSort reports whether the function calls anything that sorts in
// place: a sort function, a Sort method, or a helper that sorts a
// parameter.
func (s *fnState) callsSort() bool {
	found := false
	ast.Inspect(s.body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || found {
			return !found
		}
		if fn := k8s.Callee(s.p.pass.TypesInfo, call); fn != nil {
			_, std := sortsArg(fn)
			found = std || sortsReceiver(fn) || len(s.p.sortedParams(fn)) > 0
		}
		return !found
	})
	return found
}

// sortsArg reports whether fn sorts its argument in place, and which one.
func sortsArg(fn *types.Func) (int, bool) {
	if fn.Pkg() == nil {
		return 0, false
	}
	switch fn.Pkg().Path() {
	case "sort":
		switch fn.Name() {
		case "Strings", "Ints", "Float64s", "Slice", "SliceStable", "Sort", "Stable":
			return 0, k8s.IsFunc(fn, "sort", fn.Name())
		}
	case "slices":
		switch fn.Name() {
		case "Sort", "SortFunc", "SortStableFunc":
			return 0, k8s.IsFunc(fn, "slices", fn.Name())
		}
	}
	return 0, false
}

// sortsReceiver reports whether fn is the Sort method of a sort.Interface
// (sort.StringSlice.Sort, or a type of the module with Len, Less and
// Swap): it sorts its receiver in place.
func sortsReceiver(fn *types.Func) bool {
	sig, ok := fn.Type().(*types.Signature)
	if !ok || fn.Name() != "Sort" || sig.Recv() == nil || sig.Params().Len() != 0 || sig.Results().Len() != 0 {
		return false
	}
	recv := sig.Recv().Type()
	for _, m := range []string{"Len", "Less", "Swap"} {
		if obj, _, _ := types.LookupFieldOrMethod(recv, true, fn.Pkg(), m); obj == nil {
			return false
		}
	}
	return true
}

// sortedParams returns the parameters a call of fn sorts in place: from
// the summary of a function of the package, the fact of another
// package's, or for an interface method, those that every implementation
// in the module sorts.
func (p *pkgState) sortedParams(fn *types.Func) []int {
	if sum := p.summaries[fn]; sum != nil {
		return sortedKeys(sum.sorts)
	}
	if fact := p.importFact(fn); fact != nil {
		return fact.Sorts
	}
	impls := p.implementations(fn)
	if len(impls) == 0 {
		return nil
	}
	var out []int
	for _, i := range p.sortedParams(impls[0]) {
		all := true
		for _, impl := range impls[1:] {
			if !slices.Contains(p.sortedParams(impl), i) {
				all = false
			}
		}
		if all {
			out = append(out, i)
		}
	}
	return out
}

// taintOf returns the map-order origins that the value of e carries where
// it is evaluated (the engine's answer; a literal's elements sorted
// afterwards in the array it shares are left out).
func (s *fnState) taintOf(e ast.Expr) taint {
	info := s.p.pass.TypesInfo
	if x, ok := ast.Unparen(e).(*ast.CompositeLit); ok {
		var t taint
		for _, elt := range x.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				elt = kv.Value
			}
			et := s.taintOf(elt)
			if len(et) == 0 || isSlice(info.TypeOf(elt)) && s.sortedLater(elt) {
				continue // untainted, or sorted afterwards in the array the literal shares
			}
			t = union(t, et)
		}
		return t
	}
	return s.t.Of(e)
}

// callTaints returns the origins of each result of a call.
func (s *fnState) callTaints(call *ast.CallExpr) []taint {
	info := s.p.pass.TypesInfo
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
		if b, ok := info.Uses[id].(*types.Builtin); ok {
			if b.Name() == "append" {
				var t taint
				for _, a := range call.Args {
					t = union(t, s.taintOf(a))
				}
				return []taint{t}
			}
			return nil // len, cap, min, max...
		}
	}
	fn := k8s.Callee(info, call)
	if fn == nil {
		return nil
	}
	if t, ok := s.sourceCall(fn, call); ok {
		return []taint{t}
	}
	if sortedResult(fn) {
		return nil
	}
	sig := fn.Type().(*types.Signature)
	n := sig.Results().Len()
	if impls := s.p.implementations(fn); len(impls) > 0 {
		// An interface method: whichever implementation of the module runs.
		out := make([]taint, n)
		seen := make([]map[*origin]bool, n)
		for _, impl := range impls {
			for i, t := range s.calleeTaints(impl, call, n) {
				for _, o := range t {
					if seen[i] == nil {
						seen[i] = map[*origin]bool{}
					}
					if !seen[i][o] {
						seen[i][o] = true
						out[i] = append(out[i], o)
					}
				}
			}
		}
		return out
	}
	if out, ok := s.summaryTaints(fn, call, n); ok {
		return out
	}
	if out := s.abstractTaints(fn, call, n); out != nil {
		return out // an interface method with no implementation in view
	}
	return s.stdlibTaints(fn, call, sig, n)
}

// calleeTaints returns the taints of the results of a call of fn, a
// function of the module, from its summary or fact.
func (s *fnState) calleeTaints(fn *types.Func, call *ast.CallExpr, n int) []taint {
	out, _ := s.summaryTaints(fn, call, n)
	return out
}

// summaryTaints returns the taints of the results of a call of fn from
// fn's summary (this package) or fact (another), and false if it has
// neither.
func (s *fnState) summaryTaints(fn *types.Func, call *ast.CallExpr, n int) ([]taint, bool) {
	if sum := s.p.summaries[fn]; sum != nil {
		out := make([]taint, n)
		for i, os := range sum.results {
			if i < n {
				out[i] = union(out[i], os)
			}
		}
		for pr := range sum.passes {
			if arg := argFor(call, fn, pr[0]); arg != nil && pr[1] < n {
				out[pr[1]] = union(out[pr[1]], s.taintOf(arg))
			}
		}
		return out, true
	}
	if fact := s.p.importFact(fn); fact != nil {
		out := make([]taint, n)
		name := calleeName(fn)
		for _, r := range fact.Results {
			if r.Index < n {
				o := s.p.origin(call, r.Index, func() *origin {
					return &origin{kind: remoteOrigin, mapName: r.Map, listed: r.Listed, callee: name, remote: r.Pos, after: r.After}
				})
				out[r.Index] = union(out[r.Index], taint{o})
			}
		}
		for _, pr := range fact.Passes {
			if arg := argFor(call, fn, pr.Param); arg != nil && pr.Result < n {
				out[pr.Result] = union(out[pr.Result], s.taintOf(arg))
			}
		}
		return out, true
	}
	return nil, false
}

// stdlibTaints returns the taints of the results of a call of a function
// known from the standard library's conventions.
func (s *fnState) stdlibTaints(fn *types.Func, call *ast.CallExpr, sig *types.Signature, n int) []taint {
	info := s.p.pass.TypesInfo
	// A standard-library function (strings.Join, fmt.Sprintf, hex.Encode...)
	// or a method of a hash, builder or buffer: content-typed results carry
	// the order of the arguments and receiver.
	if !k8s.IsStdlib(fn.Pkg()) {
		return nil
	}
	var in taint
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && info.Selections[sel] != nil {
		in = s.taintOf(sel.X)
	}
	for _, a := range call.Args {
		in = union(in, s.taintOf(a))
	}
	if len(in) == 0 {
		return nil
	}
	out := make([]taint, n)
	for i := range n {
		rt := sig.Results().At(i).Type()
		if orderedContent(rt) || (sig.Recv() != nil && isInteger(rt)) {
			out[i] = in
		}
	}
	return out
}

// mapSeq reports maps.Keys, maps.Values and maps.All: iterators over a
// map's entries in the map's order.
func mapSeq(fn *types.Func) bool {
	return k8s.IsFunc(fn, "maps", "Keys") || k8s.IsFunc(fn, "maps", "Values") || k8s.IsFunc(fn, "maps", "All")
}

// mapList reports the functions whose result lists a map's entries in the
// map's order: golang.org/x/exp/maps' Keys and Values (with the map as
// their argument), a set's UnsortedList (the set as its receiver).
func mapList(fn *types.Func) bool {
	return k8s.IsFunc(fn, "golang.org/x/exp/maps", "Keys") || k8s.IsFunc(fn, "golang.org/x/exp/maps", "Values") ||
		k8s.IsMethodIn(fn, k8s.Sets, "UnsortedList")
}

// sourceCall recognises calls whose result is in map order, or in an
// informer cache's.
func (s *fnState) sourceCall(fn *types.Func, call *ast.CallExpr) (taint, bool) {
	mk := func(name string) taint {
		return taint{s.p.origin(call, 0, func() *origin {
			return &origin{kind: callOrigin, mapName: name}
		})}
	}
	switch {
	case (k8s.IsFunc(fn, "slices", "Collect") && len(call.Args) == 1) ||
		(k8s.IsFunc(fn, "slices", "AppendSeq") && len(call.Args) == 2):
		seq, ok := ast.Unparen(call.Args[len(call.Args)-1]).(*ast.CallExpr)
		if !ok {
			return nil, false
		}
		inner := k8s.Callee(s.p.pass.TypesInfo, seq)
		if mapSeq(inner) && len(seq.Args) == 1 { // maps.All is a Seq2: Collect does not take it
			return union(mk(exprText(seq.Args[0])), s.taintOf(call.Args[0])), true
		}
	case mapList(fn) && len(call.Args) == 1:
		return mk(exprText(call.Args[0])), true
	case mapList(fn):
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			return mk(exprText(sel.X)), true
		}
	}
	if i, ok := flow.CacheList(fn); ok && i < 0 { // a lister's result
		return taint{s.p.origin(call, 0, func() *origin {
			return &origin{kind: callOrigin, mapName: exprText(call), listed: true}
		})}, true
	}
	return nil, false
}

// sortedResult reports whether fn returns a sorted copy.
func sortedResult(fn *types.Func) bool {
	switch {
	case k8s.IsFunc(fn, "slices", "Sorted"), k8s.IsFunc(fn, "slices", "SortedFunc"),
		k8s.IsFunc(fn, "slices", "SortedStableFunc"), k8s.IsFunc(fn, k8s.Sets, "List"),
		k8s.IsMethodIn(fn, k8s.Sets, "List"), k8s.IsMethodIn(fn, k8s.Labels, "String"):
		return true
	}
	return false
}
