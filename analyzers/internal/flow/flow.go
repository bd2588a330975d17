// Package flow is reconcilelint's value-flow engine: for the Kubernetes
// objects of a package it answers where each comes from. An object is
// live when it holds the server's copy (read with Get or List, a typed
// clientset's Get, a generated lister's Get or List, the object of a
// CreateOrUpdate mutate function, or sent back with Update or a Patch
// that sends its content, so it must exist on the server), and desired
// otherwise: built by the operator. An apply patch sends desired state,
// and a patch body made apart from the object (a JSON patch's operations)
// sends nothing of it; a patch a wrapper takes as a parameter is judged
// at each call of the wrapper (patches.go). Which calls made an object
// live is kept, so that a point of the function no read reaches (a lookup
// on a branch that returns) sees the object the function built
// (NotReadAt, reads.go), and so does a helper it is handed to there
// (ParamNotRead).
//
// # Why SSA
//
// The engine works on golang.org/x/tools/go/ssa, built from the package's
// syntax and types, rather than on the syntax tree or an IR of its own.
// SSA makes explicit what a syntax walk must rediscover with one rule per
// shape, and what an IR of our own would have to re-implement: every
// assignment is a value with its uses (so a variable reassigned on one
// path is a phi, not "the variable"); a type switch is a type assertion
// per case; a closure is a MakeClosure whose bindings are its free
// variables, wherever the closure is returned or stored; a generic
// function has one body whose instantiations are calls of it; an
// interface call names the method it invokes, which the engine resolves
// to the implementations the module declares. The syntax-based analyzers
// keep their positions, messages and fixes: they ask about a variable or
// an expression, and the answer is read off the SSA values that the
// variable takes (the builder's debug references, one per use).
//
// # What is followed
//
// A value derived from a live object is live: a phi of it, a type
// assertion or conversion of it, a field, element or pointer into it
// (`tmpl := &dep.Spec.Template`, `for _, p := range list.Items`), its
// DeepCopy, the result of an accessor returning a pointer to a struct
// (`workload.PodTemplate()`). Across calls of the package's functions,
// closures, generic functions, function values of the same signature and
// interface methods implemented in the package, a live argument makes
// the parameter live, a live free variable makes the closure's capture
// live, and a live result makes the call live. An object stored in a
// map, appended to a list or put in an array is live again when it is
// read out (`byNode[n] = append(byNode[n], pod)`, then a range over
// byNode[node] or over byNode; holders.go), though the list or map itself
// is not an object. Evidence flows backwards:
// an object read into with Get or written with Update was the server's
// copy wherever it came from, through conversions, phis, captured
// variables and the parameters of the function, so its callers' arguments
// are live too.
//
// Evidence also reaches the field of a struct it was taken from: an
// object read with Get through `p.Live`, where p is a parameter struct
// or a struct literal handed to a helper, makes that field live in every
// function that receives the struct (a field slot of the Summary,
// `{1.Live read with Get or List}`), and a callback loading the field
// from the struct it captured sees it live too.
//
// # Writes and the branches that decide them (gates.go)
//
// IsWrite names the calls that send an object to the API server; a
// function writes when one of its blocks, or a function it calls, does.
// Decides(e) answers whether a boolean decides a write (an Update, a
// Patch, or a Delete: a deleted object is recreated): it follows the
// value through ifs, phis, negations, variables and returns to the
// branches it controls (a branch decides a write when the write
// post-dominates one successor and not the other, or the successor that
// the rest of a && chain leads to), through the operands of || and &&,
// flags (a constant stored on one side of the branch: `if stale { found =
// true }`, or in the body of a || chain the test is one condition of:
// `if a || stale { dirty = true }`) and constant answers (`if stale { return false }`), into the callers of
// the function that returns it, and into a framework of callbacks: a
// closure returning the value, handed to a function of the module (as an
// argument or as a field of a struct of function values), decides a write
// when that function calls it in a condition that guards a write. The
// framework's Summary says so for callers in other packages: Writes,
// Gates (callback Run is called only when callback When answered Want)
// and Decides (the callbacks whose answer decides a write). CalledWhen
// turns a Gate into the conditions under which a closure runs, read off
// the return expressions of the sibling closure that decides it, so an
// analyzer can check a guard that lives in a sibling callback. A
// framework's Summary also says where the results of its callbacks go
// (HookSends): an argument list built by a closure and written by the
// framework into the object it updates is written, though the closure
// itself only returns it.
//
// # Facts
//
// Evidence that holds whoever calls a function (its parameter is read
// into or written back, its result is read from the server), where an
// exported function sends its parameters (see Where), and which of its
// function parameters it calls with which of its objects and returns the
// results of (a create-or-update helper handing the object it read to
// its caller's mutate function, or each of a list of mutators, in a
// closure of its own; a generic list helper returning what its caller's
// function takes out of the list) is exported as a Summary fact
// on the function, so a call from another package of the module is
// understood, and so is a call into a dependency module whose package
// was analysed (go vet and golangci-lint analyse every dependency for its
// facts; the standalone driver analyses, besides the module's own
// packages, the dependency packages the module imports that declare
// functions handling Kubernetes objects, except the Kubernetes libraries
// and generated clients, which are known from tables): a static call, a
// generic instantiation, or an interface method resolved to the
// implementations with facts. At the call, the functions handed over
// are found through conversions, phis, the lists built for a variadic
// call or appended to, and the closures a factory of the package returns
// (`a.specMutator()`); Funcs answers the same for an expression (the
// builders engine: the mutators a call is handed). Liveness that comes
// from the callers (a live argument) does not cross packages: facts flow
// from a package to its importers only: an analyzer that needs it the
// other way exports its own conditional fact (restartrevert: this
// exported factory's closure replaces its parameter's template) and
// reports at the caller that hands over a live object.
//
// # Map merges (maps.go)
//
// Which functions merge maps while keeping every key (a MapMerge fact:
// the union of two map parameters returned, or one copied into another,
// and the constant keys deleted): the merge package matches these at
// call sites for stalekey and presencedrift. The entries a map holds are
// followed through phis, clones, copy loops (a store of each entry under
// its own key on every iteration, or only where the destination lacks
// it), maps.Copy, labels.Merge and the helpers with a MapMerge. A
// variable that is one map on one branch and another on the other holds
// both for this question (a known imprecision, which the syntax-based
// summariser had too).
//
// # Carry-overs (carries.go)
//
// Whether a new value keeps what the live object held: Carries asks about
// one location (`pod.Spec.Volumes`), CarriesFrom about any read a caller's
// predicate accepts (the owned field of any live object of a kind, a read
// through a live pod template). The value is followed back through phis,
// conversions, appends, element reads, ranges over maps, arithmetic,
// literals' parts and calls' arguments (a call that a caller names as a
// filter dropping what it asks about excepted). CarriesFrom also takes
// what was stored into the value's parts before it is used (fields and
// elements at any depth, map entries, through every load of a captured
// variable), and what a call made for its effect (its result unused, or
// only an error) was handed beside the value, beside a struct that holds
// it, or in a closure's captures, when the call may write into it: its
// body here stores through that parameter (through.go), or its body is
// not known here (another package's function, an interface method). Reads
// are resolved through pointer locals and local copies to every variable
// on the way. CarriesEntry asks whether a value is the entry a live
// object's map holds under a constant key (strand: a label written back
// only while the live object has it).
//
// # Locations (locate.go)
//
// Locate says what an expression's value or address is rooted at: the
// variable, the types on the way (did it pass through a Pod, a pod
// template?) and the first local copy crossed, through loads, fields,
// elements, type assertions, DeepCopy, pointer locals' cells and phis of
// one non-nil source; LocateVar says it of the values a variable holds,
// and Location.Path names the fields and elements crossed. Computed
// (computed.go) returns the expression that computed the value a local
// holds, whatever statement gave it (`v = x` after `var v T`, a phi of one
// non-nil source, a cell's one store, a comma-ok lookup), so that an
// analyzer matches its shape at a statement without reading the local's
// declaration; Holds says whether one expression may hold the value
// another computes, through the locals, phis and cells that hand it on
// (strand: the merge that an `obj.Annotations = out` stores); Declared
// gives the expression a local is declared with (maporder: does a list
// start as an existing one?). Allocated (created.go) says whether every
// object a local holds is allocated by its function (a literal or
// new(T), or a struct built in place), an object being built rather than
// one handed in.
//
// # Taint (taint.go)
//
// A Taint carries an analyzer's labels forward through one function's
// values and its closures (maporder: the map whose order a value holds):
// through phis, conversions, assertions and type switches, slicing,
// concatenation and append, captured variables, closures called in place
// and the parameters their calls hand them, the cells of locals, the
// fields of the function's own objects (a literal's fields belong to the
// object, a field assigned later only to itself) and what a pointer
// parameter points to, and the map or slice a labelled value is stored
// in. A read of a cell or field sees only what the writes that run before
// it put there; calls answer as the analyzer says (its summaries and
// facts). The analyzer adds labels at the statements it matches in the
// syntax and clears them where a sort runs: a cleared value carries
// nothing at the points a path from the clear reaches, and a list stored
// somewhere and sorted in place afterwards is sorted where it was stored
// too (they share an array).
//
// # Metadata copies (metacopy.go)
//
// MetaCopies says which parameter of a function of the package takes its
// resourceVersion from which other (SetResourceVersion(GetResourceVersion())
// on the objects or their ObjectMeta, or a store of one ResourceVersion
// field into the other), so that live.Inverse sees a desired object sent
// with Update after a metadata helper. Only the package's own functions
// are read; a helper of another package is not summarised.
//
// # Metadata map kinds (mapkinds.go)
//
// Which maps are annotations or labels (of an object or of a pod
// template), by where they go: stored into the field, given to
// SetAnnotations/SetLabels or WithAnnotations/WithLabels, copied or
// merged into such a map, or returned to callers that do any of these;
// backwards through phis and the package's functions. VarKind and
// ResultKind answer for strand's analyzers (stalekey, presencedrift).
//
// # Reach (reach.go)
//
// Reaches says whether a path of a function's control-flow graph leads
// from one expression to another: a statement in a branch that returns
// first does not reach what follows the branch. The builders engine asks
// it for the desired side of a comparison, and timechurn for the write a
// stamp is sent by (Where's Dest.Writes lists every write found). Anchor
// places a statement on the graph (an assignment by its value, a range
// statement by its ranged expression), so that analyzers ask about
// statements too; Precedes is "before" as the analyzers mean it: first in
// the source and on a path that leads there (restartrevert's carry-overs,
// restores and dropped stamps, fieldfight's fields written again). HandedTo (calls.go) names the parameters of the
// package's functions that a local is handed to, the calls resolved as
// the call graph resolves them.
//
// # Paths that do the work (paths.go)
//
// Always says whether every path of a function that does its work passes
// one of some points: the paths to a given point (a merge), else to the
// function's writes of an object that the points lead to, else to its
// returns that give no error. A branch that handles an error and returns
// does not count, and a closure is passed where its makers are. strand
// asks it whether a key is written only on some paths.
//
// # After a point (after.go)
//
// StoresKey says whether an entry under a constant key is stored, on a
// path after a point, into a map that a location holds, through the
// locals and copies that share the map: restartrevert asks whether
// restartedAt is written into the template it replaced. HandedAfter says
// whether the location is handed to a call the analyzer names after the
// point: maporder asks whether a list filled in map order is sorted in
// place before it is sent.
//
// # Hand-offs (handoff.go)
//
// What a function does to an object its caller hands it, that only the
// caller can judge (a template replaced on a Deployment that may or may
// not be the live one): Handoffs keeps each function's entries (which
// parameter, what was done, where, through which calls), reads other
// packages' from the analyzer's facts, answers a call with the entries of
// its callee or of the module's implementations of the interface method
// it calls, and hands an entry on to the caller's own summary when the
// object is the caller's parameter (Param). restartrevert, fieldfight,
// admissionclobber and timechurn keep only their account of what is done.
//
// # Provenance (provenance.go)
//
// Sources says what a value (a name) is computed from, through
// concatenations, formatting, the package's parameters to their callers'
// arguments, and a field read from a constructor's result into the
// literal the constructor built. NameSources says the same of the name an
// object is given in its function: every value stored into its
// metadata's Name (a literal, an assignment through any pointer into it,
// SetName) or into the key it is read with.
//
// # Cost
//
// SSA is built only for packages that can name a Kubernetes object
// (k8s.Irrelevant) and can make one live (they call a client's read or
// write, CreateOrUpdate, or a helper with a Summary, or hold a function
// literal shaped like an update callback); other packages are built only
// if a question is asked about them (Where, a Taint), and then without
// the bodies of their generated files, which no analyzer asks about. The
// SSA form has debug references, its
// imports hold only the members the package names (createImport), and
// it is dropped with the pass. A package that declares a function taking
// two maps is built for its MapMerges, whether it names an object or
// not. The standard library and the Kubernetes libraries are never built.
package flow

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/directive"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/k8s"
)

// Analyzer computes the origins of a package's objects and exports the
// Summary of its functions.
var Analyzer = directive.Guard(&analysis.Analyzer{
	Name:       "reconcilelintflow",
	Doc:        "follow Kubernetes objects through a package's SSA form: which are live (read from the API server)",
	Run:        run,
	ResultType: reflect.TypeFor[*Result](),
	FactTypes:  []analysis.Fact{new(Summary), new(MapMerge)},
})

// Reason says why a value is live.
type Reason int

const (
	NotLive        Reason = iota
	ReadByGet             // target of client.Reader.Get, or an item of a listed list
	ClientsetGet          // result of a typed clientset Get
	MutateFunction        // object of controllerutil.CreateOrUpdate/CreateOrPatch
	WrittenBack           // passed to Update or Patch
	LiveArgument          // parameter receiving live objects from callers
	Derived               // copied or taken from a live value
	Callback              // object parameter of an update callback
)

func (r Reason) String() string {
	switch r {
	case ReadByGet:
		return "read with Get or List"
	case ClientsetGet:
		return "read with a clientset Get"
	case MutateFunction:
		return "the object of a CreateOrUpdate mutate function"
	case WrittenBack:
		return "written back with Update or Patch"
	case LiveArgument:
		return "passed live objects by its callers"
	case Derived:
		return "derived from a live object"
	case Callback:
		return "the object of an update callback"
	}
	return "not live"
}

// IsRead reports whether why says the object was read from the server
// (Get, List, a clientset Get, a mutate function's object), as opposed to
// only written back or passed in.
func IsRead(why Reason) bool {
	return why == ReadByGet || why == ClientsetGet || why == MutateFunction
}

// Result holds the origins of a package's objects.
type Result struct {
	// Pkg is the package's SSA form, or nil when it names no Kubernetes
	// object and was not built.
	Pkg   *ssa.Package
	live  map[ssa.Value]Reason
	vars  map[*types.Var]Reason
	refs  map[*types.Var][]*ssa.DebugRef
	info  *types.Info
	funcs []*ssa.Function
	graph *calls

	lazy       func() // builds Pkg, funcs and graph when run did not
	lazyOnce   sync.Once
	indexOnce  sync.Once // the rest is built on the first question of Where
	refsOnce   sync.Once // exprs, defs, lits and callExprs: a Taint needs no more
	exprs      map[ast.Expr][]*ssa.DebugRef
	nrefs      int                             // the debug references of the package's functions
	defs       map[*types.Var]*ssa.DebugRef    // the reference declaring each local with its value
	lits       map[token.Pos]*ast.CompositeLit // the composite literals, by their brace (their object's position)
	values     map[*types.Var][]ssa.Value
	cells      map[ssa.Value][]*types.Var // the variables whose address a value is
	cellsOf    map[*types.Var][]ssa.Value // and back
	callExprs  map[ssa.Value]*ast.CallExpr
	points     map[token.Pos]*ssa.DebugRef
	lparenOnce sync.Once                     // lparens, on the first question of Reaches
	lparens    map[token.Pos]ssa.Instruction // the calls, by the position of their parenthesis, and literals' makings by their brace
	carryOnce  sync.Once                     // varOf, on the first question of Carries
	varOf      map[ssa.Value][]types.Object
	constOnce  sync.Once
	constUses  map[*ssa.Const][]ssa.Instruction

	// summaryOf holds the calls of other packages' functions with a
	// Summary, as solving met them: written by run only, then read by
	// any analyzer. asked memoises summariesAt's answers for every other
	// call, under sumMu; what it holds depends on which questions came
	// first, so no answer but summariesAt's may read it.
	summaryOf map[*ssa.CallCommon][]*Summary
	factsOf   func(*ssa.CallCommon, *types.Func) []*Summary
	sumMu     sync.Mutex
	asked     map[*ssa.CallCommon][]*Summary

	mu         sync.Mutex // the decisions' memos, asked by several analyzers
	writesMemo map[*ssa.Function]bool
	sitesMemo  map[*ssa.Function][]ssa.Instruction // writeSites' answers
	through    map[throughKey]bool                 // writesThrough's answers
	gatesMemo  map[*ssa.Function][]Gate

	kindOnce sync.Once
	mapKinds *mapKinds

	merges      map[*types.Func]*MapMerge // this package's, and others' once asked (nil: none)
	importMerge func(*types.Func) *MapMerge
	// importSummary returns the Summary fact of a function of another
	// package, or nil.
	importSummary func(*types.Func) *Summary

	// writers holds, for the functions a call may run (of the package,
	// or of others through their Summary), the parameters they write
	// back or read into.
	writers map[*types.Func][]int

	// evAt holds the calls that are evidence for an object, by the value
	// handed to them (evKey), and back the reason each value was followed
	// back with (reads.go).
	evAt map[ssa.Value][]evidenceAt
	back map[ssa.Value]Reason

	deletionsOnce sync.Once // deletions, on the first question of PatchDeletions
	deletions     map[string][]token.Pos
}

// Value returns why v is live, or NotLive.
func (r *Result) Value(v ssa.Value) Reason { return r.live[v] }

// Var returns why the variable v (a local or a parameter) holds a live
// object at some point of its function, or NotLive. A variable is live
// when one of the values it takes is: a variable reassigned between a
// desired and a live object counts as live.
func (r *Result) Var(v *types.Var) Reason { return r.vars[v] }

func run(pass *analysis.Pass) (any, error) {
	r := &Result{info: pass.TypesInfo, live: map[ssa.Value]Reason{}, vars: map[*types.Var]Reason{}, refs: map[*types.Var][]*ssa.DebugRef{}, writers: map[*types.Func][]int{}, summaryOf: map[*ssa.CallCommon][]*Summary{},
		writesMemo: map[*ssa.Function]bool{}, sitesMemo: map[*ssa.Function][]ssa.Instruction{}, gatesMemo: map[*ssa.Function][]Gate{}, merges: map[*types.Func]*MapMerge{}}
	r.importMerge = func(fn *types.Func) *MapMerge {
		m := new(MapMerge)
		if fn.Pkg() != pass.Pkg && pass.ImportObjectFact(fn, m) {
			return m
		}
		return nil
	}
	r.importSummary = func(fn *types.Func) *Summary {
		sum := new(Summary)
		if fn.Pkg() != pass.Pkg && pass.ImportObjectFact(fn, sum) {
			return sum
		}
		return nil
	}
	// Map merges are summarised wherever a function takes two maps, but in
	// the standard library (maps.Copy is known by name) and the Kubernetes
	// libraries (labels.Merge likewise).
	merges := !k8s.IsStdlib(pass.Pkg) && !k8s.IsKubernetesLibrary(pass) && hasMergeCandidates(pass.TypesInfo)
	s := &solver{pass: pass, r: r}
	if k8s.Irrelevant(pass) {
		// Fast path: no Kubernetes object can be named here. The SSA form
		// is built for the map merges, or when a question is asked (a
		// Taint).
		if merges {
			s.prepare(false)
			r.summariseMerges(pass, s.funcs)
		} else {
			r.lazy = func() { s.prepare(true) }
		}
		return r, nil
	}
	r.factsOf = s.summaries
	if !s.seeded() && !merges {
		// Nothing here reads or writes an object, nor calls what does:
		// nothing is live and no Summary but Sends could be said. The SSA
		// form is built only if Where is asked (a finding's object).
		r.lazy = func() { s.prepare(true) }
		return r, nil
	}
	s.prepare(false)
	if merges {
		r.summariseMerges(pass, s.funcs)
	}
	if !s.seeded() {
		return r, nil
	}
	s.solve()
	s.export()
	r.varsFrom(s.funcs)
	return r, nil
}

// ready prepares r for a question about an expression: it builds the
// SSA form if run did not, and the index from syntax to values. It
// reports false when the package has no SSA form.
func (r *Result) ready() bool {
	if !r.readyRefs() {
		return false
	}
	r.indexOnce.Do(r.index)
	return true
}

// readyRefs is ready for a Taint: the SSA form and indexRefs only.
func (r *Result) readyRefs() bool {
	r.ensure()
	if r.Pkg == nil {
		return false
	}
	r.refsOnce.Do(r.indexRefs)
	return true
}

// ensure builds the SSA form of a package that run did not need to.
func (r *Result) ensure() {
	r.lazyOnce.Do(func() {
		if r.lazy != nil {
			r.lazy()
		}
	})
}
