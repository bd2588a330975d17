package flow

import (
	"cmp"
	"fmt"
	"go/types"
	"maps"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/k8s"
)

// A MapMerge says that a function merges maps while keeping every key: a
// preserving merge. Merging desired annotations into live ones this way
// strands any key the desired state stopped writing (stalekey).
//
// Union holds pairs of parameter indexes whose entries every map the
// function returns holds (an early `return nil` aside); Into holds
// (destination, source) pairs of map parameters, the destination ending
// up with every entry of the source and deleting none of its own. Prunes
// lists the constant keys the function deletes from them, sorted.
//
// A map holds the entries of another when it is a clone of it
// (maps.Clone), a union of it (labels.Merge, a helper with a MapMerge),
// or it is copied into it: maps.Copy, a helper's Into, or a range loop
// whose body stores each entry under its own key (`dst[k] = v`, or
// `dst[k] = src[k]`) on every iteration, or only where dst lacks the key
// (`if _, ok := dst[k]; !ok`). Any other condition around the store
// filters the keys: not a preserving merge. The flow goes through phis
// (a map made when the parameter was nil) and through the package's other
// functions and other packages' through this fact. Deleting a computed
// key from a map makes it hold no one's entries for sure.
type MapMerge struct {
	Union  [][2]int
	Into   [][2]int
	Prunes []string
}

func (*MapMerge) AFact() {}

func (m *MapMerge) String() string {
	if len(m.Prunes) > 0 {
		return fmt.Sprintf("merge(union=%v into=%v prunes=%q)", m.Union, m.Into, m.Prunes)
	}
	return fmt.Sprintf("merge(union=%v into=%v)", m.Union, m.Into)
}

// maxMergeRounds bounds the fixed point over a package's functions: merge
// helpers wrapping merge helpers are followed this many calls deep.
const maxMergeRounds = 8

// mergeCandidate reports whether fn's signature takes two maps: the only
// functions that can merge one into another.
func mergeCandidate(sig *types.Signature) bool {
	n := 0
	for v := range sig.Params().Variables() {
		if _, ok := v.Type().Underlying().(*types.Map); ok {
			n++
		}
	}
	return n >= 2
}

// mapMerges computes the MapMerge of each function of funcs, local
// answering for the package's functions and imported for others'.
func mapMerges(funcs []*ssa.Function, imported func(*types.Func) *MapMerge) map[*types.Func]*MapMerge {
	out := map[*types.Func]*MapMerge{}
	var cands []*ssa.Function
	for _, fn := range funcs {
		if _, ok := fn.Object().(*types.Func); ok && fn.Parent() == nil && mergeCandidate(fn.Signature) {
			cands = append(cands, fn)
		}
	}
	lookup := func(obj *types.Func) *MapMerge {
		if m, ok := out[obj]; ok {
			return m
		}
		if imported != nil {
			return imported(obj)
		}
		return nil
	}
	for range maxMergeRounds {
		changed := false
		for _, fn := range cands {
			obj := fn.Object().(*types.Func)
			if out[obj] != nil {
				continue
			}
			if m := summariseMerge(fn, lookup); m != nil {
				out[obj] = m
				changed = true
			}
		}
		if !changed {
			break
		}
	}
	return out
}

// A mapFlow follows, through one function, which of its map parameters'
// entries each map holds.
type mapFlow struct {
	fn      *ssa.Function
	lookup  func(*types.Func) *MapMerge
	params  map[ssa.Value]int          // the map parameters, by index
	holds   map[ssa.Value]map[int]bool // by map (a root: see roots)
	deleted map[ssa.Value]bool         // a computed key was deleted from it
	prunes  []string
}

// summariseMerge returns the MapMerge of fn, or nil.
func summariseMerge(fn *ssa.Function, lookup func(*types.Func) *MapMerge) *MapMerge {
	f := &mapFlow{fn: fn, lookup: lookup, params: map[ssa.Value]int{}, holds: map[ssa.Value]map[int]bool{}, deleted: map[ssa.Value]bool{}}
	for i, p := range sigParams(fn) {
		if _, ok := p.Type().Underlying().(*types.Map); ok {
			f.params[p] = i
		}
	}
	for changed := true; changed; {
		changed = false
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if f.step(instr) {
					changed = true
				}
			}
		}
	}
	m := &MapMerge{Into: f.intos()}
	if pair, ok := f.union(); ok {
		m.Union = append(m.Union, pair)
	}
	if len(m.Union) == 0 && len(m.Into) == 0 {
		return nil
	}
	if len(f.prunes) > 0 {
		slices.Sort(f.prunes)
		m.Prunes = slices.Compact(f.prunes)
	}
	return m
}

// roots returns the maps v may be: through phis and changes of named type.
func roots(v ssa.Value) []ssa.Value {
	var out []ssa.Value
	seen := map[ssa.Value]bool{}
	var visit func(v ssa.Value)
	visit = func(v ssa.Value) {
		if seen[v] {
			return
		}
		seen[v] = true
		switch x := v.(type) {
		case *ssa.Phi:
			for _, e := range x.Edges {
				visit(e)
			}
		case *ssa.ChangeType:
			visit(x.X)
		default:
			out = append(out, v)
		}
	}
	visit(v)
	return out
}

// heldBy returns the parameters whose entries v holds, v itself included
// when it is a map parameter.
func (f *mapFlow) heldBy(v ssa.Value) map[int]bool {
	out := map[int]bool{}
	for _, r := range roots(v) {
		if i, ok := f.params[r]; ok {
			out[i] = true
		}
		for i := range f.holds[r] {
			out[i] = true
		}
	}
	return out
}

// add records that the maps dst may be hold what src holds; it reports
// whether that was new.
func (f *mapFlow) add(dst, src ssa.Value) bool {
	held := f.heldBy(src)
	changed := false
	for _, r := range roots(dst) {
		if f.holds[r] == nil {
			f.holds[r] = map[int]bool{}
		}
		for i := range held {
			if !f.holds[r][i] {
				f.holds[r][i] = true
				changed = true
			}
		}
	}
	return changed
}

// step applies one instruction; it reports whether a map holds more.
func (f *mapFlow) step(instr ssa.Instruction) bool {
	switch x := instr.(type) {
	case *ssa.MapUpdate:
		if src, ok := copied(x); ok {
			return f.add(x.Map, src)
		}
	case *ssa.Call:
		c := x.Common()
		if b, ok := c.Value.(*ssa.Builtin); ok {
			if b.Name() == "delete" && len(c.Args) == 2 {
				if k, ok := constString(c.Args[1]); ok {
					f.prunes = appendNew(f.prunes, k)
				} else {
					for _, r := range roots(c.Args[0]) {
						f.deleted[r] = true
					}
				}
			}
			return false
		}
		obj := calleeObject(c)
		if obj == nil {
			return false
		}
		args := c.Args
		if !c.IsInvoke() && obj.Type().(*types.Signature).Recv() != nil && len(args) > 0 {
			args = args[1:] // the receiver: indexes count the parameters without it
		}
		arg := func(i int) ssa.Value {
			if i < len(args) {
				return args[i]
			}
			return nil
		}
		switch {
		case k8s.IsFunc(obj, "maps", "Copy") && len(c.Args) == 2:
			return f.add(c.Args[0], c.Args[1])
		case k8s.IsFunc(obj, "maps", "Clone") && len(c.Args) == 1:
			return f.add(x, c.Args[0])
		case k8s.IsFunc(obj, k8s.Labels, "Merge") && len(c.Args) == 2:
			a, b := f.add(x, c.Args[0]), f.add(x, c.Args[1])
			return a || b
		}
		m := f.lookup(obj)
		if m == nil {
			return false
		}
		changed := false
		for _, p := range m.Prunes {
			f.prunes = appendNew(f.prunes, p)
		}
		if len(m.Union) > 0 {
			if a, b := arg(m.Union[0][0]), arg(m.Union[0][1]); a != nil && b != nil {
				changed = f.add(x, a) || changed
				changed = f.add(x, b) || changed
			}
		}
		for _, in := range m.Into {
			if d, s := arg(in[0]), arg(in[1]); d != nil && s != nil {
				changed = f.add(d, s) || changed
			}
		}
		return changed
	}
	return false
}

func appendNew(list []string, s string) []string {
	if slices.Contains(list, s) {
		return list
	}
	return append(list, s)
}

// copied reports whether u stores, in a range loop over a map, each entry
// under its own key, on every iteration or only where the destination
// lacks the key; it returns the ranged map.
func copied(u *ssa.MapUpdate) (ssa.Value, bool) {
	key, ok := u.Key.(*ssa.Extract)
	if !ok || key.Index != 1 {
		return nil, false
	}
	next, ok := key.Tuple.(*ssa.Next)
	if !ok || next.IsString {
		return nil, false
	}
	rng, ok := next.Iter.(*ssa.Range)
	if !ok {
		return nil, false
	}
	src := rng.X
	switch v := u.Value.(type) {
	case *ssa.Extract:
		if v.Tuple != next || v.Index != 2 {
			return nil, false
		}
	case *ssa.Lookup: // dst[k] = src[k]
		if v.X != src || v.Index != key || v.CommaOk {
			return nil, false
		}
	default:
		return nil, false
	}
	// Every block from the loop body's entry to the store: no condition
	// but the destination's presence check.
	body := key.Block()
	for b := u.Block(); b != body; {
		d := b.Idom()
		if d == nil {
			return nil, false
		}
		if br, ok := d.Instrs[len(d.Instrs)-1].(*ssa.If); ok && !absentBranch(br, d, b, u.Map, key) {
			return nil, false
		}
		b = d
	}
	return src, true
}

// absentBranch reports whether br, ending block d, tests that dst lacks
// key (`if _, ok := dst[k]; !ok`) and b lies on the branch where it does.
func absentBranch(br *ssa.If, d, b *ssa.BasicBlock, dst ssa.Value, key ssa.Value) bool {
	ok, isExtract := br.Cond.(*ssa.Extract)
	if !isExtract || ok.Index != 1 {
		return false
	}
	look, isLookup := ok.Tuple.(*ssa.Lookup)
	if !isLookup || !look.CommaOk || look.Index != key || !slices.Equal(roots(look.X), roots(dst)) {
		return false
	}
	// The false branch dominates b: every way to b passes the check. (The
	// true branch may be the loop's head, which dominates the whole body.)
	return d.Succs[1] != d.Succs[0] && d.Succs[1].Dominates(b)
}

// intos returns the pairs (i, j) of parameters where i ends up holding j.
func (f *mapFlow) intos() [][2]int {
	var out [][2]int
	for p, i := range f.params {
		if f.deleted[p] {
			continue
		}
		for j := range f.holds[p] {
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

// union returns the pair of parameters every map the function returns
// holds the entries of (a `return nil` aside): the two smallest indexes.
func (f *mapFlow) union() ([2]int, bool) {
	var pair [2]int
	found := false
	for _, b := range f.fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) == 0 {
			continue
		}
		res := ret.Results[0]
		if c, ok := res.(*ssa.Const); ok && c.IsNil() {
			continue
		}
		held := map[int]bool{}
		for _, r := range roots(res) {
			if _, isParam := f.params[r]; isParam || f.deleted[r] {
				return [2]int{}, false // the caller's own map, or one pruned of computed keys
			}
			if c, ok := r.(*ssa.Const); ok && c.IsNil() {
				continue
			}
			for i := range f.holds[r] {
				held[i] = true
			}
		}
		idx := slices.Sorted(maps.Keys(held))
		if len(idx) < 2 {
			return [2]int{}, false
		}
		if !found {
			pair, found = [2]int{idx[0], idx[1]}, true
		}
	}
	return pair, found
}

// hasMergeCandidates reports whether the package declares a function
// taking two maps.
func hasMergeCandidates(info *types.Info) bool {
	for _, obj := range info.Defs {
		if fn, ok := obj.(*types.Func); ok && mergeCandidate(fn.Type().(*types.Signature)) {
			return true
		}
	}
	return false
}

// Merge returns the MapMerge of fn, of this package or another, or nil.
func (r *Result) Merge(fn *types.Func) *MapMerge {
	fn = fn.Origin()
	r.mu.Lock()
	defer r.mu.Unlock()
	if m, ok := r.merges[fn]; ok {
		return m
	}
	var m *MapMerge
	if r.importMerge != nil {
		m = r.importMerge(fn)
	}
	r.merges[fn] = m
	return m
}

// summariseMerges computes and exports the MapMerges of the package's
// functions.
func (r *Result) summariseMerges(pass *analysis.Pass, funcs []*ssa.Function) {
	local := mapMerges(funcs, func(fn *types.Func) *MapMerge {
		if fn.Pkg() == pass.Pkg {
			return nil
		}
		return r.Merge(fn)
	})
	r.mu.Lock()
	for fn, m := range local {
		r.merges[fn] = m
		pass.ExportObjectFact(fn, m)
	}
	r.mu.Unlock()
}
