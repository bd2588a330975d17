// Package merge recognises preserving map merges: code that keeps every key
// of one map and overlays the keys of another without deleting any. Merging
// desired annotations into live ones this way strands any key the desired
// state stopped writing.
//
// It is an analysis.Analyzer with facts, so a merge helper in another
// package of the module is recognised at its call sites. Recognised:
//
//   - a function that returns a new map holding every entry of two of its
//     map parameters (each copied with `for k, v := range p { r[k] = v }`,
//     maps.Copy, maps.Clone, or another such function), and deletes nothing
//     from it: a Union of those parameters;
//   - a function that copies one map parameter into another with such a
//     loop or maps.Copy, and deletes nothing from the destination: an Into;
//   - labels.Merge (a Union) and maps.Copy (an Into);
//   - the overlay loop `for k, v := range src { dst[k] = v }` itself.
//
// A copy loop may be guarded by a presence check on the destination
// (`if _, ok := dst[k]; !ok`), which keeps keys too. Any other condition
// makes the function not a preserving merge. Deleting a constant key from
// the result or destination keeps the merge preserving for every other key
// and is recorded in Prunes; deleting a computed key (from a list of owned
// keys, say) makes it not a preserving merge.
package merge

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/astutil"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/directive"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/funcs"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/k8s"
)

// Kind is the shape of a preserving merge.
type Kind int

const (
	// Union builds a new map holding the entries of A and B.
	Union Kind = iota + 1
	// Into copies the entries of Src into Dst.
	Into
)

// Analyzer computes the merge summaries of a package's functions.
var Analyzer = directive.Guard(&analysis.Analyzer{
	Name:       "reconcilelintmerge",
	Doc:        "summarise functions that merge maps while keeping every key",
	Run:        run,
	ResultType: reflect.TypeFor[*Result](),
	FactTypes:  []analysis.Fact{new(Fact)},
	Requires:   []*analysis.Analyzer{funcs.Analyzer},
})

// Fact summarises a preserving merge function.
type Fact struct {
	// Union holds pairs of parameter indexes whose entries the result
	// holds (the later one wins on conflicts).
	Union [][2]int
	// Into holds (destination, source) parameter index pairs.
	Into [][2]int
	// Prunes lists the constant keys the function deletes from the result
	// or destination, sorted.
	Prunes []string
}

func (*Fact) AFact() {}

func (f *Fact) String() string {
	if len(f.Prunes) > 0 {
		return fmt.Sprintf("merge(union=%v into=%v prunes=%q)", f.Union, f.Into, f.Prunes)
	}
	return fmt.Sprintf("merge(union=%v into=%v)", f.Union, f.Into)
}

// Merge describes one preserving merge found in code.
type Merge struct {
	// Kind is Union (a new map holding both) or Into (Src copied into
	// Dst, which keeps its keys).
	Kind Kind
	// A and B are the merged maps of a union; Dst and Src those of an into.
	A, B, Dst, Src ast.Expr
	// Helper is the function that merges, or nil for labels.Merge,
	// maps.Copy and overlay loops.
	Helper *types.Func
	// Prunes lists the constant keys the helper deletes.
	Prunes []string
}

// Result gives the merges of a package.
type Result struct {
	info  *types.Info
	pkg   *types.Package
	local map[*types.Func]*Fact
	pass  *analysis.Pass

	// Other packages' facts, looked up once per function (nil for none):
	// a helper is called again and again, by several analyzers, which a
	// driver may run at once.
	mu       sync.Mutex
	imported map[*types.Func]*Fact
}

// AnyIn reports whether some function of decls merges maps: a call that
// Call knows, or a loop that Loop knows.
func (r *Result) AnyIn(decls []*ast.FuncDecl) bool {
	found := false
	for _, fd := range decls {
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			if found {
				return false // a later sibling must not clear it
			}
			switch n := n.(type) {
			case *ast.CallExpr:
				_, found = r.Call(n)
			case *ast.RangeStmt:
				_, found = r.Loop(n)
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

// Call returns the merge a call performs, if it is one.
func (r *Result) Call(call *ast.CallExpr) (Merge, bool) {
	fn := k8s.Callee(r.info, call)
	if fn == nil {
		return Merge{}, false
	}
	arg := func(i int) ast.Expr {
		if i < len(call.Args) {
			return call.Args[i]
		}
		return nil
	}
	switch {
	case k8s.IsFunc(fn, k8s.Labels, "Merge") && len(call.Args) == 2:
		return Merge{Kind: Union, A: call.Args[0], B: call.Args[1]}, true
	case k8s.IsFunc(fn, "maps", "Copy") && len(call.Args) == 2:
		return Merge{Kind: Into, Dst: call.Args[0], Src: call.Args[1]}, true
	}
	f := r.factOf(fn)
	if f == nil {
		return Merge{}, false
	}
	if len(f.Union) > 0 {
		u := f.Union[0]
		if a, b := arg(u[0]), arg(u[1]); a != nil && b != nil {
			return Merge{Kind: Union, A: a, B: b, Helper: fn, Prunes: f.Prunes}, true
		}
	}
	if len(f.Into) > 0 {
		in := f.Into[0]
		if d, s := arg(in[0]), arg(in[1]); d != nil && s != nil {
			return Merge{Kind: Into, Dst: d, Src: s, Helper: fn, Prunes: f.Prunes}, true
		}
	}
	return Merge{}, false
}

// Loop returns the merge an overlay loop performs, if it is one.
func (r *Result) Loop(rs *ast.RangeStmt) (Merge, bool) {
	dst, ok := copyLoop(r.info, rs)
	if !ok {
		return Merge{}, false
	}
	return Merge{Kind: Into, Dst: dst, Src: rs.X}, true
}

// Summary returns the fact of fn, whether declared here or imported.
func (r *Result) Summary(fn *types.Func) *Fact { return r.factOf(fn) }

func (r *Result) factOf(fn *types.Func) *Fact {
	fn = fn.Origin()
	if fn.Pkg() == r.pkg {
		return r.local[fn]
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if f, seen := r.imported[fn]; seen {
		return f
	}
	f := new(Fact)
	if !r.pass.ImportObjectFact(fn, f) {
		f = nil
	}
	if r.imported == nil {
		r.imported = map[*types.Func]*Fact{}
	}
	r.imported[fn] = f
	return f
}

func run(pass *analysis.Pass) (any, error) {
	r := &Result{info: pass.TypesInfo, pkg: pass.Pkg, local: map[*types.Func]*Fact{}, pass: pass}
	if k8s.IsStdlib(pass.Pkg) {
		return r, nil // maps.Copy is known by name
	}
	// Helpers calling helpers: a function's fact can appear once its
	// callees' have, so callers are revisited, up to maxRounds.
	graph := funcs.Of(pass)
	graph.Fixpoint(maxRounds, funcs.Callers, func(fd *ast.FuncDecl) bool {
		fn := graph.Func(fd)
		if fn == nil || r.local[fn] != nil {
			return false
		}
		if f := r.summarise(fd, fn); f != nil {
			r.local[fn] = f
			return true
		}
		return false
	})
	for fn, f := range r.local {
		pass.ExportObjectFact(fn, f)
	}
	return r, nil
}

// maxRounds bounds the fixed point: merge helpers wrapping merge helpers
// in one package are followed this many calls deep.
const maxRounds = 8

// summarise computes the fact of one function, or nil.
func (r *Result) summarise(fd *ast.FuncDecl, fn *types.Func) *Fact {
	sm := newSummariser(r, fn)
	if len(sm.params) < 2 {
		return nil
	}
	sm.scan(fd.Body)
	f := &Fact{Into: sm.intos()}
	if pair, ok := sm.union(fd.Body); ok {
		f.Union = append(f.Union, pair)
	}
	if len(f.Union) == 0 && len(f.Into) == 0 {
		return nil
	}
	if len(sm.prunes) > 0 {
		slices.Sort(sm.prunes)
		f.Prunes = slices.Compact(sm.prunes)
	}
	return f
}

// A summariser follows, through one function, which of its map parameters'
// entries each map variable holds.
type summariser struct {
	r       *Result
	info    *types.Info
	params  map[*types.Var]int          // the map parameters, by index
	holds   map[*types.Var]map[int]bool // the parameters whose entries a variable holds
	deleted map[*types.Var]bool         // a computed key was deleted from it
	prunes  []string                    // constant keys deleted, here or by merge helpers called
}

func newSummariser(r *Result, fn *types.Func) *summariser {
	sm := &summariser{r: r, info: r.info, params: map[*types.Var]int{},
		holds: map[*types.Var]map[int]bool{}, deleted: map[*types.Var]bool{}}
	sig := fn.Type().(*types.Signature)
	for i := range sig.Params().Len() {
		if _, ok := sig.Params().At(i).Type().Underlying().(*types.Map); ok {
			sm.params[sig.Params().At(i)] = i
		}
	}
	return sm
}

func (sm *summariser) varOf(e ast.Expr) *types.Var {
	if id, ok := ast.Unparen(e).(*ast.Ident); ok {
		return astutil.IdentVar(sm.info, id)
	}
	return nil
}

// add records that dst holds what src holds (or src itself, a parameter).
func (sm *summariser) add(dst *types.Var, src ast.Expr) {
	if dst == nil {
		return
	}
	if sm.holds[dst] == nil {
		sm.holds[dst] = map[int]bool{}
	}
	if sv := sm.varOf(src); sv != nil {
		if i, ok := sm.params[sv]; ok {
			sm.holds[dst][i] = true
		}
		for i := range sm.holds[sv] {
			sm.holds[dst][i] = true
		}
	}
}

// fromCall records what dst holds when assigned call: a union merge of two
// maps, or a clone.
func (sm *summariser) fromCall(dst *types.Var, call *ast.CallExpr) {
	if m, ok := sm.r.Call(call); ok && m.Kind == Union {
		sm.add(dst, m.A)
		sm.add(dst, m.B)
		sm.prunes = append(sm.prunes, m.Prunes...) // pruned by the helper: pruned here
	}
	if k8s.IsFunc(k8s.Callee(sm.info, call), "maps", "Clone") && len(call.Args) == 1 {
		sm.add(dst, call.Args[0])
	}
}

// scan follows copies, merges and deletes through body.
func (sm *summariser) scan(body *ast.BlockStmt) {
	info := sm.info
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.RangeStmt:
			if dst, ok := copyLoop(info, n); ok {
				sm.add(sm.varOf(dst), n.X)
			}
		case *ast.CallExpr:
			if id, ok := ast.Unparen(n.Fun).(*ast.Ident); ok && len(n.Args) == 2 {
				if b, ok := info.Uses[id].(*types.Builtin); ok && b.Name() == "delete" {
					if key, ok := ConstString(info, n.Args[1]); ok {
						sm.prunes = append(sm.prunes, key)
					} else if v := sm.varOf(n.Args[0]); v != nil {
						sm.deleted[v] = true
					}
				}
			}
			if m, ok := sm.r.Call(n); ok && m.Kind == Into {
				sm.add(sm.varOf(m.Dst), m.Src)
				sm.prunes = append(sm.prunes, m.Prunes...)
			}
		case *ast.AssignStmt:
			if len(n.Lhs) == len(n.Rhs) {
				for i, rhs := range n.Rhs {
					if call, ok := ast.Unparen(rhs).(*ast.CallExpr); ok {
						sm.fromCall(sm.varOf(n.Lhs[i]), call)
					}
				}
			}
		}
		return true
	})
}

// intos returns the pairs (i, j) of parameters where i ends up holding j.
func (sm *summariser) intos() [][2]int {
	var out [][2]int
	for v, i := range sm.params {
		if sm.deleted[v] {
			continue
		}
		for j := range sm.holds[v] {
			if j != i {
				out = append(out, [2]int{i, j})
			}
		}
	}
	slices.SortFunc(out, func(a, b [2]int) int {
		return cmp.Or(cmp.Compare(a[0], b[0]), cmp.Compare(a[1], b[1]))
	})
	return out
}

// union returns the pair of parameters every return statement of body
// returns a map holding (an early `return nil` aside).
func (sm *summariser) union(body *ast.BlockStmt) ([2]int, bool) {
	info := sm.info
	var unions [][2]int
	allReturnUnion := true
	returns := 0
	ast.Inspect(body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		ret, ok := n.(*ast.ReturnStmt)
		if !ok || len(ret.Results) == 0 {
			return true
		}
		if id, ok := ast.Unparen(ret.Results[0]).(*ast.Ident); ok && info.Uses[id] == types.Universe.Lookup("nil") {
			return true // an early `return nil` (both inputs empty)
		}
		returns++
		held := map[int]bool{}
		switch x := ast.Unparen(ret.Results[0]).(type) {
		case *ast.CallExpr:
			tmp := types.NewVar(token.NoPos, nil, "", nil)
			sm.fromCall(tmp, x)
			held = sm.holds[tmp]
		default:
			if v := sm.varOf(x); v != nil && !sm.deleted[v] {
				if _, isParam := sm.params[v]; !isParam {
					held = sm.holds[v]
				}
			}
		}
		pair, ok := twoOf(held)
		if !ok {
			allReturnUnion = false
			return true
		}
		unions = append(unions, pair)
		return true
	})
	if returns > 0 && allReturnUnion && len(unions) > 0 {
		return unions[0], true
	}
	return [2]int{}, false
}

// ConstString returns the value of a constant string expression.
func ConstString(info *types.Info, e ast.Expr) (string, bool) {
	tv, ok := info.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(tv.Value), true
}

// twoOf returns the two smallest parameter indexes of held, if it has two.
func twoOf(held map[int]bool) ([2]int, bool) {
	var idx []int
	for i := range held {
		idx = append(idx, i)
	}
	if len(idx) < 2 {
		return [2]int{}, false
	}
	slices.Sort(idx)
	return [2]int{idx[0], idx[1]}, true
}

// copyLoop recognises `for k, v := range src { dst[k] = v }`, optionally
// guarded by a presence check on dst, and returns dst.
func copyLoop(info *types.Info, rs *ast.RangeStmt) (ast.Expr, bool) {
	if _, ok := info.TypeOf(rs.X).Underlying().(*types.Map); !ok {
		return nil, false
	}
	key, ok := rs.Key.(*ast.Ident)
	if !ok || key.Name == "_" {
		return nil, false
	}
	val, _ := rs.Value.(*ast.Ident)
	if len(rs.Body.List) != 1 {
		return nil, false
	}
	stmt := rs.Body.List[0]
	if ifs, ok := stmt.(*ast.IfStmt); ok && ifs.Else == nil && len(ifs.Body.List) == 1 {
		stmt = ifs.Body.List[0] // presence guard; checked below against dst
		as, ok := stmt.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != 1 {
			return nil, false
		}
		ix, ok := as.Lhs[0].(*ast.IndexExpr)
		if !ok || !isPresenceGuard(info, ifs, ix.X, key) {
			return nil, false
		}
	}
	as, ok := stmt.(*ast.AssignStmt)
	if !ok || as.Tok != token.ASSIGN || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
		return nil, false
	}
	ix, ok := as.Lhs[0].(*ast.IndexExpr)
	if !ok || !sameIdent(info, ix.Index, key) {
		return nil, false
	}
	if val != nil && val.Name != "_" {
		if !sameIdent(info, as.Rhs[0], val) {
			return nil, false
		}
	} else if rix, ok := ast.Unparen(as.Rhs[0]).(*ast.IndexExpr); !ok ||
		!samePath(info, rix.X, rs.X) || !sameIdent(info, rix.Index, key) {
		return nil, false // dst[k] = src[k]
	}
	return ix.X, true
}

// isPresenceGuard reports whether ifs tests that key is absent from dst:
// `if _, ok := dst[k]; !ok` or `if _, exists := dst[k]; !exists`.
func isPresenceGuard(info *types.Info, ifs *ast.IfStmt, dst ast.Expr, key *ast.Ident) bool {
	init, ok := ifs.Init.(*ast.AssignStmt)
	if !ok || len(init.Lhs) != 2 || len(init.Rhs) != 1 {
		return false
	}
	ix, ok := init.Rhs[0].(*ast.IndexExpr)
	if !ok || !samePath(info, ix.X, dst) || !sameIdent(info, ix.Index, key) {
		return false
	}
	okID, ok := init.Lhs[1].(*ast.Ident)
	if !ok {
		return false
	}
	not, ok := ifs.Cond.(*ast.UnaryExpr)
	return ok && not.Op == token.NOT && sameIdent(info, not.X, okID)
}

// samePath reports whether a and b denote the same location.
func samePath(info *types.Info, a, b ast.Expr) bool {
	p, ok := astutil.PathOf(info, a)
	q, ok2 := astutil.PathOf(info, b)
	return ok && ok2 && p.Equal(q)
}

func sameIdent(info *types.Info, e ast.Expr, id *ast.Ident) bool {
	x, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	a := info.Uses[x]
	b := info.Defs[id]
	if b == nil {
		b = info.Uses[id]
	}
	return a != nil && a == b
}
