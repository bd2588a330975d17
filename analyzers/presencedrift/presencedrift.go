package presencedrift

import (
	_ "embed"
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/astutil"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/directive"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/flow"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/k8s"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/live"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/merge"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/strand"
)

//go:embed doc.go
var doc string

// Config holds the settings of presencedrift: those of the strand engine
// it shares with stalekey (owned-prefixes).
type Config = strand.Config

// Analyzer reports presence-based drift checks on live objects. It shares
// its engine, and so its owned prefixes, with stalekey.Analyzer.
var Analyzer = NewOn(strand.Default, strand.DefaultConfig)

// New returns a presencedrift analyzer with the given settings and an
// engine of its own.
func New(cfg Config) *analysis.Analyzer { return NewOn(strand.Own(cfg)) }

// NewOn returns a presencedrift analyzer that takes stranded keys from
// engine, which must have been built from cfg (set by the owned-prefixes
// flag).
func NewOn(engine *analysis.Analyzer, cfg *strand.Config) *analysis.Analyzer {
	return strand.Attach("presencedrift", doc, []*analysis.Analyzer{live.Analyzer}, engine, cfg, "stalekey", run)
}

var driftWords = []string{"needsupdate", "changed", "differs", "drift", "outdated", "stale", "mismatch", "shouldupdate"}

func run(pass *analysis.Pass, keys *strand.Result) (any, error) {
	if k8s.Irrelevant(pass) {
		return nil, nil // fast path: no operator drift checks here
	}
	c := &checker{pass: pass, keys: keys, live: pass.ResultOf[live.Analyzer].(*live.Result)}
	generated := map[*ast.FuncDecl]bool{}
	for _, f := range astutil.CodeFiles(pass.Fset, pass.Files) {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				c.decls = append(c.decls, fd)
				generated[fd] = directive.IsGenerated(pass, f)
			}
		}
	}
	for _, fd := range c.decls {
		if !generated[fd] {
			c.function(fd)
		}
	}
	return nil, nil
}

// checker holds what the checks of one package share.
type checker struct {
	pass   *analysis.Pass
	keys   *strand.Result
	live   *live.Result
	decls  []*ast.FuncDecl
	guards map[*types.Func]bool // functions whose result guards a write; see guarding
}

// guarding returns the functions whose result guards a write, found on
// first need: most packages hold no presence test to ask about.
func (c *checker) guarding() map[*types.Func]bool {
	if c.guards == nil {
		c.guards = guardingFuncs(c.pass.TypesInfo, c.decls)
	}
	return c.guards
}

// A presence is `_, ok := m[K]`: the value discarded, ok kept.
type presence struct {
	as    *ast.AssignStmt
	ok    *types.Var
	index *ast.IndexExpr
	m     ast.Expr // the map, or the initialiser of the local holding it
}

// function checks the presence tests of fd.
func (c *checker) function(fd *ast.FuncDecl) {
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false // a closure's returns are not the function's
		}
		as, ok := n.(*ast.AssignStmt)
		if !ok {
			return true
		}
		p, ok := c.presenceOf(as)
		if !ok {
			return true
		}
		if m := c.live.Computed(p.m); m != nil {
			p.m = m // anns := live.GetAnnotations(); _, ok := anns[K]
		}
		c.check(fd, p)
		return true
	})
}

// presenceOf matches `_, ok := m[K]` (or =).
func (c *checker) presenceOf(as *ast.AssignStmt) (presence, bool) {
	info := c.pass.TypesInfo
	if len(as.Lhs) != 2 || len(as.Rhs) != 1 {
		return presence{}, false
	}
	if blank, ok := as.Lhs[0].(*ast.Ident); !ok || blank.Name != "_" {
		return presence{}, false // the value is kept: presumably compared
	}
	okID, ok := as.Lhs[1].(*ast.Ident)
	if !ok || okID.Name == "_" {
		return presence{}, false
	}
	okVar := astutil.IdentVar(info, okID)
	ix, ok := ast.Unparen(as.Rhs[0]).(*ast.IndexExpr)
	if !ok || okVar == nil {
		return presence{}, false
	}
	return presence{as: as, ok: okVar, index: ix, m: ix.X}, true
}

// check reports p when it tests a constant key of a live object's
// annotations or labels and decides drift.
func (c *checker) check(fd *ast.FuncDecl, p presence) {
	info := c.pass.TypesInfo
	k := mapKind(info, p.m)
	key, isConst := merge.ConstString(info, p.index.Index)
	if k == "" || !isConst || c.live.Expr(p.m) == live.NotLive {
		return
	}
	group := receiverOf(info, fd)
	strands := related(c.pass, c.decls, c.keys.Strands[key], group)
	if len(strands) == 0 && len(related(c.pass, c.decls, c.keys.Deleted[key], group)) > 0 {
		return // the write path prunes the key: presence is harmless
	}
	var holder *types.Named // the type of the object holding the map
	if v := astutil.RootVar(info, p.m); v != nil {
		holder = k8s.Named(v.Type())
	}
	if !c.decides(fd, p.ok, holder) {
		return
	}
	d := analysis.Diagnostic{Pos: p.as.Pos(), End: p.as.End()}
	if len(strands) > 0 && len(c.keys.Written[key]) > 0 {
		d.Message = "drift decided by presence of " + k + " key " + strconv.Quote(key) +
			" on a live object, and a merge keeps the key: a hot loop once it is no longer desired"
		for _, m := range strands {
			d.Related = append(d.Related, analysis.RelatedInformation{Pos: m, Message: "this merge never deletes " + strconv.Quote(key)})
		}
	} else {
		d.Message = "drift decided by presence of " + k + " key " + strconv.Quote(key) +
			" on a live object; compare its value with the desired one"
	}
	if fix, ok := compareFix(c.pass, fd, p.as, p.ok, p.index); ok {
		d.SuggestedFixes = []analysis.SuggestedFix{fix}
	}
	c.pass.Report(d)
}

// decides reports whether ok decides drift in fd: returned from a function
// named for drift or whose result guards a write, or guarding a write on
// the branch where the key is present.
func (c *checker) decides(fd *ast.FuncDecl, ok *types.Var, holder *types.Named) bool {
	info := c.pass.TypesInfo
	fn, _ := info.Defs[fd.Name].(*types.Func)
	if (isDriftName(fd.Name.Name) || (fn != nil && c.guarding()[fn])) && returnsVar(info, fd, ok) {
		return true
	}
	return guardsWrite(info, fd, ok, holder)
}

// compareFix replaces `_, ok := m[K]; ... return ok` by `return m[K] != x`
// when the function elsewhere compares m[K] != x with a variable x declared
// before the presence check: the expected value is then at hand, and in the
// branch that returned presence x holds what is expected there (typically
// "" for "should be absent"). Constants and values computed later belong to
// other branches and get no fix.
func compareFix(pass *analysis.Pass, fd *ast.FuncDecl, as *ast.AssignStmt, okVar *types.Var, ix *ast.IndexExpr) (analysis.SuggestedFix, bool) {
	var none analysis.SuggestedFix
	if as.Tok != token.DEFINE {
		return none, false
	}
	use, ok := onlyReturned(pass.TypesInfo, fd, okVar)
	if !ok {
		return none, false
	}
	cmp := expectedComparison(pass, fd, as, ix)
	if cmp == nil {
		return none, false
	}
	return compareEdit(pass, as, use, cmp)
}

// onlyReturned returns the one use of ok when it is used exactly once, as
// `return ok`.
func onlyReturned(info *types.Info, fd *ast.FuncDecl, okVar *types.Var) (*ast.Ident, bool) {
	var uses []*ast.Ident
	var ret *ast.ReturnStmt
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident:
			if info.Uses[n] == okVar {
				uses = append(uses, n)
			}
		case *ast.ReturnStmt:
			if len(n.Results) == 1 {
				if id, ok := ast.Unparen(n.Results[0]).(*ast.Ident); ok && info.Uses[id] == okVar {
					ret = n
				}
			}
		}
		return true
	})
	if len(uses) != 1 || ret == nil {
		return nil, false
	}
	return uses[0], true
}

// expectedComparison finds `m[K] != x` elsewhere in fd, for the same map
// and key as ix, with x a local declared before the presence check as.
func expectedComparison(pass *analysis.Pass, fd *ast.FuncDecl, as *ast.AssignStmt, ix *ast.IndexExpr) *ast.BinaryExpr {
	info := pass.TypesInfo
	mapPath, ok := astutil.PathOf(info, ix.X)
	if !ok {
		return nil
	}
	key, _ := merge.ConstString(info, ix.Index)
	var cmp *ast.BinaryExpr
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		b, ok := n.(*ast.BinaryExpr)
		if !ok || b.Op != token.NEQ || cmp != nil {
			return cmp == nil
		}
		lix, ok := ast.Unparen(b.X).(*ast.IndexExpr)
		if !ok {
			return true
		}
		if p, ok := astutil.PathOf(info, lix.X); !ok || !p.Equal(mapPath) {
			return true
		}
		if k, ok := merge.ConstString(info, lix.Index); !ok || k != key {
			return true
		}
		x, ok := ast.Unparen(b.Y).(*ast.Ident)
		if !ok {
			return true
		}
		v, ok := info.Uses[x].(*types.Var)
		if !ok || v.Pos() >= as.Pos() || v.Pos() < fd.Pos() {
			return true // not a local declared before the check
		}
		if scope := pass.Pkg.Scope().Innermost(as.Pos()); scope != nil {
			if _, obj := scope.LookupParent(x.Name, as.Pos()); obj != v {
				return true
			}
		}
		cmp = b
		return false
	})
	return cmp
}

// compareEdit removes the presence check as (its whole line when it stands
// alone) and puts cmp's text where ok was returned.
func compareEdit(pass *analysis.Pass, as *ast.AssignStmt, use *ast.Ident, cmp *ast.BinaryExpr) (analysis.SuggestedFix, bool) {
	var none analysis.SuggestedFix
	tf := pass.Fset.File(as.Pos())
	content, err := pass.ReadFile(tf.Name())
	if err != nil {
		return none, false
	}
	text := content[tf.Offset(cmp.Pos()):tf.Offset(cmp.End())]
	// Remove the presence check's whole line when it stands alone on it.
	start, end := as.Pos(), as.End()
	line := tf.Line(as.Pos())
	if tf.Line(as.End()) == line && line < tf.LineCount() {
		lineStart := tf.LineStart(line)
		if strings.TrimSpace(string(content[tf.Offset(lineStart):tf.Offset(as.Pos())])) == "" {
			start, end = lineStart, tf.LineStart(line+1)
		}
	}
	return analysis.SuggestedFix{
		Message: "Compare the value with the expected one",
		TextEdits: []analysis.TextEdit{
			{Pos: start, End: end},
			{Pos: use.Pos(), End: use.End(), NewText: append([]byte(nil), text...)},
		},
	}, true
}

// receiverOf returns the named receiver type of a method (the reconciler
// it belongs to), or nil for a plain function.
func receiverOf(info *types.Info, fd *ast.FuncDecl) *types.TypeName {
	fn, _ := info.Defs[fd.Name].(*types.Func)
	if fn == nil {
		return nil
	}
	sig := fn.Type().(*types.Signature)
	if sig.Recv() == nil {
		return nil
	}
	if n := k8s.Named(sig.Recv().Type()); n != nil {
		return n.Obj()
	}
	return nil
}

// related keeps the positions that belong with a check in group: in a
// method of the same receiver type, or in a plain function (a helper any
// reconciler may use). A check in a plain function relates to every place.
// This keeps one controller's pruning from excusing another's stale key
// when they share a key constant.
func related(pass *analysis.Pass, decls []*ast.FuncDecl, positions []token.Pos, group *types.TypeName) []token.Pos {
	var out []token.Pos
	for _, pos := range positions {
		var enclosing *ast.FuncDecl
		for _, fd := range decls {
			if fd.Pos() <= pos && pos < fd.End() {
				enclosing = fd
				break
			}
		}
		if group == nil || enclosing == nil {
			out = append(out, pos)
			continue
		}
		if r := receiverOf(pass.TypesInfo, enclosing); r == nil || r == group {
			out = append(out, pos)
		}
	}
	return out
}

func isDriftName(name string) bool {
	lower := strings.ToLower(name)
	for _, w := range driftWords {
		if strings.Contains(lower, w) {
			return true
		}
	}
	return false
}

// mapKind returns "annotation" or "label" for an object's annotations or
// labels map (see k8s.MetadataMap), for messages.
func mapKind(info *types.Info, e ast.Expr) string {
	return strings.ToLower(strings.TrimSuffix(k8s.MetadataMap(info, e), "s"))
}

// returnsVar reports whether fd returns v (or !v) directly.
func returnsVar(info *types.Info, fd *ast.FuncDecl, v *types.Var) bool {
	found := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		ret, ok := n.(*ast.ReturnStmt)
		if !ok {
			return true
		}
		for _, r := range ret.Results {
			e := ast.Unparen(r)
			if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.NOT {
				e = ast.Unparen(u.X)
			}
			if id, ok := e.(*ast.Ident); ok && info.Uses[id] == v {
				found = true
			}
		}
		return !found
	})
	return found
}

// guardsWrite reports whether fd writes an object of the holder's type
// (Update, Patch, Apply) on the branch where the key is present: `if ok {
// ...Update... }` or `if !ok { ... } else { ...Update... }`. Writing when
// the key is missing adds it, after which the check is stable, so that is
// not drift; nor is writing an object of another kind (a Pod's key
// checked, its ReplicaSet scaled down). A write whose object's type is not
// known (a client.Object, a name) counts.
func guardsWrite(info *types.Info, fd *ast.FuncDecl, v *types.Var, holder *types.Named) bool {
	found := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		ifs, ok := n.(*ast.IfStmt)
		if !ok {
			return !found
		}
		cond := ast.Unparen(ifs.Cond)
		if id, ok := cond.(*ast.Ident); ok && info.Uses[id] == v {
			found = writesKind(info, ifs.Body, holder)
		} else if u, ok := cond.(*ast.UnaryExpr); ok && u.Op == token.NOT && ifs.Else != nil {
			if id, ok := ast.Unparen(u.X).(*ast.Ident); ok && info.Uses[id] == v {
				found = writesKind(info, ifs.Else, holder)
			}
		}
		return !found
	})
	return found
}

// writesKind reports whether n calls a write of an object of type kind,
// or of an object whose type is not known; any write when kind is nil.
func writesKind(info *types.Info, n ast.Node, kind *types.Named) bool {
	return flow.CallsWriteOf(info, n, func(obj ast.Expr) bool {
		t := k8s.Named(info.TypeOf(obj))
		return kind == nil || t == nil || types.IsInterface(t) || t.Origin().Obj() == kind.Origin().Obj()
	})
}

// guardingFuncs returns the package functions whose result guards a write:
// called in an if condition whose branches update, patch or apply.
func guardingFuncs(info *types.Info, decls []*ast.FuncDecl) map[*types.Func]bool {
	out := map[*types.Func]bool{}
	for _, fd := range decls {
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			ifs, ok := n.(*ast.IfStmt)
			if !ok {
				return true
			}
			if !flow.CallsWrite(info, ifs.Body) && (ifs.Else == nil || !flow.CallsWrite(info, ifs.Else)) {
				return true
			}
			ast.Inspect(ifs.Cond, func(m ast.Node) bool {
				if call, ok := m.(*ast.CallExpr); ok {
					if fn := k8s.Callee(info, call); fn != nil {
						out[fn.Origin()] = true
					}
				}
				return true
			})
			return true
		})
	}
	return out
}
