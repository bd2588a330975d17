package admissionclobber

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"maps"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/astutil"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/flow"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/k8s"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/live"
)

// function is one declared function with what the checker needs to know
// about its body.
type function struct {
	c      *checker
	decl   *ast.FuncDecl
	file   *ast.File
	obj    *types.Func
	params map[*types.Var]int
	// assigns are the assignments of the body with the stack of nodes
	// enclosing each, and calls its calls, collected once.
	assigns []located[*ast.AssignStmt]
	calls   []*ast.CallExpr
}

type located[T ast.Node] struct {
	node  T
	stack []ast.Node // enclosing nodes, outermost first, excluding node
}

func (c *checker) newFunction(fd *ast.FuncDecl, file *ast.File) *function {
	info := c.pass.TypesInfo
	fn := &function{
		c: c, decl: fd, file: file,
		params: map[*types.Var]int{},
	}
	fn.obj, _ = info.Defs[fd.Name].(*types.Func)
	if fn.obj != nil {
		sig := fn.obj.Type().(*types.Signature)
		for i := range sig.Params().Len() {
			fn.params[sig.Params().At(i)] = i
		}
	}
	astutil.WithStack(fd.Body, func(n ast.Node, stack []ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			fn.assigns = append(fn.assigns, located[*ast.AssignStmt]{n, slices.Clone(stack)})
		case *ast.CallExpr:
			fn.calls = append(fn.calls, n)
			if as, ok := astutil.CopyInto(info, n); ok {
				fn.assigns = append(fn.assigns, located[*ast.AssignStmt]{as, slices.Clone(stack)})
			}
		}
		return true
	})
	return fn
}

// origin is where a location expression leads.
type origin struct {
	root     *types.Var
	pod      bool       // the path passes through a corev1.Pod
	template bool       // the path passes through a pod template
	copyVar  *types.Var // a local copy on the way, if any
}

// resolve returns what e is rooted at, as the flow engine follows it
// (live.Locate): through field paths, dereferences, indexes, type
// assertions, DeepCopy, pointer locals and local copies.
func (fn *function) resolve(e ast.Expr) origin {
	loc := fn.c.live.Locate(e)
	o := origin{root: loc.Root, copyVar: loc.Copy}
	for _, t := range loc.Types {
		switch structName(t) {
		case "Pod":
			o.pod = true
		case "PodTemplateSpec", "PodTemplate":
			o.template = true
		}
	}
	return o
}

// path returns the location e denotes, by object identity (astutil.Path).
func (fn *function) path(e ast.Expr) (astutil.Path, bool) {
	return astutil.PathOf(fn.c.pass.TypesInfo, e)
}

// guarded reports whether the statement inner (enclosed by stack) only
// runs when the location target is empty (empty true: nil, "" or zero
// length; the assignment fills a gap rather than replacing), or only when
// it is set (empty false: the value assigned is known to be set).
func (fn *function) guarded(stack []ast.Node, inner ast.Node, target ast.Expr, empty bool) bool {
	t, ok := fn.path(target)
	if !ok {
		return false
	}
	for _, cond := range astutil.GuardingConds(stack, inner) {
		if fn.testsEmpty(cond, t, empty) {
			return true
		}
	}
	return false
}

// testsEmpty reports whether cond is `x == nil`, `x == ""` or
// `len(x) == 0` (empty) or the negation (!empty) for x at the location target.
func (fn *function) testsEmpty(cond ast.Expr, target astutil.Path, empty bool) bool {
	is := func(x ast.Expr) bool {
		p, ok := fn.path(x)
		return ok && p.Equal(target)
	}
	b, ok := cond.(*ast.BinaryExpr)
	if !ok {
		return false
	}
	x, y := ast.Unparen(b.X), ast.Unparen(b.Y)
	if isZero(fn.c.pass.TypesInfo, x) {
		x, y = y, x
	}
	if !isZero(fn.c.pass.TypesInfo, y) {
		return false
	}
	if call, ok := x.(*ast.CallExpr); ok && len(call.Args) == 1 {
		if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok && id.Name == "len" {
			x = call.Args[0]
			if b.Op == token.GTR {
				return !empty && is(x)
			}
		}
	}
	switch b.Op {
	case token.EQL:
		return empty && is(x)
	case token.NEQ:
		return !empty && is(x)
	}
	return false
}

func isZero(info *types.Info, e ast.Expr) bool {
	if id, ok := e.(*ast.Ident); ok && id.Name == "nil" {
		return true
	}
	tv, ok := info.Types[e]
	if !ok || tv.Value == nil {
		return false
	}
	switch tv.Value.Kind() {
	case constant.String:
		return constant.StringVal(tv.Value) == ""
	case constant.Int:
		return constant.Sign(tv.Value) == 0
	}
	return false
}

// knownSet reports whether e is a value that is certainly set: a
// non-empty constant, a non-empty composite literal, or an address.
func knownSet(info *types.Info, e ast.Expr) bool {
	e = ast.Unparen(e)
	if tv, ok := info.Types[e]; ok && tv.Value != nil {
		return !isZero(info, e)
	}
	switch x := e.(type) {
	case *ast.CompositeLit:
		return len(x.Elts) > 0
	case *ast.UnaryExpr:
		return x.Op == token.AND
	case *ast.CallExpr:
		// ptr.To(v), pointer.Int32(v), new(T): never nil.
		if id, ok := ast.Unparen(x.Fun).(*ast.Ident); ok && id.Name == "new" {
			return true
		}
		if fnObj := k8s.Callee(info, x); fnObj != nil && fnObj.Pkg() != nil &&
			strings.HasPrefix(fnObj.Pkg().Path(), "k8s.io/utils/") {
			return true
		}
	}
	return false
}

// replacementsIn returns the wholesale replacements the assignment makes,
// each with the destination expression.
func (fn *function) replacementsIn(as located[*ast.AssignStmt]) (out []struct {
	r   replacement
	dst ast.Expr
}) {
	if as.node.Tok != token.ASSIGN || len(as.node.Lhs) != len(as.node.Rhs) {
		return nil
	}
	info := fn.c.pass.TypesInfo
	for i, lhs := range as.node.Lhs {
		rhs := as.node.Rhs[i]
		field := fn.c.classify(lhs)
		if field == "" {
			continue
		}
		dst := lhs
		if fn.c.live.Carries(rhs, dst) || fn.guarded(as.stack, as.node, dst, true) {
			continue // built from the live value, or fills an empty field
		}
		if f, ok := fn.c.fields[field]; ok && f.whenUnset {
			if knownSet(info, rhs) || fn.guarded(as.stack, as.node, rhs, false) {
				continue // admission only fills it when it is unset
			}
		}
		var lost []string
		if isWhole(field) {
			all := fn.c.lostFields(field)
			carried := fn.notCarried(dst, rhs, all)
			if len(carried) < len(all) && (field == "PodSpec" || field == "Container") {
				// The new spec was seeded with fields of the live one: a
				// deliberate merge whose author chose what to keep (and
				// often built the rest from an admitted Pod). Bail out.
				continue
			}
			lost = fn.notRestored(as, dst, carried)
			if len(lost) == 0 {
				continue
			}
		}
		out = append(out, struct {
			r   replacement
			dst ast.Expr
		}{replacement{field: field, lost: lost, pos: as.node.Pos(), where: fn.c.where(as.node.Pos()), fn: fn.name()}, lhs})
	}
	return out
}

// notRestored returns the fields of candidates that no later assignment
// in the function puts back from a value saved before the replacement:
// dstX := dst.X; *dst = *src; dst.X = dstX.
func (fn *function) notRestored(as located[*ast.AssignStmt], dst ast.Expr, candidates []string) []string {
	d, ok := fn.path(dst)
	if !ok {
		return candidates
	}
	restored := map[string]bool{}
	fn.fieldAssigns(func(pos token.Pos) bool { return pos >= as.node.End() }, func(f *types.Var, lhs astutil.Path, rhs ast.Expr) {
		if lhs.Equal(d.Child(f)) && fn.savedBefore(rhs, lhs, as.node.Pos()) {
			restored[f.Name()] = true
		}
	})
	var out []string
	for _, f := range candidates {
		if !restored[f] {
			out = append(out, f)
		}
	}
	slices.Sort(out)
	return out
}

// notCarried returns the fields of candidates that the new value does
// not carry over from the destination: the flow engine
// (live.CarriesFrom) finds no read of dst.F (or of what holds it) that
// the value is built from or took into its parts before the assignment
// (`next.Containers = pod.Spec.Containers; pod.Spec = *next`, a helper
// called for its effect and handed both).
func (fn *function) notCarried(dst, rhs ast.Expr, candidates []string) []string {
	d, ok := fn.path(dst)
	if !ok {
		return candidates
	}
	var steps []*types.Var
	for _, s := range d.Steps {
		if s.Method != nil {
			return candidates
		}
		if s.Field != nil {
			steps = append(steps, s.Field)
		}
	}
	var out []string
	for _, f := range candidates {
		carried := fn.c.live.CarriesFrom(rhs, flow.Carry{Match: func(root types.Object, fields []*types.Var) bool {
			// A read of dst.F, of a part of it, or of what holds it (a
			// helper handed the whole live spec may carry any field).
			if root != d.Root {
				return false
			}
			n := min(len(fields), len(steps))
			return slices.Equal(fields[:n], steps[:n]) && (len(fields) <= len(steps) || fields[len(steps)].Name() == f)
		}})
		if !carried {
			out = append(out, f)
		}
	}
	return out
}

// fieldAssigns calls visit for each assignment `x.F = rhs` of the function
// at a position where holds, with the field, the path of x.F and rhs.
func (fn *function) fieldAssigns(where func(token.Pos) bool, visit func(f *types.Var, lhs astutil.Path, rhs ast.Expr)) {
	info := fn.c.pass.TypesInfo
	for _, as := range fn.assigns {
		if !where(as.node.Pos()) || len(as.node.Lhs) != len(as.node.Rhs) {
			continue
		}
		for i, lhs := range as.node.Lhs {
			sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr)
			if !ok {
				continue
			}
			f, _ := info.Uses[sel.Sel].(*types.Var)
			l, ok := fn.path(lhs)
			if f != nil && ok {
				visit(f, l, as.node.Rhs[i])
			}
		}
	}
}

// savedBefore reports whether e carries the location l as it was before
// pos: a value read from l (or from its DeepCopy) before the
// replacement, through the locals that hold it whatever statement gives
// them their value (flow.Result.CarriesFrom).
func (fn *function) savedBefore(e ast.Expr, l astutil.Path, pos token.Pos) bool {
	fields := l.Fields()
	if len(fields) != len(l.Steps) {
		return false // an element or an accessor on the way
	}
	return fn.c.live.CarriesFrom(e, flow.Carry{ReadBefore: pos, Match: func(root types.Object, fs []*types.Var) bool {
		return root == l.Root && slices.Equal(fs, fields)
	}})
}

func (fn *function) name() string {
	name := fn.decl.Name.Name
	if fn.decl.Recv != nil && len(fn.decl.Recv.List) == 1 {
		t := fn.decl.Recv.List[0].Type
		if s, ok := t.(*ast.StarExpr); ok {
			t = s.X
		}
		if ix, ok := t.(*ast.IndexExpr); ok {
			t = ix.X
		}
		if id, ok := t.(*ast.Ident); ok {
			name = id.Name + "." + name
		}
	}
	return fn.c.pass.Pkg.Name() + "." + name
}

// summarise adds the function's replacements through its parameters to
// its summary; it reports whether the summary grew.
func (fn *function) summarise() bool {
	if fn.obj == nil {
		return false
	}
	c := fn.c
	changed := false
	for _, as := range fn.assigns {
		for _, x := range fn.replacementsIn(as) {
			o := fn.resolve(x.dst)
			if o.root != nil && fn.c.live.BeforeCreation(o.root, as.node.Pos()) {
				continue // set only while the object is being created
			}
			if idx, ok := fn.params[o.root]; ok && !o.template && o.copyVar == nil {
				e := flow.Entry[Replace]{Obj: idx, Value: -1, At: x.r.where,
					What: Replace{Field: x.r.field, Lost: x.r.lost, Pod: o.pod, Func: x.r.fn, pos: x.r.pos}}
				changed = c.summaries.Add(fn.obj, e) || changed
			}
		}
	}
	for _, call := range fn.calls {
		for _, h := range c.summaries.Calls(call) {
			o := fn.resolve(h.Obj)
			if idx, ok := fn.params[o.root]; ok && !o.template && o.copyVar == nil {
				h.What.Pod = h.What.Pod || o.pod
				changed = c.summaries.HandOn(fn.obj, h, idx, -1) || changed
			}
		}
	}
	return changed
}

// reaches reports whether a replacement at pos through origin o lands on
// a live Pod (pod: the helper's parameter path already passed through one).
func (fn *function) reaches(o origin, pod bool, pos token.Pos) bool {
	if o.root == nil || o.template || !(o.pod || pod) {
		return false
	}
	if fn.c.live.At(o.root, pos) == live.NotLive {
		return false
	}
	// A local copy matters only where it goes somewhere: written,
	// compared, returned, handed on (the flow engine's Where).
	return o.copyVar == nil || fn.c.live.WhereVar(o.copyVar).Set != 0
}

// report emits the findings of the function's body.
func (fn *function) report() {
	c := fn.c
	if c.generated[fn.file] {
		return
	}
	for _, as := range fn.assigns {
		for _, x := range fn.replacementsIn(as) {
			o := fn.resolve(x.dst)
			switch {
			case fn.reaches(o, false, as.node.Pos()):
			case fn.mergesPods(as, x.dst):
			default:
				continue
			}
			c.report(c.describe(x.r.pos, as.node.End(), x.r.field, x.r.lost), x.r.field)
		}
	}
	for _, call := range fn.calls {
		byField := map[string][]flow.Entry[Replace]{}
		for _, h := range c.summaries.Calls(call) {
			o := fn.resolve(h.Obj)
			if !fn.reaches(o, h.What.Pod, call.End()) {
				continue
			}
			byField[h.What.Field] = append(byField[h.What.Field], h.Entry)
		}
		callee := k8s.Callee(c.pass.TypesInfo, call)
		for _, field := range slices.Sorted(maps.Keys(byField)) {
			rs := byField[field]
			slices.SortFunc(rs, func(a, b flow.Entry[Replace]) int { return cmp.Or(strings.Compare(a.At, b.At), a.Obj-b.Obj) })
			var related []analysis.RelatedInformation
			var wheres []string
			lost := map[string]bool{}
			for _, e := range rs {
				r := e.What
				wheres = append(wheres, e.At)
				for _, l := range r.Lost {
					lost[l] = true
				}
				if f := fn.fileOf(r.pos); f != nil {
					related = append(related, analysis.RelatedInformation{Pos: r.pos, Message: "replaced here, in " + r.Func})
					// The helper is in this package: report its assignment too.
					if !c.generated[f] {
						c.report(c.describe(r.pos, token.NoPos, r.Field, r.Lost), r.Field)
					}
				} else {
					related = append(related, analysis.RelatedInformation{Pos: callee.Pos(), Message: fmt.Sprintf("replaced at %s, in %s", e.At, r.Func)})
				}
			}
			slices.Sort(wheres)
			wheres = slices.Compact(wheres)
			d := c.describe(call.Pos(), call.End(), field, slices.Sorted(maps.Keys(lost)))
			d.Message = fmt.Sprintf("%s: %s (at %s)", calleeName(callee), d.Message, strings.Join(wheres, ", "))
			d.Related = append(d.Related, related...)
			c.report(d, field)
		}
	}
	fn.reportDeepEqual()
}

func (fn *function) fileOf(pos token.Pos) *ast.File {
	for _, f := range fn.c.pass.Files {
		if f.FileStart <= pos && pos <= f.FileEnd {
			return f
		}
	}
	return nil
}

func calleeName(f *types.Func) string {
	name := f.Name()
	if recv := f.Type().(*types.Signature).Recv(); recv != nil {
		if n := k8s.Named(recv.Type()); n != nil {
			name = n.Obj().Name() + "." + name
		}
	}
	if f.Pkg() != nil {
		name = f.Pkg().Name() + "." + name
	}
	return name
}

// mergesPods reports whether the assignment copies a field from one Pod
// into the same field of another, existing Pod: dst.Spec.F = src.Spec.F,
// a desired-into-live merge.
func (fn *function) mergesPods(as located[*ast.AssignStmt], lhs ast.Expr) bool {
	i := slices.Index(as.node.Lhs, lhs)
	if i < 0 {
		return false
	}
	rhs := as.node.Rhs[i]
	dst, src := fn.resolve(lhs), fn.resolve(rhs)
	if dst.root == nil || src.root == nil || dst.root == src.root || !dst.pod || !src.pod || dst.template || src.template {
		return false
	}
	if fn.isNew(dst.root) {
		return false // copying into a Pod being built
	}
	l, lok := fn.path(lhs)
	r, rok := fn.path(rhs)
	return lok && rok && len(l.Steps) > 0 && l.SameSteps(r)
}

// isNew reports whether v holds an object allocated in this function
// (flow.Result.Allocated: a composite literal or new(T), whatever
// statement gives it) and not read from the server: an object being
// built.
func (fn *function) isNew(v *types.Var) bool {
	return fn.c.live.Allocated(v) && fn.c.live.VarReason(v) == live.NotLive
}

// compared returns what a drift check compares when it is given e: a
// field key, or "PodSpec"/"Container" for a whole struct; "" otherwise.
func (fn *function) compared(e ast.Expr) string {
	info := fn.c.pass.TypesInfo
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	if sel, ok := e.(*ast.SelectorExpr); ok {
		if s := info.Selections[sel]; s != nil && s.Kind() == types.FieldVal {
			owner := structName(info.TypeOf(sel.X))
			if owner == "PodSpec" || owner == "Container" {
				if _, ok := fn.c.fields[owner+"."+sel.Sel.Name]; ok {
					return owner + "." + sel.Sel.Name
				}
				return ""
			}
		}
	}
	switch structName(info.TypeOf(e)) {
	case "PodSpec":
		return "PodSpec"
	case "Container":
		if _, ok := info.TypeOf(e).Underlying().(*types.Slice); !ok {
			return "Container"
		}
	}
	if kind, name := elemName(info.TypeOf(e)); kind == "slice" && name == "Container" {
		if _, ok := fn.c.fields["PodSpec.Containers"]; ok {
			return "PodSpec.Containers"
		}
	}
	return ""
}

// reportDeepEqual reports strict comparisons of a live Pod's spec, or an
// admission-mutated part of it, with a desired value.
func (fn *function) reportDeepEqual() {
	c := fn.c
	info := c.pass.TypesInfo
	for _, call := range fn.calls {
		if len(call.Args) != 2 || !k8s.IsDeepEqual(k8s.Callee(info, call)) {
			continue
		}
		for i := range 2 {
			a, b := call.Args[i], call.Args[1-i]
			what := fn.compared(a)
			if what == "" {
				continue
			}
			oa, ob := fn.resolve(a), fn.resolve(b)
			if oa.root == nil || !oa.pod || oa.template || c.live.VarReason(oa.root) == live.NotLive {
				continue
			}
			if ob.root != nil && c.live.VarReason(ob.root) != live.NotLive {
				continue // both sides come from the cluster: a merged copy
			}
			c.report(c.describeCompare(call.Pos(), call.End(), what), "compare")
			break
		}
	}
}

// describeCompare builds the message for a strict drift check.
func (c *checker) describeCompare(pos, end token.Pos, what string) analysis.Diagnostic {
	const remedy = "compare only the fields the operator sets, or a hash of the desired spec"
	var why string
	switch what {
	case "PodSpec", "Container":
		name, owner := "live Pod's Spec", "PodSpec"
		if what == "Container" {
			name, owner = "live Pod's container", "Container"
		}
		why = fmt.Sprintf("admission mutates its %s; %s", list(c.fields.of(owner)), remedy)
		what = name
	default:
		f := c.fields[what]
		what = "live Pod's " + f.name
		if f.owner == "Container" {
			what = "live Pod's container " + f.name
		}
		why = fmt.Sprintf("%s; %s", f.source, remedy)
	}
	return analysis.Diagnostic{
		Pos: pos, End: end,
		Message: fmt.Sprintf("drift check compares the %s strictly: admission's changes always read as drift", what),
		Related: []analysis.RelatedInformation{{Pos: pos, End: end, Message: why}},
	}
}
