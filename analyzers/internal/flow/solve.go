package flow

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/astutil"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/k8s"
)

// solver propagates liveness over a package's SSA values to a fixed
// point, in two phases. Phase one starts from what a function does itself
// (Get, List, Update, CreateOrUpdate, the summaries of its callees) and
// follows it backwards to where the object came from and forwards to what
// is derived from it: what holds whoever calls the function, exported as
// facts. Phase two adds what holds in this package's calls: a live
// argument makes the parameter live, and an update callback's object is
// the server's.
type solver struct {
	pass  *analysis.Pass
	r     *Result
	calls *calls
	funcs []*ssa.Function

	phase    int
	work     []ssa.Value
	back     map[ssa.Value]Reason             // the best reason each value was followed back with
	evidence map[*ssa.Parameter]Reason        // phase one: holds for every caller
	fieldEv  map[*ssa.Parameter][]fieldSlot   // phase one: fields of struct parameters, likewise
	condEv   map[*ssa.Function][]condSlot     // phase one: parameters written back unless the caller's patch spares them
	results  map[*ssa.Function]map[int]Reason // phase one: live results
	impls    *implIndex                       // methods of other packages with a Summary
	items    map[ssa.Value]bool               // a listed list's Items, and their elements
	holders  map[ssa.Value]int                // lists and maps holding live objects, how deep (holders.go)

	handed    []handedParam                  // parameters other packages' functions hand objects to
	returnsOf map[*ssa.Function][]returnSite // calls returning what a function of the package returns
}

// prepare builds the package's SSA form and its call graph; lazy when
// built for a question only (see build).
func (s *solver) prepare(lazy bool) {
	s.r.Pkg = build(s.pass, lazy)
	s.funcs = sourceFuncs(s.pass, s.r.Pkg)
	s.calls = newCalls(s.pass, s.r.Pkg, s.funcs)
	s.r.funcs, s.r.graph = s.funcs, s.calls
	s.back = map[ssa.Value]Reason{}
	s.r.back, s.r.evAt = s.back, map[ssa.Value][]evidenceAt{}
	s.evidence = map[*ssa.Parameter]Reason{}
	s.fieldEv = map[*ssa.Parameter][]fieldSlot{}
	s.condEv = map[*ssa.Function][]condSlot{}
	s.results = map[*ssa.Function]map[int]Reason{}
	s.items = map[ssa.Value]bool{}
	s.holders = map[ssa.Value]int{}
	s.returnsOf = map[*ssa.Function][]returnSite{}
}

// seeded reports whether the package can make an object live: it calls a
// client's or clientset's read or write, CreateOrUpdate, a function of
// another package with a Summary or an interface method some such
// function implements, or it has a function literal that may be an
// update callback. Only then is the SSA form built by run.
func (s *solver) seeded() bool {
	for _, obj := range s.pass.TypesInfo.Uses {
		fn, ok := obj.(*types.Func)
		if !ok {
			continue
		}
		for _, name := range []string{"Get", "List", "Update", "Patch"} {
			if IsClientMethod(fn, name) || isClientsetMethod(fn, name) {
				return true
			}
		}
		if k8s.IsFunc(fn, k8s.Controllerutil, "CreateOrUpdate") || k8s.IsFunc(fn, k8s.Controllerutil, "CreateOrPatch") {
			return true
		}
		if fn.Pkg() != nil && fn.Pkg() != s.pass.Pkg {
			if sum := s.r.importSummary(fn.Origin()); sum != nil && sum.seeds() {
				return true
			}
			if sig := fn.Type().(*types.Signature); sig.Recv() != nil && types.IsInterface(sig.Recv().Type()) && len(s.factImpls().byName[fn.Name()]) > 0 {
				return true
			}
		}
	}
	for _, f := range astutil.CodeFiles(s.pass.Fset, s.pass.Files) {
		found := false
		ast.Inspect(f, func(n ast.Node) bool {
			if lit, ok := n.(*ast.FuncLit); ok && callbackShape(s.pass.TypesInfo.TypeOf(lit)) {
				found = true
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

// callbackShape reports whether t is the signature of a possible update
// callback: no results, a runtime.Object or client.Object parameter.
func callbackShape(t types.Type) bool {
	sig, ok := t.(*types.Signature)
	if !ok || sig.Results().Len() > 0 {
		return false
	}
	for v := range sig.Params().Variables() {
		if isGenericObject(v.Type()) {
			return true
		}
	}
	return false
}

func (s *solver) solve() {
	s.phase = 1
	for _, fn := range s.funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if call, ok := instr.(ssa.CallInstruction); ok {
					s.seed(call)
				}
			}
		}
	}
	s.drain()
	s.phase = 2
	for _, fn := range s.funcs {
		s.callback(fn)
	}
	for _, h := range s.handed {
		s.mark(h.param, h.why) // read or written inside the other function, whoever calls it
	}
	for v := range s.r.live {
		s.work = append(s.work, v) // revisit with the calls' forward edges
	}
	s.drain()
	// Objects handed to this package's function values by other
	// packages' functions: a fixed point over the few such parameters.
	for changed := true; changed; {
		changed = false
		for _, h := range s.handed {
			if s.r.live[h.param] == NotLive && s.r.live[h.from] != NotLive {
				s.mark(h.param, LiveArgument)
				changed = true
			}
		}
		s.drain()
	}
}

// mark records that v is live for why, unless it already is.
func (s *solver) mark(v ssa.Value, why Reason) {
	if v == nil || why == NotLive {
		return
	}
	if old, ok := s.r.live[v]; ok {
		if why < old {
			s.r.live[v] = why // a better reason; what follows is derived all the same
		}
		return
	}
	switch v.(type) {
	case *ssa.Const, *ssa.Function, *ssa.Builtin, *ssa.Global:
		return // not an object of the function's
	}
	s.r.live[v] = why
	s.work = append(s.work, v)
}

// evident records that v must be the server's copy (it is read into or
// written back), and follows v back to where it came from: through
// conversions, phis, variables captured or boxed, and the parameters of
// its function to the arguments of the calls in the package.
func (s *solver) evident(v ssa.Value, why Reason) {
	if v == nil {
		return
	}
	if old, ok := s.back[v]; ok && old <= why {
		return // followed already with this reason or a better one
	}
	s.back[v] = why // a better reason is followed again: a read beats a write-back
	s.mark(v, why)
	if x := convertedFrom(v); x != nil {
		s.evident(x, why)
		return
	}
	switch x := v.(type) {
	case *ssa.TypeAssert:
		s.evident(x.X, why)
	case *ssa.Extract:
		if ta, ok := x.Tuple.(*ssa.TypeAssert); ok && x.Index == 0 {
			s.evident(ta.X, why)
		}
	case *ssa.UnOp:
		if x.Op == token.MUL && isCell(x.X) {
			s.evident(x.X, why)
		} else if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL {
			s.evidentField(fa.X, fa.Field, why) // p.Obj, p a pointer to a struct
		}
	case *ssa.Field:
		s.evidentField(x.X, x.Field, why) // p.Obj, p a struct
	case *ssa.Phi:
		for _, e := range x.Edges {
			s.evident(e, why)
		}
	case *ssa.Alloc:
		// A variable's cell (captured, or its address taken): what is
		// stored into it.
		for _, ref := range *x.Referrers() {
			if st, ok := ref.(*ssa.Store); ok && st.Addr == x {
				s.evident(st.Val, why)
			}
		}
	case *ssa.FreeVar:
		for _, b := range s.calls.bindings(x) {
			s.evident(b, why)
		}
	case *ssa.Parameter:
		if s.phase == 1 {
			if old, ok := s.evidence[x]; !ok || why < old {
				s.evidence[x] = why
			}
		}
		i := sigIndex(x)
		if i < 0 {
			return // the receiver
		}
		for _, site := range s.calls.sites(x.Parent()) {
			if args := argsOf(site.Common()); i < len(args) {
				s.evidentAt(site, args[i], why)
			}
		}
	}
}

// A fieldSlot is a field of a struct parameter that phase one found
// evidence for.
type fieldSlot struct {
	field int
	why   Reason
}

// evidentField records that field i of the struct x (or of the struct x
// points to) holds the server's copy, and follows it back to what is
// stored there: `Params{Reconciled: obj}` handed to a framework that reads
// into p.Reconciled. It follows x through phis, the local variable or
// composite literal it was loaded from, and a parameter to the arguments
// of the package's calls.
func (s *solver) evidentField(x ssa.Value, i int, why Reason) {
	switch v := x.(type) {
	case *ssa.Parameter:
		if s.phase == 1 && !slices.ContainsFunc(s.fieldEv[v], func(f fieldSlot) bool { return f.field == i }) {
			s.fieldEv[v] = append(s.fieldEv[v], fieldSlot{i, why})
		}
		k := sigIndex(v)
		if k < 0 {
			return
		}
		for _, site := range s.calls.sites(v.Parent()) {
			if args := argsOf(site.Common()); k < len(args) {
				s.evidentField(args[k], i, why)
			}
		}
	case *ssa.UnOp:
		if v.Op == token.MUL {
			if _, ok := v.X.(*ssa.Alloc); ok {
				s.evidentField(v.X, i, why) // the struct, loaded from its variable
			}
		}
	case *ssa.Phi:
		for _, e := range v.Edges {
			s.evidentField(e, i, why)
		}
	case *ssa.Alloc:
		for _, ref := range *v.Referrers() {
			if st, ok := ref.(*ssa.Store); ok && st.Addr == v {
				s.evidentField(st.Val, i, why) // the whole struct stored: a spilled parameter
				continue
			}
			fa, ok := ref.(*ssa.FieldAddr)
			if !ok || fa.Field != i {
				continue
			}
			for _, r := range *fa.Referrers() {
				if st, ok := r.(*ssa.Store); ok && st.Addr == fa {
					s.evident(st.Val, why)
				}
			}
		}
	}
}

func (s *solver) drain() {
	for len(s.work) > 0 {
		v := s.work[len(s.work)-1]
		s.work = s.work[:len(s.work)-1]
		s.forward(v)
	}
}

// forward marks what is derived from the live value v.
func (s *solver) forward(v ssa.Value) {
	refs := v.Referrers()
	if refs == nil {
		return
	}
	for _, instr := range *refs {
		if s.item(v, instr) {
			continue
		}
		switch x := instr.(type) {
		case *ssa.Phi, *ssa.TypeAssert, *ssa.ChangeType, *ssa.ChangeInterface, *ssa.MakeInterface, *ssa.Slice, *ssa.FieldAddr, *ssa.Field:
			s.mark(x.(ssa.Value), Derived)
		case *ssa.Extract:
			if _, ok := x.Tuple.(*ssa.TypeAssert); ok && x.Index == 0 {
				s.mark(x, Derived)
			}
		case *ssa.IndexAddr:
			if x.X == v {
				s.mark(x, Derived)
			}
		case *ssa.Index:
			if x.X == v {
				s.mark(x, Derived)
			}
		case *ssa.UnOp:
			if x.Op == token.MUL {
				s.mark(x, Derived)
			}
		case *ssa.Store:
			if x.Val == v && isCell(x.Addr) {
				s.mark(x.Addr, Derived)
			}
			s.holdStored(x, v)
		case *ssa.MapUpdate:
			if x.Value == v && k8s.IsKind(v.Type()) {
				s.hold(x.Map, 0) // m[k] = obj
			}
		case *ssa.MakeClosure:
			fn := x.Fn.(*ssa.Function)
			for j, b := range x.Bindings {
				if b == v && j < len(fn.FreeVars) {
					s.mark(fn.FreeVars[j], Derived)
				}
			}
		case *ssa.Return:
			for i, res := range x.Results {
				if res == v {
					s.result(x.Parent(), i, s.r.live[v])
				}
			}
		case ssa.CallInstruction:
			s.call(x, v)
		}
	}
}

// item follows a listed list into its Items and their elements, which are
// read with List as much as the list: `for _, p := range list.Items`,
// `item := &list.Items[i]`. It reports whether instr was such a step.
func (s *solver) item(v ssa.Value, instr ssa.Instruction) bool {
	var x ssa.Value
	switch in := instr.(type) {
	case *ssa.FieldAddr:
		if s.r.live[v] == ReadByGet && fieldName(in.X.Type(), in.Field, true) == "Items" {
			x = in
		}
	case *ssa.Field:
		if s.r.live[v] == ReadByGet && fieldName(in.X.Type(), in.Field, false) == "Items" {
			x = in
		}
	case *ssa.UnOp:
		if s.items[v] && in.Op == token.MUL {
			x = in
		}
	case *ssa.IndexAddr:
		if s.items[v] && in.X == v {
			x = in
		}
	case *ssa.Index:
		if s.items[v] && in.X == v {
			x = in
		}
	case *ssa.Slice:
		if s.items[v] {
			x = in
		}
	}
	if x == nil {
		return false
	}
	s.items[x] = true
	s.mark(x, ReadByGet)
	return true
}

// fieldName returns the name of field i of the struct t (or *t, if ptr).
func fieldName(t types.Type, i int, ptr bool) string {
	if f := fieldOf(t, i, ptr); f != nil {
		return f.Name()
	}
	return ""
}

// result records that fn's result i can be live, and marks the calls of fn
// in the package.
func (s *solver) result(fn *ssa.Function, i int, why Reason) {
	if s.phase == 1 {
		m := s.results[fn]
		if m == nil {
			m = map[int]Reason{}
			s.results[fn] = m
		}
		if _, ok := m[i]; !ok {
			m[i] = why
		}
	}
	for _, site := range s.calls.sites(fn) {
		markResult(s, site, i, Derived)
	}
	for _, rs := range s.returnsOf[fn] {
		if rs.of == i {
			markResult(s, rs.site, rs.result, Derived)
		}
	}
}

// call follows the live value v into the call where it is the receiver or
// an argument.
func (s *solver) call(site ssa.CallInstruction, v ssa.Value) {
	c := site.Common()
	if recv := receiverOf(c); recv == v {
		if fn := calleeObject(c); fn != nil && (k8s.IsDeepCopyFunc(fn) || isAccessor(fn)) {
			markResult(s, site, 0, Derived) // live.DeepCopy(), workload.PodTemplate()
		}
	}
	if s.phase < 2 {
		return
	}
	for _, p := range s.calls.receiving(site, v, false) {
		if isObjectLike(p.Type()) {
			s.mark(p, LiveArgument)
		}
	}
}

// callback marks the object parameters of fn, a function literal that
// returns nothing and is handed to other code (a call argument, a struct
// field): a reconcile framework's update callback, which receives the
// object it read and mutates it in place. A callback that builds an
// object returns it, so it is not matched.
func (s *solver) callback(fn *ssa.Function) {
	if fn.Parent() == nil || !callbackShape(fn.Signature) || !s.calls.handed(fn) {
		return
	}
	for _, p := range fn.Params {
		if isGenericObject(p.Type()) {
			s.mark(p, Callback)
		}
	}
}

// markResult marks result i of the call site.
func markResult(s *solver, site ssa.CallInstruction, i int, why Reason) {
	call, ok := site.(*ssa.Call)
	if !ok {
		return // go and defer have no results
	}
	if call.Common().Signature().Results().Len() == 1 {
		if i == 0 {
			s.mark(call, why)
		}
		return
	}
	for _, ref := range *call.Referrers() {
		if ex, ok := ref.(*ssa.Extract); ok && ex.Index == i {
			s.mark(ex, why)
		}
	}
}

// convertedFrom returns the value that v converts without copying the
// object (to an interface, between interfaces, to a named type), or nil.
func convertedFrom(v ssa.Value) ssa.Value {
	switch x := v.(type) {
	case *ssa.MakeInterface:
		return x.X
	case *ssa.ChangeInterface:
		return x.X
	case *ssa.ChangeType:
		return x.X
	}
	return nil
}

// isCell reports whether v is the address of a local variable: an Alloc,
// or a free variable captured by reference.
func isCell(v ssa.Value) bool {
	switch x := v.(type) {
	case *ssa.Alloc:
		return true
	case *ssa.FreeVar:
		_, ok := x.Type().Underlying().(*types.Pointer)
		return ok
	}
	return false
}
