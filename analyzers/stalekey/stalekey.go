package stalekey

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/analysisdoc"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/astutil"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/directive"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/k8s"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/live"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/merge"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/settings"
)

//go:embed doc.go
var doc string

// Config holds the settings of stalekey.
type Config struct {
	// OwnedPrefixes lists key prefixes whose keys are operator-owned
	// wherever they are written (setting "owned-prefixes").
	OwnedPrefixes []string `json:"owned-prefixes"`
}

// Validate reports the first bad setting, naming its key.
func (c Config) Validate() error {
	return settings.ValidatePrefixes("stalekey.owned-prefixes", c.OwnedPrefixes)
}

// Result tells other analyzers which keys strand, and where.
type Result struct {
	// Strands maps a stranded key to the merges that keep it.
	Strands map[string][]token.Pos
	// Deleted maps a constant key to where the package deletes it.
	Deleted map[string][]token.Pos
	// Written maps a key to its conditional writes in the package.
	Written map[string][]token.Pos
}

// Analyzer reports preserving merges into live objects that strand keys.
var Analyzer = New(Config{})

// New returns a stalekey analyzer with the given settings.
func New(cfg Config) *analysis.Analyzer {
	a := &analysis.Analyzer{
		Name:       "stalekey",
		Doc:        analysisdoc.MustExtract(doc, "stalekey"),
		URL:        "https://github.com/reconcilelint/reconcilelint/blob/main/docs/analyzers.md#stalekey",
		Requires:   []*analysis.Analyzer{live.Analyzer, merge.Analyzer},
		ResultType: reflect.TypeFor[*Result](),
	}
	a.Flags.Var(settings.NewPrefixList("stalekey.owned-prefixes", &cfg.OwnedPrefixes), "owned-prefixes",
		"comma-separated annotation/label key prefixes that are operator-owned wherever they are written")
	a.Run = func(pass *analysis.Pass) (any, error) {
		if err := cfg.Validate(); err != nil {
			return nil, err
		}
		return run(pass, cfg)
	}
	return directive.Wrap(a)
}

// kind is the map a key lives in.
type kind string

const (
	annotations         kind = "annotations"
	labels              kind = "labels"
	templateAnnotations kind = "pod template annotations"
	templateLabels      kind = "pod template labels"
)

// inTemplate returns the template variant of k when e is reached through a
// pod template (x.Spec.Template.Annotations, a PodTemplateSpec literal).
func inTemplate(k kind, template bool) kind {
	if !template {
		return k
	}
	switch k {
	case annotations:
		return templateAnnotations
	case labels:
		return templateLabels
	}
	return k
}

// throughTemplate reports whether e selects through a Template field.
func throughTemplate(e ast.Expr) bool {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.SelectorExpr:
			if x.Sel.Name == "Template" {
				return true
			}
			e = x.X
		case *ast.CallExpr:
			if sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr); ok {
				if sel.Sel.Name == "GetTemplate" {
					return true
				}
				e = sel.X
				continue
			}
			return false
		case *ast.StarExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		default:
			return false
		}
	}
}

// A write is a constant key written into an annotations or labels map.
type write struct {
	key         string
	keyExpr     ast.Expr
	pos         token.Pos
	conditional bool
	kind        kind
	fn          *ast.FuncDecl
	root        *types.Var // the local variable the map belongs to, if any
}

type state struct {
	result  *Result
	pass    *analysis.Pass
	cfg     Config
	live    *live.Result
	merges  *merge.Result
	funcs   map[*types.Func]*ast.FuncDecl
	writes  []write
	varKind map[*types.Var]kind
}

func run(pass *analysis.Pass, cfg Config) (any, error) {
	result := &Result{Strands: map[string][]token.Pos{}, Deleted: map[string][]token.Pos{}, Written: map[string][]token.Pos{}}
	if k8s.Irrelevant(pass) {
		return result, nil // fast path: no operator merges here
	}
	s := &state{
		result:  result,
		pass:    pass,
		cfg:     cfg,
		live:    pass.ResultOf[live.Analyzer].(*live.Result),
		merges:  pass.ResultOf[merge.Analyzer].(*merge.Result),
		funcs:   map[*types.Func]*ast.FuncDecl{},
		varKind: map[*types.Var]kind{},
	}
	var decls []*ast.FuncDecl
	generated := map[*ast.FuncDecl]bool{}
	for _, f := range pass.Files {
		gen := ast.IsGenerated(f)
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				decls = append(decls, fd)
				generated[fd] = gen
				if fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
					s.funcs[fn] = fd
				}
			}
		}
	}
	for _, fd := range decls {
		s.kindFlows(fd)
	}
	for _, fd := range decls {
		s.collectWrites(fd)
	}
	for _, w := range s.writes {
		if w.conditional {
			result.Written[w.key] = append(result.Written[w.key], w.pos)
		}
	}
	for _, fd := range decls {
		for k, pos := range s.deletedIn(fd, 0) {
			result.Deleted[k] = append(result.Deleted[k], pos)
		}
	}
	for _, fd := range decls {
		s.checkMerges(fd, !generated[fd])
	}
	return result, nil
}

// fieldKind returns the kind of an ObjectMeta Annotations or Labels field.
func fieldKind(v *types.Var) kind { return kindOf(k8s.MetadataField(v)) }

func kindOf(field string) kind {
	switch field {
	case "Annotations":
		return annotations
	case "Labels":
		return labels
	}
	return ""
}

// exprKind returns the kind of map e is: an Annotations/Labels field, a
// GetAnnotations()/GetLabels() call, or a local variable that flows into one.
func (s *state) exprKind(e ast.Expr) kind {
	info := s.pass.TypesInfo
	switch x := ast.Unparen(e).(type) {
	case *ast.SelectorExpr, *ast.CallExpr:
		return inTemplate(kindOf(k8s.MetadataMap(info, x)), throughTemplate(x))
	case *ast.Ident:
		if v, ok := info.Uses[x].(*types.Var); ok {
			return s.varKind[v]
		}
		if v, ok := info.Defs[x].(*types.Var); ok {
			return s.varKind[v]
		}
	}
	return ""
}

// kindFlows records which local map variables flow into Annotations or
// Labels: assigned to the field, set with SetAnnotations/WithAnnotations,
// or given as a struct literal's field. A variable named like one
// (podAnnotations, extraLabels) counts too, for maps returned by builders.
func (s *state) kindFlows(fd *ast.FuncDecl) {
	info := s.pass.TypesInfo
	mark := func(e ast.Expr, k kind) {
		if id, ok := ast.Unparen(e).(*ast.Ident); ok && k != "" {
			if v, ok := info.Uses[id].(*types.Var); ok && !v.IsField() {
				s.varKind[v] = k
			}
		}
	}
	ast.Inspect(fd, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if len(n.Lhs) == len(n.Rhs) {
				for i, l := range n.Lhs {
					if _, ok := ast.Unparen(l).(*ast.SelectorExpr); ok {
						mark(n.Rhs[i], s.exprKind(l))
					}
				}
			}
		case *ast.CompositeLit:
			tmpl := k8s.IsNamed(info.TypeOf(n), k8s.CoreV1, "PodTemplateSpec")
			for _, elt := range n.Elts {
				if kv, ok := elt.(*ast.KeyValueExpr); ok {
					if id, ok := kv.Key.(*ast.Ident); ok {
						v, _ := info.Uses[id].(*types.Var)
						mark(kv.Value, inTemplate(fieldKind(v), tmpl))
					}
				}
			}
		case *ast.CallExpr:
			if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && len(n.Args) == 1 {
				switch sel.Sel.Name {
				case "SetAnnotations", "WithAnnotations":
					mark(n.Args[0], inTemplate(annotations, throughTemplate(sel.X)))
				case "SetLabels", "WithLabels":
					mark(n.Args[0], inTemplate(labels, throughTemplate(sel.X)))
				}
			}
		case *ast.Ident:
			if v, ok := info.Defs[n].(*types.Var); ok && !v.IsField() {
				if _, isMap := v.Type().Underlying().(*types.Map); isMap && s.varKind[v] == "" {
					name := strings.ToLower(v.Name())
					switch {
					case strings.Contains(name, "annotation"):
						s.varKind[v] = annotations
					case strings.Contains(name, "label"):
						s.varKind[v] = labels
					}
				}
			}
		}
		return true
	})
}

// collectWrites records constant keys written into annotation and label
// maps, and whether each write happens only on some paths.
func (s *state) collectWrites(fd *ast.FuncDecl) {
	info := s.pass.TypesInfo
	var walk func(n ast.Node, cond bool, root *types.Var)
	record := func(mapExpr, keyExpr ast.Expr, k kind, cond bool, root *types.Var) {
		key, ok := merge.ConstString(info, keyExpr)
		if !ok || k == "" {
			return
		}
		if r := astutil.RootVar(info, mapExpr); r != nil {
			root = r
		}
		s.writes = append(s.writes, write{key: key, keyExpr: keyExpr, pos: keyExpr.Pos(), conditional: cond, kind: k, fn: fd, root: root})
	}
	// Closures (a CreateOrUpdate mutate function) run as written.
	walkLits := func(n ast.Node, cond bool, root *types.Var) {
		ast.Inspect(n, func(m ast.Node) bool {
			if lit, ok := m.(*ast.FuncLit); ok {
				walk(lit.Body, cond, root)
				return false
			}
			return true
		})
	}
	walkList := func(list []ast.Stmt, cond bool, root *types.Var) {
		for _, st := range list {
			walk(st, cond, root)
		}
	}
	walk = func(n ast.Node, cond bool, root *types.Var) {
		if n == nil {
			return
		}
		switch n := n.(type) {
		case *ast.BlockStmt:
			walkList(n.List, cond, root)
		case *ast.IfStmt:
			walk(n.Init, cond, root)
			walk(n.Body, true, root)
			walk(n.Else, true, root)
		case *ast.SwitchStmt:
			walk(n.Init, cond, root)
			for _, c := range n.Body.List {
				walkList(c.(*ast.CaseClause).Body, true, root)
			}
		case *ast.TypeSwitchStmt:
			for _, c := range n.Body.List {
				walkList(c.(*ast.CaseClause).Body, true, root)
			}
		case *ast.SelectStmt:
			for _, c := range n.Body.List {
				walkList(c.(*ast.CommClause).Body, true, root)
			}
		case *ast.ForStmt:
			walk(n.Body, true, root)
		case *ast.RangeStmt:
			walk(n.Body, true, root)
		case *ast.LabeledStmt:
			walk(n.Stmt, cond, root)
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if ix, ok := ast.Unparen(l).(*ast.IndexExpr); ok {
					record(ix.X, ix.Index, s.exprKind(ix.X), cond, nil)
				}
			}
			for i, r := range n.Rhs {
				var r0 *types.Var
				var k kind
				if len(n.Lhs) == len(n.Rhs) {
					r0 = astutil.RootVar(info, n.Lhs[i])
					k = s.exprKind(n.Lhs[i])
				}
				s.literals(r, cond, r0, k, record)
			}
			walkLits(n, cond, root)
		case *ast.DeclStmt:
			ast.Inspect(n, func(m ast.Node) bool {
				if vs, ok := m.(*ast.ValueSpec); ok {
					for i, v := range vs.Values {
						var r0 *types.Var
						if i < len(vs.Names) {
							r0, _ = info.Defs[vs.Names[i]].(*types.Var)
						}
						s.literals(v, cond, r0, "", record)
					}
				}
				return true
			})
		case *ast.ReturnStmt:
			for _, r := range n.Results {
				s.literals(r, cond, nil, "", record)
			}
			walkLits(n, cond, root)
		case *ast.ExprStmt:
			walkLits(n, cond, root)
		}
	}
	walk(fd.Body, false, nil)
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
				k = s.varKind[root]
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
func (s *state) checkMerges(fd *ast.FuncDecl, report bool) {
	info := s.pass.TypesInfo
	// Variables holding a merge result, and where they are stored.
	stored := map[*types.Var]ast.Expr{}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != len(as.Rhs) {
			return true
		}
		for i, l := range as.Lhs {
			if s.exprKind(l) != "" {
				if id, ok := ast.Unparen(as.Rhs[i]).(*ast.Ident); ok {
					if v, ok := info.Uses[id].(*types.Var); ok {
						stored[v] = l
					}
				}
			}
		}
		return true
	})
	var list []found
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if len(n.Lhs) != len(n.Rhs) {
				return true
			}
			for i, rhs := range n.Rhs {
				call, ok := ast.Unparen(rhs).(*ast.CallExpr)
				if !ok {
					continue
				}
				m, ok := s.merges.Call(call)
				if !ok || m.Kind != "union" {
					continue
				}
				dest := n.Lhs[i]
				var mergedID *ast.Ident
				if id, ok := ast.Unparen(dest).(*ast.Ident); ok {
					v, _ := info.Defs[id].(*types.Var)
					if v == nil {
						v, _ = info.Uses[id].(*types.Var)
					}
					if st, ok := stored[v]; ok {
						dest, mergedID = st, id
					}
				}
				if f, ok := s.union(call, dest, m); ok {
					f.merged, f.stmt = mergedID, n
					list = append(list, f)
				}
			}
		case *ast.ExprStmt:
			call, ok := ast.Unparen(n.X).(*ast.CallExpr)
			if !ok {
				return true
			}
			if m, ok := s.merges.Call(call); ok && m.Kind == "into" {
				if f, ok := s.into(call, m); ok {
					list = append(list, f)
				}
			}
			// obj.SetAnnotations(Merge(desired, obj.GetAnnotations()))
			if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && len(call.Args) == 1 &&
				(sel.Sel.Name == "SetAnnotations" || sel.Sel.Name == "SetLabels") {
				if inner, ok := ast.Unparen(call.Args[0]).(*ast.CallExpr); ok {
					if m, ok := s.merges.Call(inner); ok && m.Kind == "union" {
						if f, ok := s.union(inner, call, m); ok {
							list = append(list, f)
						}
					}
				}
			}
		case *ast.RangeStmt:
			if m, ok := s.merges.Loop(n); ok {
				if f, ok := s.into(n, m); ok {
					list = append(list, f)
				}
			}
		}
		return true
	})
	for _, f := range list {
		s.report(fd, f, report)
	}
}

// destKind returns the kind of a destination: a field, or a setter call.
func (s *state) destKind(dest ast.Expr) kind {
	if call, ok := dest.(*ast.CallExpr); ok {
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			if sel.Sel.Name == "SetAnnotations" {
				return inTemplate(annotations, throughTemplate(sel.X))
			}
			return inTemplate(labels, throughTemplate(sel.X))
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
	default:
		return found{}, false // cannot tell desired from live: stay silent
	}
	return found{at: call, dest: dest, desired: desired, kind: k, prunes: m.Prunes}, true
}

// into checks an into merge (maps.Copy, a copy helper, an overlay loop).
func (s *state) into(at ast.Node, m merge.Merge) (found, bool) {
	k := s.exprKind(m.Dst)
	if k == "" || s.live.Expr(m.Dst) == live.NotLive || s.live.Expr(m.Src) != live.NotLive {
		return found{}, false
	}
	return found{at: at, dest: m.Dst, desired: m.Src, kind: k, prunes: m.Prunes}, true
}

// report decides which owned keys can strand at a merge, and reports them.
func (s *state) report(fd *ast.FuncDecl, f found, emit bool) {
	traced, ok := s.trace(fd, f.desired, f.kind)
	if !ok {
		traced = nil
		for _, w := range s.writes {
			if w.kind == f.kind {
				traced = append(traced, w)
			}
		}
	}
	always := map[string]bool{}
	for _, w := range traced {
		if !w.conditional {
			always[w.key] = true
		}
	}
	owned := map[string][]write{}
	for _, w := range traced {
		if w.conditional && !always[w.key] {
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
	if len(owned) == 0 {
		return
	}
	for k := range owned {
		s.result.Strands[k] = append(s.result.Strands[k], f.at.Pos())
	}
	if !emit {
		return // generated code: known to other analyzers, not reported
	}
	keys := make([]string, 0, len(owned))
	for k := range owned {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	quoted := make([]string, len(keys))
	for i, k := range keys {
		quoted[i] = strconv.Quote(k)
	}
	what := "key " + strings.Join(quoted, ", ")
	if len(keys) > 1 {
		what = "keys " + strings.Join(quoted, ", ")
	}
	d := analysis.Diagnostic{
		Pos: f.at.Pos(),
		End: endOfHeader(f.at),
		Message: fmt.Sprintf("merge into the live %s %s never deletes operator-owned %s; it strands once not desired",
			s.objectName(f.dest), f.kind, what),
	}
	for _, k := range keys {
		for _, w := range owned[k] {
			d.Related = append(d.Related, analysis.RelatedInformation{
				Pos: w.pos, Message: strconv.Quote(k) + " is written only on some paths here",
			})
		}
	}
	if fix, ok := s.pruneFix(f, keys, owned); ok {
		d.SuggestedFixes = []analysis.SuggestedFix{fix}
	}
	s.pass.Report(d)
}

func (s *state) ownedByPrefix(key string) bool {
	for _, p := range s.cfg.OwnedPrefixes {
		if strings.HasPrefix(key, p) {
			return true
		}
	}
	return false
}

func endOfHeader(n ast.Node) token.Pos {
	if rs, ok := n.(*ast.RangeStmt); ok {
		return rs.X.End()
	}
	return n.End()
}

// objectName names the live object: "Deployment", or "Deployment pod
// template" when the field is reached through a template.
func (s *state) objectName(dest ast.Expr) string {
	root := astutil.RootVar(s.pass.TypesInfo, dest)
	name := "object"
	if root != nil {
		if n := k8s.Named(root.Type()); n != nil {
			name = n.Obj().Name()
		}
	}
	return name
}

// trace returns the writes into the desired map, following it to where it
// is built: a local variable of fd, or the package function whose result
// it is. It reports false when the map cannot be traced.
func (s *state) trace(fd *ast.FuncDecl, desired ast.Expr, k kind) ([]write, bool) {
	info := s.pass.TypesInfo
	root := astutil.RootVar(info, desired)
	if root == nil || !astutil.IsLocal(root) {
		return nil, false
	}
	var out []write
	for _, w := range s.writes {
		if w.fn == fd && w.root == root && w.kind == k {
			out = append(out, w)
		}
	}
	// root := builder(...) with builder in this package.
	builders := map[*ast.FuncDecl]bool{}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Rhs) != 1 {
			return true
		}
		call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
		if !ok {
			return true
		}
		for _, l := range as.Lhs {
			if id, ok := l.(*ast.Ident); ok && (info.Defs[id] == root || info.Uses[id] == root) {
				if callee := k8s.Callee(info, call); callee != nil {
					if b := s.funcs[callee.Origin()]; b != nil {
						builders[b] = true
					}
				}
			}
		}
		return true
	})
	if len(builders) == 0 && root.Pos() >= fd.Pos() && root.Pos() < fd.Body.Pos() {
		return nil, false // a parameter: built by callers
	}
	for b := range s.reachable(builders, 3) {
		for _, w := range s.writes {
			if w.fn == b && w.kind == k {
				out = append(out, w)
			}
		}
	}
	return out, len(out) > 0 || len(builders) > 0 || root.Pos() > fd.Body.Pos()
}

// reachable returns the functions of the package reachable from start in
// up to depth calls.
func (s *state) reachable(start map[*ast.FuncDecl]bool, depth int) map[*ast.FuncDecl]bool {
	seen := map[*ast.FuncDecl]bool{}
	frontier := start
	for range depth + 1 {
		next := map[*ast.FuncDecl]bool{}
		for fd := range frontier {
			if seen[fd] {
				continue
			}
			seen[fd] = true
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				if call, ok := n.(*ast.CallExpr); ok {
					if callee := k8s.Callee(s.pass.TypesInfo, call); callee != nil {
						if d := s.funcs[callee.Origin()]; d != nil {
							next[d] = true
						}
					}
				}
				return true
			})
		}
		frontier = next
	}
	return seen
}

// deletedIn returns the constant keys deleted in fd and the package
// functions it calls (to depth), each with one place that deletes it.
func (s *state) deletedIn(fd *ast.FuncDecl, depth int) map[string]token.Pos {
	info := s.pass.TypesInfo
	out := map[string]token.Pos{}
	for d := range s.reachable(map[*ast.FuncDecl]bool{fd: true}, depth) {
		ast.Inspect(d.Body, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) != 2 {
				return true
			}
			if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
				if b, ok := info.Uses[id].(*types.Builtin); ok && b.Name() == "delete" {
					if key, ok := merge.ConstString(info, call.Args[1]); ok {
						out[key] = call.Pos()
					}
				}
			}
			return true
		})
	}
	return out
}

// pruneFix offers, for `merged := Merge(desired, ...)` with plain
// identifiers, the deletes after the merge.
func (s *state) pruneFix(f found, keys []string, owned map[string][]write) (analysis.SuggestedFix, bool) {
	desired, ok := ast.Unparen(f.desired).(*ast.Ident)
	if !ok || f.merged == nil || f.stmt == nil {
		return analysis.SuggestedFix{}, false
	}
	indent := s.indentOf(f.stmt)
	var b strings.Builder
	for _, k := range keys {
		keyText := s.keyText(k, owned[k])
		fmt.Fprintf(&b, "%sif _, want := %s[%s]; !want {\n%s\tdelete(%s, %s)\n%s}\n",
			indent, desired.Name, keyText, indent, f.merged.Name, keyText, indent)
	}
	// On the line after the merge, so a comment ending that line stays.
	tf := s.pass.Fset.File(f.stmt.End())
	line := tf.Line(f.stmt.End())
	if line >= tf.LineCount() {
		return analysis.SuggestedFix{}, false
	}
	at := tf.LineStart(line + 1)
	return analysis.SuggestedFix{
		Message:   "Delete operator-owned keys the desired state no longer holds",
		TextEdits: []analysis.TextEdit{{Pos: at, End: at, NewText: []byte(b.String())}},
	}, true
}

// keyText returns how to write key at pos: the package-level constant it
// was written with, when visible there, or a string literal.
func (s *state) keyText(key string, ws []write) string {
	for _, w := range ws {
		if id, ok := ast.Unparen(w.keyExpr).(*ast.Ident); ok {
			if c, ok := s.pass.TypesInfo.Uses[id].(*types.Const); ok && c.Pkg() == s.pass.Pkg && c.Parent() == s.pass.Pkg.Scope() {
				return id.Name
			}
		}
	}
	return strconv.Quote(key)
}

func (s *state) indentOf(st ast.Stmt) string {
	tf := s.pass.Fset.File(st.Pos())
	content, err := s.pass.ReadFile(tf.Name())
	if err != nil {
		return "\t"
	}
	return astutil.LineIndent(tf, content, st.Pos())
}
