package timechurn

// Clocks and stamps: which expressions hold a fresh timestamp, and which
// conditions mean a write happens only on change.

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/astutil"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/flow"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/k8s"
)

// A stamp is a fresh timestamp, or a value holding one in a field (a
// condition literal, a list of conditions): the clock call that made it,
// the field it sits in, and the condition type when it is a condition.
type stamp struct {
	Clock string    // "metav1.Now()"
	Field string    // "LastTransitionTime", or "" for the clock itself
	Cond  string    // "Ready", for a condition literal with a constant type
	Pos   token.Pos // the clock call, in this package (NoPos from a fact)
}

// isClockFunc reports the functions that read the clock or wrap a time.
func isClockFunc(fn *types.Func) bool {
	return k8s.IsFunc(fn, "time", "Now") || k8s.IsFunc(fn, k8s.MetaV1, "Now") || k8s.IsFunc(fn, k8s.MetaV1, "NowMicro")
}

// clockCall names a call that reads the clock: time.Now, metav1.Now and
// NowMicro, and metav1.NewTime/NewMicroTime of a clock.
func (f *fnState) clockCall(call *ast.CallExpr) (string, bool) {
	fn := k8s.Callee(f.info(), call)
	switch {
	case k8s.IsFunc(fn, "time", "Now"):
		return "time.Now()", true
	case k8s.IsFunc(fn, k8s.MetaV1, "Now"):
		return "metav1.Now()", true
	case k8s.IsFunc(fn, k8s.MetaV1, "NowMicro"):
		return "metav1.NowMicro()", true
	case (k8s.IsFunc(fn, k8s.MetaV1, "NewTime") || k8s.IsFunc(fn, k8s.MetaV1, "NewMicroTime")) && len(call.Args) == 1:
		if s := f.stampOf(call.Args[0]); s != nil && s.Field == "" {
			return s.Clock, true
		}
	}
	return "", false
}

// notDerived lists the methods of a time whose result says nothing that
// changes with the clock's value in a stored field: comparisons.
var notDerived = map[string]bool{
	"Before": true, "After": true, "Equal": true, "IsZero": true, "Compare": true, "Sub": true,
}

// isTime reports whether t is time.Time or metav1's Time or MicroTime.
func isTime(t types.Type) bool {
	return k8s.IsNamed(t, "time", "Time") || k8s.IsNamed(t, k8s.MetaV1, "Time") || k8s.IsNamed(t, k8s.MetaV1, "MicroTime")
}

// stampOf returns the stamp e holds, or nil.
func (f *fnState) stampOf(e ast.Expr) *stamp {
	info := f.info()
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		if v, ok := info.Uses[x].(*types.Var); ok {
			return f.vars[v]
		}
	case *ast.UnaryExpr:
		if x.Op == token.AND {
			return f.stampOf(x.X) // &now
		}
	case *ast.StarExpr:
		return f.stampOf(x.X)
	case *ast.SelectorExpr:
		if sel := info.Selections[x]; sel != nil && sel.Kind() == types.FieldVal && isTime(info.TypeOf(x.X)) {
			return f.stampOf(x.X) // now.Time
		}
	case *ast.CompositeLit:
		if isTime(info.TypeOf(x)) {
			// metav1.Time{Time: time.Now()}: the time is the clock's.
			for _, elt := range x.Elts {
				if kv, ok := elt.(*ast.KeyValueExpr); ok {
					elt = kv.Value
				}
				if s := f.stampOf(elt); s != nil {
					return s
				}
			}
			return nil
		}
		return f.literalStamp(x)
	case *ast.CallExpr:
		return f.callStamp(x)
	}
	return nil
}

// literalStamp finds a stamp among a literal's elements: a field given a
// clock (LastTransitionTime: metav1.Now()), or an element holding one.
func (f *fnState) literalStamp(lit *ast.CompositeLit) *stamp {
	info := f.info()
	var found *stamp
	cond := ""
	for _, elt := range lit.Elts {
		val, field := elt, ""
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			val = kv.Value
			if id, ok := kv.Key.(*ast.Ident); ok {
				if v, ok := info.Uses[id].(*types.Var); ok && v.IsField() {
					field = v.Name()
				}
			}
		}
		if field == "Type" {
			if tv, ok := info.Types[val]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
				cond = constant.StringVal(tv.Value)
			}
		}
		if found != nil {
			continue
		}
		if s := f.stampOf(val); s != nil {
			c := *s
			if c.Field == "" {
				c.Field = field
			}
			found = &c
		}
	}
	if found != nil && found.Cond == "" && cond != "" {
		found.Cond = cond
	}
	return found
}

// callStamp returns the stamp of a call: a clock, a value derived from
// one (now.Format(...), fmt.Sprint(now), a conversion), append of a
// stamped value, or a function known to return one.
func (f *fnState) callStamp(call *ast.CallExpr) *stamp {
	info := f.info()
	if clock, ok := f.clockCall(call); ok {
		return &stamp{Clock: clock, Pos: call.Pos()}
	}
	if tv, ok := info.Types[call.Fun]; ok && tv.IsType() && len(call.Args) == 1 {
		return f.stampOf(call.Args[0]) // a conversion
	}
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
		if b, ok := info.Uses[id].(*types.Builtin); ok {
			if b.Name() == "append" {
				for _, a := range call.Args {
					if s := f.stampOf(a); s != nil {
						return s
					}
				}
			}
			return nil
		}
	}
	fn := k8s.Callee(info, call)
	if fn == nil {
		return nil
	}
	sig := fn.Type().(*types.Signature)
	if sig.Recv() != nil && isTime(sig.Recv().Type()) {
		// now.Format(time.RFC3339), now.UTC(), now.Rfc3339Copy()
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && !notDerived[fn.Name()] {
			if s := f.stampOf(sel.X); s != nil && s.Field == "" {
				return s
			}
		}
		return nil
	}
	if p := fn.Pkg(); p != nil && (p.Path() == "fmt" || p.Path() == "strconv") {
		for _, a := range call.Args {
			if s := f.stampOf(a); s != nil && s.Field == "" {
				return s // fmt.Sprint(now), strconv.FormatInt(now.Unix(), 10)
			}
		}
		return nil
	}
	if sum := f.p.summary(fn); sum != nil {
		for _, r := range sum.Results {
			if r.Index == 0 && sig.Results().Len() == 1 {
				s := r.Stamp
				return &s
			}
		}
	}
	return nil
}

// guarded reports whether n, in the function body, runs only after a
// comparison: inside an if or case whose condition compares something
// other than an error, or after an `if <comparison> { return }` earlier
// in the function, in a closure (a retry callback) as in the code the
// closure is written in. Conditions on errors (err != nil, errors.Is(err, X),
// apierrors.IsNotFound(err)) and on a deletion timestamp do not count:
// they do not say whether anything changed. A branch that clears the
// boolean field it tests (`if obj.Spec.RestartRequested { ...;
// obj.Spec.RestartRequested = false }`) runs once per request.
func (f *fnState) guarded(n ast.Node) bool {
	at := n // where an early return must end before
	for p := f.up()[n]; p != nil; p = f.up()[p] {
		switch x := p.(type) {
		case *ast.IfStmt:
			if contains(x.Body, n) || (x.Else != nil && contains(x.Else, n)) {
				// A slot lookup's branch replaces the condition found on
				// every reconcile (slot.go).
				if f.changeTest(x.Cond) && !(contains(x.Body, n) && f.slotLookup(x.Cond)) {
					return true
				}
			}
			if contains(x.Body, n) && f.clearsFlag(x) {
				return true
			}
		case *ast.CaseClause:
			if sw, ok := f.up()[f.up()[x]].(*ast.SwitchStmt); ok {
				if sw.Tag != nil && !isError(f.info().TypeOf(sw.Tag)) {
					return true
				}
				for _, e := range x.List {
					if f.changeTest(e) {
						return true
					}
				}
			}
		case *ast.FuncLit:
			if f.returnsBefore(x.Body, at) {
				return true
			}
			at = x // a closure runs behind the guards of the code it is written in
		case *ast.FuncDecl:
			return f.returnsBefore(x.Body, at) || f.p.onlyCalledGuarded(x, callerDepth)
		}
	}
	return false
}

// clearsFlag reports whether ifs tests a boolean field of an object and
// its body assigns that field: a request the branch acknowledges, so the
// next reconcile does not enter it again. A flag the branch leaves as it
// is (`if obj.Spec.Paused`) guards nothing.
func (f *fnState) clearsFlag(ifs *ast.IfStmt) bool {
	info := f.info()
	sel, ok := ast.Unparen(ifs.Cond).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	if b, ok := info.TypeOf(sel).Underlying().(*types.Basic); !ok || b.Kind() != types.Bool {
		return false
	}
	flag, ok := astutil.PathOf(info, sel)
	if !ok {
		return false
	}
	cleared := false
	astutil.Assignments(ifs.Body, func(lhs, _ ast.Expr) {
		if p, ok := astutil.PathOf(info, lhs); ok && p.Equal(flag) {
			cleared = true
		}
	})
	return cleared
}

// callerDepth bounds how many callers up a guard is looked for.
const callerDepth = 3

// onlyCalledGuarded reports whether fd runs only behind a change test: it
// is unexported, used only in calls, has callers in the package, and every
// call of it is guarded (in its caller, or by that caller's own callers, up
// to depth functions up). A restart helper called only when a restart
// request is newer than the last one stamps once per request.
func (p *pkgState) onlyCalledGuarded(fd *ast.FuncDecl, depth int) bool {
	fn := p.graph.Func(fd)
	if depth == 0 || fn == nil || fn.Exported() {
		return false
	}
	if v, ok := p.guardedFns[fd]; ok {
		return v
	}
	p.guardedFns[fd] = false // while deciding, a recursive call is not a guard
	// Test files are not in the graph: a test calling a helper directly
	// is not one of its callers.
	calls, ok := p.graph.CallsOf(p.pass.TypesInfo, fd)
	ok = ok && len(calls) > 0
	for _, c := range calls {
		if !ok {
			break
		}
		ok = p.fnState(c.Caller).guarded(c.Call) || p.onlyCalledGuarded(c.Caller, depth-1)
	}
	p.guardedFns[fd] = ok
	return ok
}

// returnsBefore reports an `if <change test> { ...; return }` in body
// that runs before n, on a path that leads to it (outside function
// literals; the engine's Precedes): `if recentlyBounced(d) { return nil
// }`, `if expiration.After(limit) { return }`, also nested in a loop or
// another such branch. Not one on a branch that ends before n (its own
// Update, a return), which the path to n never passes, and not one nested
// in the branch of an error or deletion test: that ends only a rare path,
// and guards nothing after it.
func (f *fnState) returnsBefore(body *ast.BlockStmt, n ast.Node) bool {
	found := false
	ast.Inspect(body, func(m ast.Node) bool {
		if found || m == nil || m.Pos() >= n.Pos() {
			return false
		}
		switch x := m.(type) {
		case *ast.FuncLit:
			return false
		case *ast.RangeStmt:
			if !contains(x, n) && f.returnsAtMatch(x.Body) && f.p.flow.Precedes(x.X, n) {
				found = true // after the loop, nothing matched
				return false
			}
		case *ast.IfStmt:
			if !contains(x, n) && f.earlyReturn(x) && f.p.flow.Precedes(x.Cond, n) {
				found = true
				return false
			}
			if !contains(x, n) && !f.changeTest(x.Cond) {
				return false // an error's branch
			}
		}
		return true
	})
	return found
}

// earlyReturn reports whether st is an `if <change test> { ...; return }`
// whose branch does not send the object. A branch that sends it and
// returns is a step of its own (a finalizer added, a phase initialised):
// the write brings the next reconcile, which goes past it.
func (f *fnState) earlyReturn(st ast.Stmt) bool {
	ifs, ok := st.(*ast.IfStmt)
	if !ok || len(ifs.Body.List) == 0 {
		return false
	}
	if _, ok := ifs.Body.List[len(ifs.Body.List)-1].(*ast.ReturnStmt); !ok {
		return false
	}
	return f.changeTest(ifs.Cond) && !flow.CallsWrite(f.info(), ifs.Body)
}

// returnsAtMatch reports a loop body that skips the entries a change
// test rejects and returns at the first it keeps: `if c.Type != want {
// continue }; ...; return` (after locals of its own), the other way to
// write `if c.Type == want { ...; return }`.
func (f *fnState) returnsAtMatch(body *ast.BlockStmt) bool {
	if len(body.List) < 2 {
		return false
	}
	if _, ok := body.List[len(body.List)-1].(*ast.ReturnStmt); !ok {
		return false
	}
	if flow.CallsWrite(f.info(), body) {
		return false
	}
	for _, st := range body.List[:len(body.List)-1] {
		ifs, ok := st.(*ast.IfStmt)
		if !ok || ifs.Else != nil || len(ifs.Body.List) != 1 || !f.changeTest(ifs.Cond) {
			continue
		}
		if br, ok := ifs.Body.List[0].(*ast.BranchStmt); ok && br.Tok == token.CONTINUE && br.Label == nil {
			return true
		}
	}
	return false
}

func contains(outer, inner ast.Node) bool {
	return outer.Pos() <= inner.Pos() && inner.End() <= outer.End()
}

// changeTest reports whether cond can say that something changed: it
// compares values that are not errors, calls a function on values that are
// not errors, or tests a boolean variable (a "changed" flag).
func (f *fnState) changeTest(cond ast.Expr) bool {
	info := f.info()
	switch x := ast.Unparen(cond).(type) {
	case *ast.BinaryExpr:
		switch x.Op {
		case token.LAND, token.LOR:
			return f.changeTest(x.X) || f.changeTest(x.Y)
		}
		return !isError(info.TypeOf(x.X)) && !isError(info.TypeOf(x.Y))
	case *ast.UnaryExpr:
		return f.changeTest(x.X)
	case *ast.Ident:
		_, ok := info.Uses[x].(*types.Var)
		return ok
	case *ast.CallExpr:
		for _, a := range x.Args {
			if isError(info.TypeOf(a)) {
				return false // errors.Is(err, X), apierrors.IsNotFound(err)
			}
		}
		if sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "IsZero" {
			return false // a deletion timestamp, a zero time
		}
		return true
	}
	return false
}

func isError(t types.Type) bool {
	return t != nil && types.Identical(t, types.Universe.Lookup("error").Type())
}
