package admissionclobber

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/astutil"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/directive"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/flow"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/funcs"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/k8s"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/live"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/settings"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/uses"
)

//go:embed doc.go
var doc string

// Config holds the settings of admissionclobber: extra-fields adds fields
// to the default list, ignore-fields removes fields from it.
type Config = settings.Fields

// Validate reports the first bad setting, naming its key.
func Validate(c Config) error { return table.Validate(c) }

// Analyzer reports admission-mutated fields replaced on live Pods.
var Analyzer = New(Config{})

// New returns an admissionclobber analyzer with the given settings.
func New(cfg Config) *analysis.Analyzer {
	a := directive.New("admissionclobber", doc, func(pass *analysis.Pass) (any, error) {
		if err := Validate(cfg); err != nil {
			return nil, err
		}
		return run(pass, newFieldSet(cfg))
	}, []*analysis.Analyzer{live.Analyzer, funcs.Analyzer, uses.Analyzer}, new(replacesFact))
	table.Flags(&a.Flags, &cfg,
		"comma-separated fields (PodSpec.Name or Container.Name) that admission mutates, added to the default list",
		"comma-separated fields (PodSpec.Name or Container.Name) removed from the list")
	return a
}

// Replace is one wholesale replacement that a function makes in the
// object one of its parameters points to (the flow.Entry's Obj; its At is
// where: "update/podspec.go:190").
type Replace struct {
	Field string   // "PodSpec.ImagePullSecrets", or a whole struct: "PodSpec", "Container", "SecurityContext", "PodSecurityContext"
	Lost  []string // for a whole struct: the fields it does not keep
	Pod   bool     // the parameter path already passes through a corev1.Pod
	Func  string   // the function holding the assignment: "update.SecurityContext"

	pos token.Pos // the assignment, when it is in this package
}

// replacesFact summarises the replacements a function makes through its
// parameters, for callers in other packages (flow.Handoffs).
type replacesFact struct{ Replaces []flow.Entry[Replace] }

func (*replacesFact) AFact() {}

func (f *replacesFact) String() string {
	es := slices.Clone(f.Replaces)
	key := func(e flow.Entry[Replace]) string { return fmt.Sprint(e.Obj, e.What.Field, e.At) }
	slices.SortFunc(es, func(a, b flow.Entry[Replace]) int { return strings.Compare(key(a), key(b)) })
	var parts []string
	for _, e := range es {
		parts = append(parts, fmt.Sprintf("param %d %s at %s", e.Obj, e.What.Field, e.At))
	}
	return "replaces(" + strings.Join(parts, "; ") + ")"
}

// replacement is a wholesale replacement found in a function body.
type replacement struct {
	field string   // as Replace.Field
	lost  []string // as Replace.Lost
	pos   token.Pos
	where string
	fn    string
}

type checker struct {
	pass      *analysis.Pass
	fields    fieldSet
	live      *live.Result
	summaries *flow.Handoffs[Replace]
	generated map[*ast.File]bool
	reported  map[string]bool
}

func run(pass *analysis.Pass, fields fieldSet) (any, error) {
	// What decides is whether the package touches a core/v1 object (a
	// Pod's fields, a Pod type): a package that gets its Pod from a helper
	// imports nothing of core/v1 but touches pod.Spec.
	if k8s.Irrelevant(pass) || !k8s.DependsOn(pass.Pkg, k8s.CoreV1) || !uses.Of(pass).Touches(k8s.CoreV1) {
		return nil, nil // fast path: no operator Pod handling here
	}
	c := &checker{
		pass:      pass,
		fields:    fields,
		live:      pass.ResultOf[live.Analyzer].(*live.Result),
		generated: map[*ast.File]bool{},
		reported:  map[string]bool{},
	}
	graph := funcs.Of(pass)
	c.summaries = flow.NewHandoffs(pass, graph, func(fn *types.Func) ([]flow.Entry[Replace], bool) {
		var f replacesFact
		ok := pass.ImportObjectFact(fn, &f)
		return f.Replaces, ok
	}, func(a, b Replace) bool { return a.Field == b.Field })
	fileOf := map[*ast.FuncDecl]*ast.File{}
	for _, f := range astutil.CodeFiles(pass.Fset, pass.Files) {
		c.generated[f] = directive.IsGenerated(pass, f)
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				fileOf[fd] = f
			}
		}
	}
	// A function that names nothing of core/v1 and declares or uses no
	// variable of a core/v1 type handles no Pod: it neither replaces Pod
	// fields nor hands a Pod to a helper that does.
	index := uses.Of(pass)
	var all []*function
	byDecl := map[*ast.FuncDecl]*function{}
	for _, fd := range graph.Decls {
		if !index.FuncTouches(fd, k8s.CoreV1) {
			continue
		}
		fn := c.newFunction(fd, fileOf[fd])
		all = append(all, fn)
		byDecl[fd] = fn
	}
	// Summaries to a fixed point: a helper's replacements reach its
	// callers' parameters. Each round can only add entries.
	graph.Fixpoint(maxRounds, funcs.Callers, func(fd *ast.FuncDecl) bool {
		fn := byDecl[fd]
		return fn != nil && fn.summarise()
	})
	c.summaries.Export(func(es []flow.Entry[Replace]) analysis.Fact { return &replacesFact{Replaces: es} })
	for _, fn := range all {
		fn.report()
	}
	for _, fd := range graph.Decls {
		if byDecl[fd] != nil && !c.generated[fileOf[fd]] {
			c.inverse(fd)
			c.strictContains(graph, fd)
		}
	}
	return nil, nil
}

// inverse reports the inverse form of a wholesale replacement on Pods: a
// desired Pod, built apart from the live one, sent with Update after only
// metadata was copied from the live Pod. Every field admission set on the
// live Pod is dropped (see live.InverseUpdate).
func (c *checker) inverse(fd *ast.FuncDecl) {
	info := c.pass.TypesInfo
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if _, ok := live.IsUpdate(info, call); !ok {
			return true
		}
		inv, ok := c.live.Inverse(fd.Body, call)
		if !ok || structName(inv.Type) != "Pod" {
			return true
		}
		c.report(analysis.Diagnostic{
			Pos: call.Pos(), End: call.End(),
			Message: "desired Pod written over the live one with Update, dropping every admission-set field",
			Related: []analysis.RelatedInformation{
				{Pos: inv.At, Message: "only metadata is taken from the live Pod here"},
				{Pos: call.Pos(), End: call.End(), Message: "admission sets " + list(c.fields.of("PodSpec")) + ", so the Pod never matches its desired state"},
			},
		}, "inverse")
		return true
	})
}

// maxRounds bounds the summary fixed point: a helper's replacements are
// followed through this many helpers calling helpers in one package.
const maxRounds = 20

// where formats pos as "pkgname/file.go:line".
func (c *checker) where(pos token.Pos) string {
	p := c.pass.Fset.Position(pos)
	return fmt.Sprintf("%s/%s:%d", c.pass.Pkg.Name(), path.Base(p.Filename), p.Line)
}

// describe builds the message for a replacement of r.field on a live Pod.
func (c *checker) describe(pos, end token.Pos, field string, lost []string) analysis.Diagnostic {
	const consequence = "so the Pod never matches its desired state"
	var msg, why string
	switch field {
	case "PodSpec", "Container":
		what := "live Pod's Spec"
		if field == "Container" {
			what = "live Pod's container"
		}
		msg = fmt.Sprintf("%s replaced wholesale, dropping the admission-set %s", what, list(lost))
		why = "admission mutates each of them, " + consequence
		if len(lost) == 1 {
			why = c.fields[field+"."+lost[0]].source + ", " + consequence
		}
	case "SecurityContext", "PodSecurityContext":
		what := "live Pod's container SecurityContext"
		if field == "PodSecurityContext" {
			what = "live Pod's SecurityContext"
		}
		msg = fmt.Sprintf("%s replaced wholesale, dropping the admission-set %s", what, list(lowerFirst(lost)))
		why = "OpenShift's SCC admission sets them, " + consequence
	default:
		f := c.fields[field]
		what := "live Pod's " + f.name
		if f.owner == "Container" {
			what = "live Pod's container " + f.name
		}
		msg = what + " replaced wholesale: the Pod never matches its desired state"
		why = f.source
	}
	return analysis.Diagnostic{
		Pos: pos, End: end, Message: msg,
		Related: []analysis.RelatedInformation{{Pos: pos, End: end, Message: why}},
	}
}

func list(names []string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

func lowerFirst(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		switch {
		case strings.HasPrefix(n, "SELinux"):
			out[i] = "seLinux" + n[len("SELinux"):]
		case strings.HasPrefix(n, "FSGroup"):
			out[i] = "fsGroup"
		default:
			out[i] = strings.ToLower(n[:1]) + n[1:]
		}
	}
	return out
}

// report emits a diagnostic once per position and field.
func (c *checker) report(d analysis.Diagnostic, field string) {
	k := fmt.Sprint(d.Pos, field)
	if c.reported[k] {
		return
	}
	c.reported[k] = true
	c.pass.Report(d)
}

// structName returns the name of t's corev1 struct type (through one
// pointer), or "".
func structName(t types.Type) string {
	if t == nil {
		return ""
	}
	n := k8s.Named(t)
	if n == nil || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != k8s.CoreV1 {
		return ""
	}
	return n.Obj().Name()
}

// elemName returns how t holds a corev1 type ("slice", "pointer", or
// "named" for the type itself) and that type's name; "" when it does not.
func elemName(t types.Type) (kind string, name string) {
	if t == nil {
		return "", ""
	}
	switch u := types.Unalias(t).(type) {
	case *types.Slice:
		return "slice", structName(u.Elem())
	case *types.Pointer:
		return "pointer", structName(u.Elem())
	}
	if n := k8s.Named(t); n != nil && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == k8s.CoreV1 {
		return "named", n.Obj().Name()
	}
	return "", ""
}

// byType classifies a location that is not a field selection (*dst,
// list[i]) by its type, when that type is used by one field only.
var byType = map[[2]string]string{
	{"pointer", "SecurityContext"}:    "Container.SecurityContext",
	{"pointer", "PodSecurityContext"}: "PodSpec.SecurityContext",
	{"slice", "LocalObjectReference"}: "PodSpec.ImagePullSecrets",
	{"slice", "Toleration"}:           "PodSpec.Tolerations",
	{"slice", "Volume"}:               "PodSpec.Volumes",
	{"slice", "Container"}:            "PodSpec.Containers",
	{"slice", "EnvVar"}:               "Container.Env",
	{"slice", "VolumeMount"}:          "Container.VolumeMounts",
	{"named", "ResourceRequirements"}: "Container.Resources",
	{"pointer", "Affinity"}:           "PodSpec.Affinity",
	{"pointer", "PodDNSConfig"}:       "PodSpec.DNSConfig",
	{"named", "PullPolicy"}:           "Container.ImagePullPolicy",
	{"named", "PodSpec"}:              "PodSpec",
	{"named", "Container"}:            "Container",
	{"named", "SecurityContext"}:      "SecurityContext",
	{"named", "PodSecurityContext"}:   "PodSecurityContext",
}

// classify returns what assigning to lhs replaces wholesale: a field key,
// or a whole struct ("PodSpec", "Container", "SecurityContext",
// "PodSecurityContext"); "" when it is nothing admission mutates.
func (c *checker) classify(lhs ast.Expr) string {
	info := c.pass.TypesInfo
	lhs = ast.Unparen(lhs)
	if sel, ok := lhs.(*ast.SelectorExpr); ok {
		s := info.Selections[sel]
		if s == nil || s.Kind() != types.FieldVal {
			return ""
		}
		switch owner := structName(info.TypeOf(sel.X)); owner {
		case "Pod":
			if sel.Sel.Name == "Spec" {
				return "PodSpec"
			}
		case "PodSpec", "Container":
			if _, ok := c.fields[owner+"."+sel.Sel.Name]; ok {
				return owner + "." + sel.Sel.Name
			}
		}
		return ""
	}
	switch lhs.(type) {
	case *ast.StarExpr, *ast.IndexExpr:
	default:
		return "" // a local variable: a copy, or written back by a later assignment
	}
	kind, name := elemName(info.TypeOf(lhs))
	if structName(info.TypeOf(lhs)) != "" && kind == "named" {
		name = structName(info.TypeOf(lhs))
	}
	key := byType[[2]string{kind, name}]
	if strings.Contains(key, ".") {
		if _, ok := c.fields[key]; !ok {
			return ""
		}
	}
	return key
}

// lostFields returns the fields a whole-struct replacement drops.
func (c *checker) lostFields(whole string) []string {
	switch whole {
	case "PodSpec":
		return c.fields.of("PodSpec")
	case "Container":
		return c.fields.of("Container")
	case "SecurityContext":
		if _, ok := c.fields["Container.SecurityContext"]; ok {
			return securityFields[whole]
		}
	case "PodSecurityContext":
		if _, ok := c.fields["PodSpec.SecurityContext"]; ok {
			return securityFields[whole]
		}
	}
	return nil
}

func isWhole(field string) bool { return !strings.Contains(field, ".") }

// strictContains reports a live Pod's admission-mutated list (tolerations,
// volumes, containers, pull secrets) searched for a desired element with
// strict equality, where a miss deletes or recreates the Pod:
//
//	if !contains(pod.Spec.Tolerations, want) { return r.Delete(ctx, pod) }
//
// contains is slices.Contains, or a function of this package that ranges
// over its list parameter and compares each element with == or DeepEqual.
// Admission's defaults (tolerationSeconds, a volume's defaultMode, a
// container's pull policy) make the stored element differ from the desired
// one, so the check fails on every reconcile.
func (c *checker) strictContains(graph *funcs.Graph, fd *ast.FuncDecl) {
	info := c.pass.TypesInfo
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		ifs, ok := n.(*ast.IfStmt)
		if !ok {
			return true
		}
		not, ok := ast.Unparen(ifs.Cond).(*ast.UnaryExpr)
		if !ok || not.Op != token.NOT {
			return true
		}
		call, ok := ast.Unparen(not.X).(*ast.CallExpr)
		if !ok {
			return true
		}
		list, ok := containsList(info, graph, call)
		if !ok || !recreates(info, ifs.Body) {
			return true
		}
		field := c.classify(list)
		f, known := c.fields[field]
		if !known || !strings.HasPrefix(field, "PodSpec.") || c.live.Expr(list) == live.NotLive {
			return true
		}
		if _, isSlice := info.TypeOf(list).Underlying().(*types.Slice); !isSlice {
			return true
		}
		c.report(analysis.Diagnostic{
			Pos: call.Pos(), End: call.End(),
			Message: "drift check looks for a desired element in the live Pod's " + f.name + " by strict equality: admission's defaults keep it failing",
			Related: []analysis.RelatedInformation{{Pos: call.Pos(), End: call.End(),
				Message: f.source + ", and defaulting fills fields the desired element leaves empty; compare only the fields the operator sets"}},
		}, "contains")
		return true
	})
}

// containsList returns the list argument of call when call is a strict
// membership test: slices.Contains(list, x), or a function of the package
// ranging over one parameter and comparing its elements with another by
// == or DeepEqual.
func containsList(info *types.Info, graph *funcs.Graph, call *ast.CallExpr) (ast.Expr, bool) {
	fn := k8s.Callee(info, call)
	if fn == nil {
		return nil, false
	}
	if k8s.IsFunc(fn, "slices", "Contains") && len(call.Args) == 2 {
		return call.Args[0], true
	}
	fd := graph.Decl(fn)
	if fd == nil {
		return nil, false
	}
	params := map[*types.Var]int{}
	sig := fn.Origin().Type().(*types.Signature)
	for i := range sig.Params().Len() {
		params[sig.Params().At(i)] = i
	}
	listParam := -1
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		rs, ok := n.(*ast.RangeStmt)
		if !ok || listParam >= 0 {
			return listParam < 0
		}
		i, isParam := params[astutil.RootVar(info, rs.X)]
		id, _ := rs.Value.(*ast.Ident)
		if !isParam || id == nil {
			return true
		}
		elem := astutil.IdentVar(info, id)
		if elem == nil {
			return true
		}
		ast.Inspect(rs.Body, func(m ast.Node) bool {
			switch x := m.(type) {
			case *ast.BinaryExpr:
				if (x.Op == token.EQL || x.Op == token.NEQ) && (usesVar(info, x.X, elem) || usesVar(info, x.Y, elem)) &&
					isStructValue(info.TypeOf(x.X)) {
					listParam = i
				}
			case *ast.CallExpr:
				if k8s.IsDeepEqual(k8s.Callee(info, x)) && len(x.Args) == 2 && (usesVar(info, x.Args[0], elem) || usesVar(info, x.Args[1], elem)) {
					listParam = i
				}
			}
			return listParam < 0
		})
		return listParam < 0
	})
	if listParam < 0 || listParam >= len(call.Args) {
		return nil, false
	}
	return call.Args[listParam], true
}

// usesVar reports whether e is v itself (or &v, *v).
func usesVar(info *types.Info, e ast.Expr, v *types.Var) bool {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			return astutil.IdentVar(info, x) == v
		case *ast.UnaryExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		default:
			return false
		}
	}
}

// isStructValue reports whether t is a struct: == compares every field.
func isStructValue(t types.Type) bool {
	if t == nil {
		return false
	}
	_, ok := t.Underlying().(*types.Struct)
	return ok
}

// recreates reports whether body deletes or creates an object through a
// client: the Pod is thrown away when the check fails.
func recreates(info *types.Info, body ast.Node) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && !found {
			found = k8s.IsClientMethod(k8s.Callee(info, call), "Delete", "Create")
		}
		return !found
	})
	return found
}
