package builders

// Compared parameters: a reconcile helper handed the desired object that
// reads the live one itself (or is handed it too) and compares them
// strictly before a write it decides:
//
//	func ensureDeployment(ctx context.Context, c client.Client, desired *appsv1.Deployment) error {
//		live := &appsv1.Deployment{}
//		if err := c.Get(ctx, client.ObjectKeyFromObject(desired), live); err != nil { ... }
//		if !reflect.DeepEqual(live.Spec, desired.Spec) {
//			live.Spec = desired.Spec
//			return c.Update(ctx, live)
//		}
//
// What the desired object sets is known only where the helper is called,
// in this package or another. Such a comparison is a Mutation marked
// Decided, whose Live is ReadsLive when the function reads the live
// object itself and the live parameter otherwise, summarised with the
// mutators' and exported with them; a function that hands its own parameter to
// such a helper compares it too (ensureAll(desired) calling
// ensureDeployment(desired)), to a fixed point over the package's calls.

import (
	"go/ast"
	"go/types"
	"slices"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/k8s"
)

// ReadsLive is the Live index of a Mutation whose live side the function
// reads itself.
const ReadsLive = -1

// comparedParams returns fd's strict comparisons of a part of a parameter
// holding an API object with a live object (read here, or a parameter
// whose callers hand one), that decide a write, and those of the helpers
// it hands such a parameter to.
func (c *Result) comparedParams(fd *ast.FuncDecl) []Mutation {
	fn := c.graph.Func(fd)
	if fn == nil || fd.Body == nil {
		return nil
	}
	sig := fn.Type().(*types.Signature)
	roots := map[*types.Var]readRoot{}
	for i := range sig.Params().Len() {
		if p := sig.Params().At(i); holdsStruct(p.Type()) && IsAPI(p.Type()) {
			roots[p] = readRoot{param: i}
		}
	}
	if len(roots) == 0 {
		return nil
	}
	var out []Mutation
	add := func(m Mutation) {
		if !slices.Contains(out, m) {
			out = append(out, m)
		}
	}
	for _, cm := range c.Comparisons(fd) {
		if cm.BothLive {
			continue
		}
		d, ok := c.readOf(cm.Desired, roots)
		if !ok {
			continue
		}
		live := ReadsLive
		if l, ok := c.readOf(cm.Live, roots); ok {
			if l.param == d.param {
				continue // a copy of the live object in the desired one's place
			}
			live = l.param // whether it is live is the callers' to say
		} else if cm.Written {
			continue // a live side only known to be written
		}
		if !c.Flow.Decides(cm.Cmp) {
			continue // a mutator's comparison, or one that decides no write
		}
		add(Mutation{Desired: d.param, Live: live, Path: d.path, At: c.at(cm.Cmp.Pos()), Semantic: cm.Semantic, Decided: true})
	}
	// A parameter handed on to a helper that compares it.
	info := c.pass.TypesInfo
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		callee := k8s.Callee(info, call)
		if callee == nil || callee == fn {
			return true
		}
		f := c.summary(callee)
		if f == nil {
			return true
		}
		for _, m := range f.Mutates {
			if m.Desired >= len(call.Args) || m.Live >= len(call.Args) {
				continue
			}
			d, ok := c.readOf(call.Args[m.Desired], roots)
			if !ok {
				continue
			}
			live := ReadsLive
			if m.Live != ReadsLive && !c.IsLive(call.Args[m.Live]) {
				l, ok := c.readOf(call.Args[m.Live], roots)
				if !ok || l.param == d.param {
					continue // handed something else than the live object
				}
				live = l.param // the live object is this function's callers' to hand
			}
			if !m.Decided && !c.Flow.Decides(call) {
				continue // a mutator whose answer decides no write here
			}
			add(Mutation{Desired: d.param, Live: live, Path: Join(d.path, m.Path), At: m.At, Semantic: m.Semantic, Decided: true})
		}
		return true
	})
	return out
}

// addCompared adds m to fn's mutations and reports whether they grew:
// a mutator's own comparison (the same one, copied into the live object)
// that also decides a write is marked Decided.
func (c *Result) addCompared(fn *types.Func, m Mutation) bool {
	s := c.summaries[fn]
	if s == nil {
		s = &Fact{}
		c.summaries[fn] = s
	}
	for i, have := range s.Mutates {
		if have.At == m.At && have.Desired == m.Desired && have.Path == m.Path {
			if have.Decided {
				return false
			}
			s.Mutates[i].Decided = true
			return true
		}
	}
	s.Mutates = append(s.Mutates, m)
	return true
}
