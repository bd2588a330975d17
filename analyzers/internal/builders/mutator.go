package builders

// Mutators: the drift checks of controller frameworks that hand a desired
// object and a list of mutator functions to one helper, which reads the
// live object and calls each mutator with both (3scale's
// DeploymentMutator(...DMutateFn), and its copies in other operators).
// A mutator compares a part of the existing object with the same part of
// the desired one and, when they differ, copies the desired part in:
//
//	func ProbesMutator(desired, existing *appsv1.Deployment) (bool, error) {
//		for i, d := range desired.Spec.Template.Spec.Containers {
//			e := &existing.Spec.Template.Spec.Containers[i]
//			if !reflect.DeepEqual(e.LivenessProbe, d.LivenessProbe) {
//				e.LivenessProbe = d.LivenessProbe
//				...
//
// Both sides are parameters, so what the desired side sets is known only
// where the operator calls the framework: reconcile(builder(),
// framework.Mutator(ProbesMutator, ...)). A mutator's strict comparisons
// are summarised (and exported as facts); at a call that is handed a
// desired object built by a known builder and mutator functions (directly,
// through calls, or in a local list), each comparison is checked against
// what the builder sets.

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"strings"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/astutil"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/k8s"
)

// Mutation is a mutator's strict comparison of one part of two of its
// parameters, the desired and the existing (live) object, whose unequal
// branch copies into the existing one.
type Mutation struct {
	Desired, Live int    // parameter indexes
	Path          string // the compared part, from the objects
	At            string // where the comparison is (file:line)
	// Semantic says the comparison is apimachinery's
	// equality.Semantic.DeepEqual: strict for fields the server defaults,
	// by value for quantities and times.
	Semantic bool
	// Decided says the function decides a write on the comparison itself
	// (compared.go), rather than copying into the live object for its
	// caller to write; its Live is then ReadsLive when it reads the live
	// object itself.
	Decided bool
}

// readRoot is where a local reads from: a parameter and a path in it.
type readRoot struct {
	param int
	path  string
}

// mutations returns fd's mutations: it needs two parameters of the same
// pointer-to-API type.
func (c *Result) mutations(fd *ast.FuncDecl) []Mutation {
	fn := c.graph.Func(fd)
	if fn == nil {
		return nil
	}
	sig := fn.Type().(*types.Signature)
	roots := map[*types.Var]readRoot{}
	var typ types.Type
	for i := range sig.Params().Len() {
		p := sig.Params().At(i)
		if !isPointer(p.Type()) || !holdsStruct(p.Type()) || !IsAPI(p.Type()) {
			continue
		}
		if typ != nil && !types.Identical(typ, p.Type()) {
			return nil
		}
		typ = p.Type()
		roots[p] = readRoot{param: i}
	}
	if len(roots) < 2 {
		return nil
	}
	info := c.pass.TypesInfo
	var out []Mutation
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		cmp, a, b, ok := c.strictComparison(info, n)
		if !ok {
			return true
		}
		ra, okA := c.readOf(a, roots)
		rb, okB := c.readOf(b, roots)
		if !okA || !okB || ra.param == rb.param || ra.path != rb.path {
			return true
		}
		ifs := c.decidingIf(fd, cmp)
		if ifs == nil {
			return true
		}
		semantic := false
		if call, ok := cmp.(*ast.CallExpr); ok {
			semantic = IsSemantic(k8s.Callee(info, call))
		}
		switch {
		case c.copiesInto(ifs, fd, sig.Params().At(ra.param), sig.Params().At(rb.param)):
			out = append(out, Mutation{Desired: rb.param, Live: ra.param, Path: ra.path, At: c.at(cmp.Pos()), Semantic: semantic})
		case c.copiesInto(ifs, fd, sig.Params().At(rb.param), sig.Params().At(ra.param)):
			out = append(out, Mutation{Desired: ra.param, Live: rb.param, Path: ra.path, At: c.at(cmp.Pos()), Semantic: semantic})
		}
		return true
	})
	return out
}

// IsSemantic reports apimachinery's equality.Semantic.DeepEqual (the
// forked reflect's DeepEqual method): it compares quantities and times by
// value and a nil list or map with an empty one as equal.
func IsSemantic(fn *types.Func) bool {
	return k8s.IsDeepEqual(fn) && fn.Pkg().Path() != "reflect"
}

// StrictComparison matches the strict comparisons:
// reflect.DeepEqual, equality.Semantic.DeepEqual, cmp.Equal, slices.Equal,
// maps.Equal of two values, and == or != of structs.
func StrictComparison(info *types.Info, n ast.Node) (cmp, a, b ast.Expr, ok bool) {
	switch x := n.(type) {
	case *ast.CallExpr:
		fn := k8s.Callee(info, x)
		if len(x.Args) != 2 || !k8s.IsStrictEqual(fn) {
			return nil, nil, nil, false // DeepDerivative ignores unset fields; cmp options may too
		}
		return x, x.Args[0], x.Args[1], true
	case *ast.BinaryExpr:
		if x.Op != token.EQL && x.Op != token.NEQ {
			return nil, nil, nil, false
		}
		if _, ok := types.Unalias(info.TypeOf(x.X)).Underlying().(*types.Struct); !ok {
			return nil, nil, nil, false
		}
		return x, x.X, x.Y, true
	}
	return nil, nil, nil, false
}

// readOf returns the root and path e reads where it is evaluated:
// root.A.B[i].C, through the locals that hold a part or a copy of a root
// (`x := root.Part`, a DeepCopy of it, the value of a range over a root's
// list), pointers and dereferences: the flow engine's Locate.
func (c *Result) readOf(e ast.Expr, roots map[*types.Var]readRoot) (readRoot, bool) {
	loc := c.Flow.Locate(e)
	r, ok := roots[loc.Root]
	if !ok || loc.Root == nil {
		return readRoot{}, false
	}
	return readRoot{param: r.param, path: Join(r.path, loc.Path(len(loc.Hops)))}, true
}

// decidingIf returns the if statement whose condition is cmp (or !cmp,
// or cmp combined with && or ||).
func (c *Result) decidingIf(fd *ast.FuncDecl, cmp ast.Expr) *ast.IfStmt {
	var found *ast.IfStmt
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		ifs, ok := n.(*ast.IfStmt)
		if !ok || found != nil {
			return found == nil
		}
		ast.Inspect(ifs.Cond, func(m ast.Node) bool {
			if m == cmp {
				found = ifs
			}
			return found == nil
		})
		return found == nil
	})
	return found
}

// copiesInto reports whether a branch of ifs assigns into the object of
// dst (through locals pointing into it) a value read from src.
func (c *Result) copiesInto(ifs *ast.IfStmt, fd *ast.FuncDecl, dst, src *types.Var) bool {
	from := map[*types.Var]readRoot{src: {}}
	found := false
	check := func(n ast.Node) {
		astutil.Assignments(n, func(l, r ast.Expr) {
			if _, into := c.aliasPath(l, dst); into && !found {
				_, found = c.readOf(r, from)
			}
		})
	}
	check(ifs.Body)
	if ifs.Else != nil {
		check(ifs.Else)
	}
	if !found && endsInReturn(ifs.Body) {
		// if equal { return }; copy: the statements after it are the
		// other branch.
		if block, ok := astutil.Parents(fd)[ifs].(*ast.BlockStmt); ok {
			after := false
			for _, st := range block.List {
				if after {
					check(st)
				}
				after = after || st == ifs
			}
		}
	}
	return found
}

func endsInReturn(b *ast.BlockStmt) bool {
	if len(b.List) == 0 {
		return false
	}
	_, ok := b.List[len(b.List)-1].(*ast.ReturnStmt)
	return ok
}

// at returns pos as file:line, for a message read in another package.
func (c *Result) at(pos token.Pos) string {
	p := c.pass.Fset.Position(pos)
	return fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line)
}

// A MutatorCall is a call that hands a desired object, built by a known
// builder, together with mutator functions one of whose strict
// comparisons takes that object's type: the object (Arg), the mutator
// (Fn) and its comparison (M).
type MutatorCall struct {
	Call *ast.CallExpr
	Arg  ast.Expr
	Type types.Type
	Fn   *types.Func
	M    Mutation
}

// MutatorCalls returns, for each call in fd that hands a desired object
// and mutator functions over, the mutations that compare that object's
// type, with what the desired object sets (Shape.Sub(m.Path) is the
// compared part) and where it was built. A call whose desired side is not
// known is left out.
func (c *Result) MutatorCalls(fd *ast.FuncDecl) []MutatorCalls {
	if c == nil {
		return nil
	}
	c.mu.Lock() // the analyzers asking may run in parallel
	defer c.mu.Unlock()
	info := c.pass.TypesInfo
	var out []MutatorCalls
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || len(call.Args) < 2 {
			return true
		}
		var muts []*types.Func
		for _, a := range call.Args {
			c.funcValues(a, &muts, 3)
		}
		slices.SortFunc(muts, func(a, b *types.Func) int { return cmp.Compare(a.FullName(), b.FullName()) })
		muts = slices.Compact(muts)
		if len(muts) == 0 {
			return true
		}
		for _, a := range call.Args {
			t := info.TypeOf(a)
			if t == nil || !holdsStruct(t) || !IsAPI(t) {
				continue
			}
			if mc, ok := c.mutatorCall(fd, call, a, t, muts); ok {
				out = append(out, mc)
				break
			}
		}
		return true
	})
	return out
}

// MutatorCalls is one call's mutations of its desired argument.
type MutatorCalls struct {
	Calls []MutatorCall
	Got   *Shape    // what the desired argument sets
	Where token.Pos // where it was built
}

// mutatorCall collects the mutations of muts on the desired value arg of
// call, of type t, when what arg sets is known.
func (c *Result) mutatorCall(fd *ast.FuncDecl, call *ast.CallExpr, arg ast.Expr, t types.Type, muts []*types.Func) (MutatorCalls, bool) {
	var out MutatorCalls
	for _, fn := range muts {
		f := c.summary(fn)
		if f == nil {
			continue
		}
		params := fn.Type().(*types.Signature).Params()
		for _, m := range f.Mutates {
			if m.Live == ReadsLive || m.Desired >= params.Len() || !types.Identical(params.At(m.Desired).Type(), t) {
				continue
			}
			if out.Got == nil {
				c.handedTo = call
				out.Got, out.Where = c.desiredShape(fd, arg)
				c.handedTo = nil
				if out.Got == nil || out.Got.Sets("") {
					return out, false // what the desired side sets is not known
				}
			}
			out.Calls = append(out.Calls, MutatorCall{Call: call, Arg: arg, Type: t, Fn: fn, M: m})
		}
	}
	return out, len(out.Calls) > 0
}

func isFunc(t types.Type) bool {
	_, ok := types.Unalias(t).Underlying().(*types.Signature)
	return ok
}

// holdsFuncs reports whether t is a function type or a list of them.
func holdsFuncs(t types.Type) bool {
	s, ok := types.Unalias(t).Underlying().(*types.Slice)
	return isFunc(t) || ok && isFunc(s.Elem())
}

// funcValues adds to out the functions e hands over as values: f,
// pkg.F, the arguments of a call (framework.Mutator(f, g)), the elements
// of a list literal, and what a local list or function variable holds
// where e is evaluated (the flow engine's Funcs), or the call or list
// that computed it (depth locals deep).
func (c *Result) funcValues(e ast.Expr, out *[]*types.Func, depth int) {
	info := c.pass.TypesInfo
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		switch o := info.Uses[x].(type) {
		case *types.Func:
			*out = append(*out, o)
		case *types.Var:
			if depth == 0 || !holdsFuncs(o.Type()) {
				return
			}
			*out = append(*out, c.Flow.Funcs(x)...)
			if init := c.Flow.Computed(x); init != nil {
				c.funcValues(init, out, depth-1) // m := framework.Mutator(f, g)
			}
		}
	case *ast.SelectorExpr:
		if fn, ok := info.Uses[x.Sel].(*types.Func); ok && info.Selections[x] == nil {
			*out = append(*out, fn) // pkg.F, not a method value
		}
	case *ast.CallExpr:
		for _, a := range x.Args {
			c.funcValues(a, out, depth)
		}
	case *ast.CompositeLit:
		for _, elt := range x.Elts {
			c.funcValues(elt, out, depth)
		}
	}
}

// Elem returns the type of what a pointer, slice or array of t holds.
func Elem(t types.Type) (types.Type, bool) {
	switch u := types.Unalias(t).Underlying().(type) {
	case *types.Pointer:
		return u.Elem(), true
	case *types.Slice:
		return u.Elem(), true
	case *types.Array:
		return u.Elem(), true
	}
	return nil, false
}

func isPointer(t types.Type) bool {
	_, ok := types.Unalias(t).Underlying().(*types.Pointer)
	return ok
}

// Nilable reports whether a value of t may be nil (and then holds no
// defaults).
func Nilable(t types.Type) bool {
	switch types.Unalias(t).Underlying().(type) {
	case *types.Pointer, *types.Slice, *types.Map:
		return true
	}
	return false
}

// TypeAt returns the type of the part of a t value at path ("Spec.Strategy",
// "Spec.Template.Spec.Containers[].LivenessProbe"), or nil.
func TypeAt(t types.Type, path string) types.Type {
	t, _ = walkPath(t, path)
	return t
}

// TagAt returns the struct tag of the field a path ends in ("" when it
// ends in an element, or is not found).
func TagAt(t types.Type, path string) string {
	_, tag := walkPath(t, path)
	return tag
}

// walkPath follows path from t through pointers, fields and the elements
// of lists and maps ("[]"); it returns the type reached (nil if none) and
// the tag of the last field taken.
func walkPath(t types.Type, path string) (types.Type, string) {
	tag := ""
	for path != "" {
		for isPointer(t) {
			t, _ = Elem(t)
		}
		if rest, ok := strings.CutPrefix(path, "[]"); ok {
			e, ok := Elem(t)
			if m, isMap := types.Unalias(t).Underlying().(*types.Map); !ok && isMap {
				e, ok = m.Elem(), true
			}
			if !ok {
				return nil, ""
			}
			t, path, tag = e, strings.TrimPrefix(rest, "."), ""
			continue
		}
		name := path
		if i := strings.IndexAny(path, ".["); i >= 0 {
			name, path = path[:i], strings.TrimPrefix(path[i:], ".")
		} else {
			path = ""
		}
		obj, index, _ := types.LookupFieldOrMethod(t, true, nil, name)
		f, ok := obj.(*types.Var)
		if !ok || !f.IsField() {
			return nil, ""
		}
		tag = ""
		if st, ok := types.Unalias(k8s.Deref(t)).Underlying().(*types.Struct); ok && len(index) == 1 {
			tag = st.Tag(index[0])
		}
		t = f.Type()
	}
	return t, tag
}

// DirectMutatorCalls returns fd's calls of a mutator itself, handed a
// live object as its live parameter and a desired one as its desired
// parameter (`if util.CopyFields(desired, found) { r.Update(ctx, found) }`),
// and of a helper that compares its desired parameter with a live object
// it reads or is handed (compared.go: Decided, it decides its write
// itself):
// one MutatorCalls per call, with what the desired argument sets (nil when
// not known) and the mutations whose live argument is live.
func (c *Result) DirectMutatorCalls(fd *ast.FuncDecl) []MutatorCalls {
	if c == nil || fd.Body == nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	info := c.pass.TypesInfo
	var out []MutatorCalls
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		fn := k8s.Callee(info, call)
		if fn == nil {
			return true
		}
		f := c.summary(fn)
		if f == nil || len(f.Mutates) == 0 {
			return true
		}
		var mc MutatorCalls
		for _, m := range f.Mutates {
			if m.Desired >= len(call.Args) || m.Live >= len(call.Args) {
				continue
			}
			d := call.Args[m.Desired]
			if m.Live != ReadsLive && !c.IsLive(call.Args[m.Live]) || c.IsLive(d) {
				continue
			}
			if len(mc.Calls) == 0 {
				mc.Got, mc.Where = c.desiredShape(fd, d)
			}
			mc.Calls = append(mc.Calls, MutatorCall{Call: call, Arg: d, Type: info.TypeOf(d), Fn: fn, M: m})
		}
		if len(mc.Calls) > 0 {
			out = append(out, mc)
		}
		return true
	})
	return out
}
