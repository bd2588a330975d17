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
//
// Sends says, for the parameters of an exported function or method that
// can hold an object, where the function sends what it is given (see
// Where): a caller in another package follows its object into the call
// with it. A parameter whose destinations include Unknown is left out.
//
// Callbacks and Returneds say what it does with its function parameters
// (see HandOff), so that a function value of the caller is followed.
type Summary struct {
	Params    []Slot
	Results   []Slot
	Sends     []Send
	Callbacks []HandOff
	Returneds []Returned
}

// A Send is where a parameter's object goes.
type Send struct {
	Index int
	To    Set
}

// A Slot is a parameter or result and why it is live.
type Slot struct {
	Index int
	Why   Reason
}

func (*Summary) AFact() {}

func (s *Summary) String() string {
	out := fmt.Sprintf("flow%v%v", s.Params, s.Results)
	if len(s.Sends) > 0 {
		out += fmt.Sprintf(" sends%v", s.Sends)
	}
	if len(s.Callbacks)+len(s.Returneds) > 0 {
		out += fmt.Sprintf(" calls%v%v", s.Callbacks, s.Returneds)
	}
	return out
}

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
		if obj.Exported() {
			sum.Sends = s.sends(fn)
			sum.Callbacks, sum.Returneds = s.callbacks(fn)
		}
		if len(sum.Params)+len(sum.Results)+len(sum.Sends)+len(sum.Callbacks)+len(sum.Returneds) == 0 {
			continue
		}
		slices.SortFunc(sum.Results, func(a, b Slot) int { return cmp.Compare(a.Index, b.Index) })
		s.pass.ExportObjectFact(obj, sum)
	}
}

// sends returns where fn sends the objects it is given.
func (s *solver) sends(fn *ssa.Function) []Send {
	var out []Send
	for i, p := range sigParams(fn) {
		if !isObjectLike(p.Type()) && !isContainer(p.Type()) {
			continue
		}
		w := &walk{r: s.r, budget: Depth, seen: map[ssa.Value]bool{}, fns: map[*ssa.Function]bool{fn: true}}
		w.follow(p)
		if w.out&Unknown == 0 {
			out = append(out, Send{i, w.out})
		}
	}
	return out
}

// isContainer reports whether t is a slice or a map.
func isContainer(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Slice, *types.Map:
		return true
	}
	return false
}

// writer records that fn writes back its parameter p.Index, if it does.
func (s *solver) writer(fn *types.Func, p Slot) {
	if (p.Why == WrittenBack || p.Why == MutateFunction) && !slices.Contains(s.r.writers[fn], p.Index) {
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

// sendsOf says where a call of a function of another package sends x,
// passed as one of args, when the Summary of every function the call
// may run says.
func (r *Result) sendsOf(c *ssa.CallCommon, args []ssa.Value, x ssa.Value) (Set, bool) {
	sums := r.summaryOf[c]
	if len(sums) == 0 {
		return 0, false
	}
	var out Set
	for i, a := range args {
		if a != x {
			continue
		}
		for _, sum := range sums {
			found := false
			for _, snd := range sum.Sends {
				if snd.Index == i {
					out |= snd.To
					found = true
				}
			}
			if !found {
				return 0, false
			}
		}
	}
	return out, true
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
