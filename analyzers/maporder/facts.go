package maporder

// Facts and summaries: what a function does with map order, kept for the
// package's other functions (summary) and exported to other packages (orderFact).

import (
	"fmt"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/funcs"
	"go/ast"
	"go/types"
	"slices"
	"sort"
	"strings"
)

// orderFact summarises how a function moves map iteration order, for callers
// in other packages. Positions are "file.go:line" texts.
type orderFact struct {
	Results []flowFact // results that hold values in map order
	Fills   []flowFact // pointer/slice parameters filled in map order
	Sinks   []sinkFact // parameters whose order reaches a sink inside
	Passes  []passFact // parameters whose order reaches a result
	Sorts   []int      // parameters sorted in place
	Calls   []flowFact // function parameters called once per entry of a map, in its order
}

func (*orderFact) AFact() {}

func (f *orderFact) String() string {
	var parts []string
	for _, r := range f.Results {
		after := ""
		if r.After > 0 {
			after = fmt.Sprintf(" after the entries of param %d", r.After-1)
		}
		parts = append(parts, fmt.Sprintf("result %d in order of %s (%s)%s", r.Index, r.source(), r.Pos, after))
	}
	for _, r := range f.Fills {
		parts = append(parts, fmt.Sprintf("fills param %d in order of %s (%s)", r.Index, r.source(), r.Pos))
	}
	for _, s := range f.Sinks {
		parts = append(parts, fmt.Sprintf("param %d reaches %s (%s)", s.Index, s.Sink, s.Pos))
	}
	for _, p := range f.Passes {
		parts = append(parts, fmt.Sprintf("param %d reaches result %d", p.Param, p.Result))
	}
	for _, i := range f.Sorts {
		parts = append(parts, fmt.Sprintf("sorts param %d", i))
	}
	for _, c := range f.Calls {
		parts = append(parts, fmt.Sprintf("calls param %d in order of %s (%s)", c.Index, c.source(), c.Pos))
	}
	return "maporder(" + strings.Join(parts, "; ") + ")"
}

// flowFact says that a result or parameter holds map order. After > 0:
// only for entries appended after those of parameter After-1 (see
// fnState.keptAfter).
type flowFact struct {
	Index  int
	Map    string
	Listed bool // Map is a list out of an informer cache
	Pos    string
	After  int
}

func (f flowFact) source() string { return (&origin{mapName: f.Map, listed: f.Listed}).source() }

// sinkFact says that the order of a parameter reaches a sink.
type sinkFact struct {
	Index int
	Sink  string
	Pos   string
}

// passFact says that the order of a parameter reaches a result.
type passFact struct {
	Param, Result int
}

// summary is the in-package form of orderFact; origins are pointers so that
// a diagnostic can sit on the range inside the helper.
type summary struct {
	results map[int][]*origin
	fills   map[int][]*origin
	sinks   map[int]sink
	passes  map[[2]int]bool
	sorts   map[int]bool
	calls   map[int][]*origin // function parameters called in map order
}

func newSummary() *summary {
	return &summary{
		results: map[int][]*origin{},
		fills:   map[int][]*origin{},
		sinks:   map[int]sink{},
		passes:  map[[2]int]bool{},
		sorts:   map[int]bool{},
		calls:   map[int][]*origin{},
	}
}

// empty reports whether the summary says nothing.
func (s *summary) empty() bool {
	return len(s.results) == 0 && len(s.fills) == 0 && len(s.sinks) == 0 && len(s.passes) == 0 && len(s.sorts) == 0 && len(s.calls) == 0
}

func (p *pkgState) summaryOf(fn *types.Func) *summary {
	s := p.summaries[fn]
	if s == nil {
		s = newSummary()
		p.summaries[fn] = s
	}
	return s
}

func (p *pkgState) addOrigins(m map[int][]*origin, i int, os []*origin) {
	for _, o := range os {
		if o.kind == paramOrigin || containsOrigin(m[i], o) {
			continue
		}
		m[i] = append(m[i], o)
		p.changed = true
	}
}

// implementations returns the module's methods an interface method call
// can reach (funcs.Graph.Implementations), or nil for any other call.
func (p *pkgState) implementations(fn *types.Func) []*types.Func {
	return p.graph.Implementations(p.pass.Pkg, funcs.ModulePath(p.pass), fn)
}

func (p *pkgState) importFact(fn *types.Func) *orderFact {
	if fn.Pkg() == nil || fn.Pkg() == p.pass.Pkg {
		return nil
	}
	fn = fn.Origin()
	f, seen := p.imported[fn] // a function is called again and again
	if !seen {
		f = new(orderFact)
		if !p.pass.ImportObjectFact(fn, f) {
			f = nil
		}
		p.imported[fn] = f
	}
	return f
}

// exportFacts exports the summary of every function that moves order.
func (p *pkgState) exportFacts(decls []*ast.FuncDecl) {
	for _, decl := range decls {
		fn, _ := p.pass.TypesInfo.Defs[decl.Name].(*types.Func)
		sum := p.summaries[fn]
		if fn == nil || sum == nil {
			continue
		}
		var f orderFact
		for _, i := range sortedKeys(sum.results) {
			real := slices.DeleteFunc(slices.Clone(sum.results[i]), symbolic)
			if len(real) == 0 {
				continue // only a field's order: said by the field's fact
			}
			o := real[0]
			// A mark is kept only when every order of the result has it
			// (the caller may drop the result's order as a whole), and
			// only when made by a range of this function: a mark that came
			// through a call names the callee's parameter, not this one's.
			after := o.after
			for _, x := range real {
				if x.after != after || !madeIn(x, decl.Pos(), decl.End()) {
					after = 0
				}
			}
			f.Results = append(f.Results, flowFact{Index: i, Map: o.mapName, Listed: o.listed, Pos: p.where(o), After: after})
		}
		for _, i := range sortedKeys(sum.fills) {
			real := slices.DeleteFunc(slices.Clone(sum.fills[i]), symbolic)
			if len(real) == 0 {
				continue
			}
			o := real[0]
			f.Fills = append(f.Fills, flowFact{Index: i, Map: o.mapName, Listed: o.listed, Pos: p.where(o)})
		}
		for _, i := range sortedKeys(sum.sinks) {
			sk := sum.sinks[i]
			f.Sinks = append(f.Sinks, sinkFact{Index: i, Sink: sk.desc, Pos: p.posText(sk.pos)})
		}
		for pr := range sum.passes {
			f.Passes = append(f.Passes, passFact{Param: pr[0], Result: pr[1]})
		}
		sort.Slice(f.Passes, func(i, j int) bool {
			a, b := f.Passes[i], f.Passes[j]
			return a.Param < b.Param || a.Param == b.Param && a.Result < b.Result
		})
		for _, i := range sortedKeys(sum.sorts) {
			f.Sorts = append(f.Sorts, i)
		}
		for _, i := range sortedKeys(sum.calls) {
			real := slices.DeleteFunc(slices.Clone(sum.calls[i]), symbolic)
			if len(real) > 0 {
				f.Calls = append(f.Calls, flowFact{Index: i, Map: real[0].mapName, Listed: real[0].listed, Pos: p.where(real[0])})
			}
		}
		if len(f.Results)+len(f.Fills)+len(f.Sinks)+len(f.Passes)+len(f.Sorts)+len(f.Calls) == 0 {
			continue
		}
		p.pass.ExportObjectFact(fn, &f)
	}
}

func sortedKeys[V any](m map[int]V) []int {
	keys := make([]int, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	return keys
}

// callsInOrder returns, for each function parameter of fn that fn calls
// once per entry of a map in the map's order (`for k, v := range m {
// fn(k, v) }`), that order: from fn's summary, its fact (an origin at the
// call, as for a result), or for an interface method, every
// implementation's.
func (p *pkgState) callsInOrder(fn *types.Func, call *ast.CallExpr) map[int]taint {
	out := map[int]taint{}
	if impls := p.implementations(fn); len(impls) > 0 {
		for _, impl := range impls {
			for i, t := range p.callsInOrder(impl, call) {
				out[i] = union(out[i], t)
			}
		}
		return out
	}
	if sum := p.summaries[fn]; sum != nil {
		for i, os := range sum.calls {
			out[i] = slices.DeleteFunc(slices.Clone(os), symbolic)
		}
		return out
	}
	if fact := p.importFact(fn); fact != nil {
		name := calleeName(fn)
		for _, c := range fact.Calls {
			o := p.origin(call, -100-c.Index, func() *origin {
				return &origin{kind: remoteOrigin, mapName: c.Map, listed: c.Listed, callee: name, remote: c.Pos}
			})
			out[c.Index] = union(out[c.Index], taint{o})
		}
	}
	return out
}
