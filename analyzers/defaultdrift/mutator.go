package defaultdrift

// Mutators: the drift checks of controller frameworks that hand a desired
// object and a list of mutator functions to one helper, which reads the
// live object and calls each mutator with both (3scale's
// DeploymentMutator(...DMutateFn), and its copies in other operators).
// A mutator compares a part of the existing object with the same part of
// the desired one and, when they differ, copies the desired part in:
//
//	func ProbesMutator(desired, existing *appsv1.Deployment) (bool, error) {
//		for i, d := range desired.Spec.Template.Spec.Containers {
//			e := &existing.Spec.Template.Spec.Containers[i]
//			if !reflect.DeepEqual(e.LivenessProbe, d.LivenessProbe) {
//				e.LivenessProbe = d.LivenessProbe
//				...
//
// Both sides are parameters, so what the desired side sets is known only
// where the operator calls the framework: reconcile(builder(),
// framework.Mutator(ProbesMutator, ...)). A mutator's strict comparisons
// are summarised (and exported as facts); at a call that is handed a
// desired object built by a known builder and mutator functions (directly,
// through calls, or in a local list), each comparison is checked against
// what the builder sets.

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/builders"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/flow"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/k8s"
)

// mutatorCalls reports the calls in fd that hand a desired object built by
// a known builder, together with mutators whose strict comparisons reach
// server-defaulted fields that the builder leaves unset.
func (c *checker) mutatorCalls(fd *ast.FuncDecl) []analysis.Diagnostic {
	var out []analysis.Diagnostic
	for _, mc := range c.b.MutatorCalls(fd) {
		if d, ok := c.checkMutators(mc, false); ok {
			out = append(out, d)
		}
	}
	// A helper handed the desired object, which reads the live one and
	// compares them before its write.
	for _, mc := range c.b.DirectMutatorCalls(fd) {
		mc.Calls = slices.DeleteFunc(mc.Calls, func(x builders.MutatorCall) bool { return !x.M.Decided })
		if len(mc.Calls) == 0 || mc.Got == nil || mc.Got.Sets("") {
			continue
		}
		if d, ok := c.checkMutators(mc, true); ok {
			out = append(out, d)
		}
	}
	return out
}

// checkMutators checks the mutations handed one desired value.
func (c *checker) checkMutators(mc builders.MutatorCalls, helper bool) (analysis.Diagnostic, bool) {
	var none analysis.Diagnostic
	type hit struct {
		fn    *types.Func
		m     builders.Mutation
		unset []unsetDefault
	}
	var hits []hit
	got, where := mc.Got, mc.Where
	call := mc.Calls[0].Call
	kind := ""
	if n := k8s.Named(mc.Calls[0].Type); n != nil {
		kind = n.Obj().Name()
	}
	for _, x := range mc.Calls {
		m := x.M
		part := builders.TypeAt(x.Type, m.Path)
		sub := got.Sub(m.Path)
		if part == nil || sub.Sets("") || builders.Nilable(part) && len(sub.Set) == 0 {
			continue // not known, or left nil: the server fills nothing in
		}
		if unset := c.unsetDefaults(part, kind, sub); len(unset) > 0 {
			hits = append(hits, hit{x.Fn, m, unset})
		}
	}
	if len(hits) == 0 {
		return none, false
	}
	h := hits[0]
	var names []string
	for i, u := range h.unset {
		if i == 3 {
			names = append(names, "...")
			break
		}
		names = append(names, builders.Join(h.m.Path, u.path))
	}
	noun := "fields"
	if len(h.unset) == 1 {
		noun = "field"
	}
	more := ""
	if len(hits) > 1 {
		more = fmt.Sprintf(" (and %d more strict comparisons in its mutators)", len(hits)-1)
	}
	msg := fmt.Sprintf("desired %s handed to mutator %s, which compares it strictly with the live one (%s), leaves %d server-defaulted %s unset (%s): never equal, so the %s is updated on every reconcile%s",
		kind, h.fn.Name(), h.m.At, len(h.unset), noun, strings.Join(names, ", "), kind, more)
	if helper {
		more = ""
		if len(hits) > 1 {
			more = fmt.Sprintf(" (and %d more strict comparisons there)", len(hits)-1)
		}
		part := "it"
		if h.m.Path != "" {
			part = "its " + h.m.Path
		}
		how := fmt.Sprintf("which compares %s strictly with the live one", part)
		if h.m.Live == builders.ReadsLive {
			how = fmt.Sprintf("which reads the live one and compares %s strictly with it", part)
		}
		msg = fmt.Sprintf("desired %s handed to %s, %s (%s), leaves %d server-defaulted %s unset (%s): never equal, so the %s is updated on every reconcile%s",
			kind, flow.FuncName(c.pass.Pkg, h.fn), how, h.m.At, len(h.unset), noun, strings.Join(names, ", "), kind, more)
	}
	d := analysis.Diagnostic{Pos: call.Pos(), End: call.End(), Message: msg}
	if where.IsValid() {
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: where, Message: "the desired value is built here; set the defaults, compare only the fields the operator owns, or use server-side apply"})
	}
	return d, true
}
