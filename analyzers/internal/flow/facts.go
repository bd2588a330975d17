package flow

import (
	"cmp"
	"fmt"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// A Summary says what a function does with the objects it is given and
// returns, whoever calls it: which parameters it reads into or writes
// back (so the caller's argument is the server's copy), and which results
// are read from the server. Indexes count the parameters and results as
// they are written, without the receiver.
type Summary struct {
	Params  []Slot
	Results []Slot
}

// A Slot is a parameter or result and why it is live.
type Slot struct {
	Index int
	Why   Reason
}

func (*Summary) AFact() {}

func (s *Summary) String() string { return fmt.Sprintf("flow%v%v", s.Params, s.Results) }

// export records the Summary of every declared function of the package
// for which phase one found something.
func (s *solver) export() {
	for _, fn := range s.funcs {
		obj, ok := fn.Object().(*types.Func)
		if !ok || fn.Parent() != nil {
			continue
		}
		sum := &Summary{}
		for i, p := range sigParams(fn) {
			if why, ok := s.evidence[p]; ok {
				sum.Params = append(sum.Params, Slot{i, why})
				s.writer(obj, Slot{i, why})
			}
		}
		for i, why := range s.results[fn] {
			sum.Results = append(sum.Results, Slot{i, why})
		}
		if len(sum.Params) == 0 && len(sum.Results) == 0 {
			continue
		}
		slices.SortFunc(sum.Results, func(a, b Slot) int { return cmp.Compare(a.Index, b.Index) })
		s.pass.ExportObjectFact(obj, sum)
	}
}

// writer records that fn writes back its parameter p.Index, if it does.
func (s *solver) writer(fn *types.Func, p Slot) {
	if (p.Why == Written || p.Why == MutateFunction) && !slices.Contains(s.r.writers[fn], p.Index) {
		s.r.writers[fn] = append(s.r.writers[fn], p.Index)
	}
}

// summaries returns the Summary facts of the functions of other packages
// that a call may run: its static callee (the generic function of an
// instantiation), or for an interface method, the methods with a Summary
// whose receiver implements the interface.
func (s *solver) summaries(c *ssa.CallCommon, fn *types.Func) []*Summary {
	if !c.IsInvoke() {
		if fn.Pkg() == s.pass.Pkg {
			return nil // followed through its SSA form
		}
		sum := new(Summary)
		if s.pass.ImportObjectFact(fn.Origin(), sum) {
			return []*Summary{sum}
		}
		return nil
	}
	return s.factImpls().of(fn)
}

// factImpls indexes, once per package, the methods of other packages that
// have a Summary, by name.
func (s *solver) factImpls() *implIndex {
	if s.impls == nil {
		s.impls = &implIndex{byName: map[string][]methodFact{}, memo: map[*types.Func][]*Summary{}}
		for _, f := range s.pass.AllObjectFacts() {
			m, ok := f.Object.(*types.Func)
			sum, isSum := f.Fact.(*Summary)
			if !ok || !isSum || m.Type().(*types.Signature).Recv() == nil {
				continue
			}
			s.impls.byName[m.Name()] = append(s.impls.byName[m.Name()], methodFact{m, sum})
		}
	}
	return s.impls
}

type methodFact struct {
	fn  *types.Func
	sum *Summary
}

type implIndex struct {
	byName map[string][]methodFact
	memo   map[*types.Func][]*Summary
}

// of returns the Summaries of the methods implementing the interface
// method m.
func (x *implIndex) of(m *types.Func) []*Summary {
	if out, ok := x.memo[m]; ok {
		return out
	}
	var out []*Summary
	iface, _ := m.Type().(*types.Signature).Recv().Type().Underlying().(*types.Interface)
	for _, mf := range x.byName[m.Name()] {
		recv := mf.fn.Type().(*types.Signature).Recv().Type()
		if iface != nil && !types.IsInterface(recv) && types.Implements(recv, iface) {
			out = append(out, mf.sum)
		}
	}
	x.memo[m] = out
	return out
}
