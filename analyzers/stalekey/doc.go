// Package stalekey defines an Analyzer that reports merges of desired
// annotations or labels into a live object that never delete an
// operator-owned key.
//
// # Analyzer stalekey
//
// stalekey: report annotation and label merges into live objects that strand operator-owned keys.
//
// A preserving merge copies every key of the live object's annotations (or
// labels) and overlays the desired ones. That keeps keys written by other
// actors, as it should, but it also keeps a key the operator itself wrote
// earlier and has stopped writing: once the desired state omits it, the
// key stays on the object for ever. Combined with a drift check that asks
// whether the key is present, every reconcile then sees drift and writes a
// no-op update: a hot loop that can saturate etcd.
//
// WRONG:
//
//	annotations := map[string]string{}
//	if spec.PodTemplate != nil {
//		annotations[podTemplateHashKey] = hash // written only sometimes
//	}
//	...
//	live.Annotations = MergeAnnotations(desired.Annotations, live.Annotations)
//	return r.Update(ctx, live)
//
// RIGHT:
//
//	merged := MergeAnnotations(desired.Annotations, live.Annotations)
//	if _, want := desired.Annotations[podTemplateHashKey]; !want {
//		delete(merged, podTemplateHashKey)
//	}
//	live.Annotations = merged
//
// A merge is preserving when it is an overlay loop (for k, v := range
// desired { live[k] = v }), maps.Copy, labels.Merge, or a function of any
// package that returns a map holding all entries of two of its map
// parameters or copies one into another (summarised by the flow engine
// on the SSA form, through the helpers it calls, and exported as facts;
// a copy loop may do more than copy, but a condition other than the
// destination's presence check makes it a filter). It is
// reported when its destination, or the field its result is assigned to,
// is the Annotations or Labels of a live object or of a live object's pod
// template (live as defined by the live-object engine: read with Get or
// List, the object of a CreateOrUpdate mutate function, written back with
// Update or Patch, ...), or a local map the function then gives to a live
// object's labels or annotations (`merged := live.GetLabels(); for k, v
// := range want.GetLabels() { merged[k] = v }; live.SetLabels(merged)`).
// A local map made in the function (`make`, a literal) into which nothing
// of a live object is copied replaces the object's map when it is given
// to it, so a key no longer desired goes with it: not reported
// (flow.Result.FreshMap).
//
// A key is operator-owned when the code writes it (as a constant) into
// desired annotations or labels only on some paths, as the flow engine's
// control-flow graph gives them (Always): a path of the merging function
// that reaches the merge, of a builder that reaches a return that gives
// no error, or of a reconciler that reaches the write of an object, and
// avoids every write of the key. Such a path runs through an if, a
// switch case or a loop without the key, or returns before it (`if
// !cr.Spec.Metrics { return anns }`). A key written on both branches is
// written always, and so is one written after a branch that handles an
// error and returns (`if apierrors.IsNotFound(err) { return nil }`).
// Keys held in a literal returned by a helper, or written by a helper
// handed the object, are written only on some paths when the helper is
// called only on some (`if metrics { maps.Copy(ann,
// metricsAnnotations()) }`, one case of a switch): in the merging
// function, on the paths to the merge. A map is an annotations or labels map by where it
// goes (assigned to the field, passed to SetAnnotations, returned by a
// package function whose result goes there), never by its name. The desired map is traced to where it is built:
// a local map or object in the merging function (with what the package's
// functions it is handed to write into it: `setParent(want, cr)`, the
// flow engine's HandedTo), or the package function
// whose result it is (through phis, clones, unions and the elements of a
// list it returns: the flow engine's Builders) or that the merge calls
// for it directly (and the functions
// that one calls). Only when it
// cannot be traced are all conditionally written keys of that kind
// (annotations or labels) in the package used. A package-level map is not
// traced: merged whole, with constant keys only, it is still reported for
// the package's conditionally written keys (a known false positive, seen
// on a fixed set of Deployment labels). Keys that match the
// owned-prefixes setting are owned wherever they are written.
//
// Keys that are not constants are reported too when they come from a
// custom resource's own maps (a map[string]string field of a kind's spec
// outside k8s.io, such as user-supplied pod annotations or extra labels)
// and reach the desired map: assigned, merged, copied, given as a
// literal's field, or returned by a builder whose result goes there (the
// flow engine's ResultKind), in the merging function or its builders. A
// builder of another package counts too: its fact (strand.FlowsFact)
// lists the custom resource maps that reach the annotations or labels of
// what it builds, in its body, the functions of its package it calls
// (three deep) and the builders of other packages they call; the message
// then names where each map flows in. Those keys are
// the user's; one the user removes from the custom resource stays on the
// live object for ever, since only a merge that remembers what it applied
// before (a three-way merge) or server-side apply can delete it. Silent
// when the merging function, or a helper it calls, deletes keys that are
// not constants (a three-way merge). The inverse form, the live map merged
// into the desired object's before Update(desired), is the same merge.
//
// A delete of the key (by its constant) in the merging function, in a
// package function it calls, or inside the merge helper silences it. So
// does a write that carries the live object's own value over under the
// same key (`if zone, ok := live.Spec.Template.Labels[zoneKey]; ok {
// kept[zoneKey] = zone }`): it happens only while the live object has
// the key, and cannot outlive it there. The value written is followed on
// the SSA form (flow.CarriesEntry): through variables assigned with `=`
// and a value adjusted on one path, but not past a reassignment that
// replaces it with the operator's own.
// Merges into desired objects, into new objects that are then created, and
// merges whose desired map always holds its keys are not reported.
//
// Fix: when the merge is `merged := Merge(desired, live...)` with desired
// and merged plain identifiers, the prune after the merge is offered.
//
// A map is an annotations or labels map by where the flow engine sees it
// go (flow.Result.VarKind): stored into the field, given to a setter,
// copied or merged into such a map (a copy loop included), or returned
// to callers that do so, through phis and the package's functions.
//
// Bounds: a map's kind (annotations or labels) is followed through 8
// rounds over the package's functions; merge helpers wrapping
// merge helpers are summarised 8 calls deep in one package (facts cross
// packages); the desired map's builders and the deletes that excuse a key
// are searched 3 calls deep; the live-object engine follows liveness through 16 rounds of derivations and calls.
//
// Limits: a key written through a variable rather than a constant is not
// tracked; the constant keys a builder of another package writes on some
// paths are not known there (only the custom resource maps it copies
// cross, as facts): such a desired map falls back to the package-wide
// keys; a map reassigned between a desired and a live object
// follows the live-object engine's per-variable rule. Generated files are
// not reported. _test.go files are not analysed, by this analyzer or any other of the
// suite: a test is not a reconcile, so it is not reported, and what it
// hands the package's functions does not count (a helper that only a test
// passes a live object does not see a live object).
//
// Settings:
//
//	owned-prefixes   comma-separated (flag) or list (golangci-lint) of key
//	                 prefixes, such as "example.com/", whose keys count as
//	                 operator-owned wherever they are written. Default: none.
//	                 One list shared with presencedrift (the same engine
//	                 finds the stranded keys for both): in the suite give it
//	                 under either analyzer; with golangci-lint's per-linter
//	                 plugins give the same list under both.
package stalekey
