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
//
// Writes says that the function sends an object to the API server,
// itself or through what it calls; Gates and Decides say, for its
// callbacks, which runs under which answer of another, and whose answer
// decides a write (see Decides and CalledWhen).
type Summary struct {
	Params    []Slot
	Results   []Slot
	Sends     []Send
	Callbacks []HandOff
	Returneds []Returned
	Writes    bool
	Gates     []Gate
	Decides   []Hook
	HookSends []HookSend
	// Overwrites holds the pairs (into, from) of parameter indexes (the
	// receiver of a method is 0) such that the function sends parameter
	// into with Update after setting its resourceVersion to parameter
	// from's (metacopy.go): into is written over the object from holds.
	Overwrites [][2]int
}

// A HookSend says where a function sends what its callback Hook returns:
// `p.Object.Status.Conditions = p.Conditions()` before a status update
// sends the conditions a caller's closure builds. A callback whose results
// go anywhere Unknown is left out.
type HookSend struct {
	Hook Hook
	To   Set
}

// seeds reports whether the Summary says anything of the objects the
// function is given or returns, so a caller must be solved.
func (s *Summary) seeds() bool {
	return len(s.Params)+len(s.Results)+len(s.Sends)+len(s.Callbacks)+len(s.Returneds) > 0
}

// A Send is where a parameter's object goes.
type Send struct {
	Index int
	To    Set
}

// A Slot is a parameter or result and why it is live. Field, when set,
// names the field of a struct parameter (or of the struct it points to)
// that the evidence is about: a framework reading into `p.Reconciled`.
//
// Patch, when set, is one more than the index of the parameter holding the
// patch the object is sent with: the evidence holds where the caller's
// patch sends the object's content (not an apply patch, not one made
// apart from the object; patches.go).
type Slot struct {
	Index int
	Why   Reason
	Field string
	Patch int
}

func (s Slot) String() string {
	if s.Field != "" {
		return fmt.Sprintf("{%d.%s %v}", s.Index, s.Field, s.Why)
	}
	if s.Patch > 0 {
		return fmt.Sprintf("{%d %v unless patch %d spares it}", s.Index, s.Why, s.Patch-1)
	}
	return fmt.Sprintf("{%d %v}", s.Index, s.Why)
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
	if s.Writes {
		out += " writes"
	}
	if len(s.Gates)+len(s.Decides) > 0 {
		out += fmt.Sprintf(" gates%v%v", s.Gates, s.Decides)
	}
	if len(s.HookSends) > 0 {
		out += fmt.Sprintf(" hooks%v", s.HookSends)
	}
	if len(s.Overwrites) > 0 {
		out += fmt.Sprintf(" overwrites%v", s.Overwrites)
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
				sum.Params = append(sum.Params, Slot{Index: i, Why: why})
				s.writer(obj, Slot{Index: i, Why: why})
			}
			if _, ok := s.evidence[p]; !ok {
				for _, c := range s.condEv[fn] {
					if c.obj == i {
						sum.Params = append(sum.Params, Slot{Index: i, Why: WrittenBack, Patch: c.patch + 1})
						s.writer(obj, Slot{Index: i, Why: WrittenBack})
					}
				}
			}
			for _, f := range s.fieldEv[p] {
				if name := structField(p.Type(), f.field); name != "" {
					sum.Params = append(sum.Params, Slot{Index: i, Why: f.why, Field: name})
				}
			}
		}
		for i, why := range s.results[fn] {
			sum.Results = append(sum.Results, Slot{Index: i, Why: why})
		}
		if obj.Exported() {
			sum.Sends = s.sends(fn)
			sum.Callbacks, sum.Returneds = s.callbacks(fn)
			sum.Writes = s.r.funcWrites(fn)
			sum.Gates = s.r.gates(fn)
			sum.Decides = s.r.decidingCallbacks(fn)
			sum.HookSends = s.hookSends(fn)
			sum.Overwrites = s.r.overwrites(fn)
		}
		if !sum.seeds() && !sum.Writes && len(sum.Gates)+len(sum.Decides)+len(sum.HookSends)+len(sum.Overwrites) == 0 {
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

// hookSends returns where fn sends the results of its callbacks.
func (s *solver) hookSends(fn *ssa.Function) []HookSend {
	var out []HookSend
	walks := map[Hook]*walk{}
	var order []Hook
	for h, site := range callbackCalls(fn) {
		call, ok := site.(*ssa.Call)
		if !ok {
			continue
		}
		w := walks[h]
		if w == nil {
			w = &walk{r: s.r, budget: Depth, seen: map[ssa.Value]bool{}, fns: map[*ssa.Function]bool{fn: true}, holder: fn}
			walks[h] = w
			order = append(order, h)
		}
		if call.Type() == nil {
			continue
		}
		if _, tuple := call.Type().(*types.Tuple); !tuple {
			w.follow(call)
			continue
		}
		for _, ref := range *call.Referrers() {
			if ex, ok := ref.(*ssa.Extract); ok {
				w.follow(ex)
			}
		}
	}
	for _, h := range order {
		if w := walks[h]; w.out != 0 && w.out&Unknown == 0 {
			out = append(out, HookSend{h, w.out})
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
	if p.Field == "" && (p.Why == WrittenBack || p.Why == MutateFunction) && !slices.Contains(s.r.writers[fn], p.Index) {
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
		if sum := s.r.importSummary(fn.Origin()); sum != nil {
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

// structField returns the name of field i of the struct t, or of the
// struct t points to.
func structField(t types.Type, i int) string {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	return fieldName(t, i, false)
}

// fieldIndex returns the index of the field named name of the struct t,
// or of the struct t points to, or -1.
func fieldIndex(t types.Type, name string) int {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return -1
	}
	for i := range st.NumFields() {
		if st.Field(i).Name() == name {
			return i
		}
	}
	return -1
}
