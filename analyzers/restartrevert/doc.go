// Package restartrevert defines an Analyzer that reports operators undoing
// `kubectl rollout restart` on the workloads they manage.
//
// # Analyzer restartrevert
//
// restartrevert: report live pod templates replaced or compared so that kubectl rollout restart is undone.
//
// `kubectl rollout restart` bounces a Deployment, StatefulSet or DaemonSet
// by writing the annotation kubectl.kubernetes.io/restartedAt into its pod
// template. An operator that rebuilds the live template from its desired
// state drops that annotation on its next reconcile, and one that compares
// the template's annotations strictly sees the restart as drift and
// "repairs" it, within a second. The documented bounce does nothing, and
// removing the annotation mid-rollout reads as a rollback to the previous
// ReplicaSet.
//
// WRONG:
//
//	func (r *Reconciler) sync(ctx context.Context, live *appsv1.Deployment, desired *appsv1.Deployment) error {
//		if !maps.Equal(live.Spec.Template.Annotations, desired.Spec.Template.Annotations) { // a restart is drift
//			live.Spec.Template = desired.Spec.Template // and is undone here
//			return r.Update(ctx, live)
//		}
//		return nil
//	}
//
// RIGHT:
//
//	func (r *Reconciler) sync(ctx context.Context, live *appsv1.Deployment, desired *appsv1.Deployment) error {
//		if !isSubset(desired.Spec.Template.Annotations, live.Spec.Template.Annotations) {
//			if v, ok := live.Spec.Template.Annotations["kubectl.kubernetes.io/restartedAt"]; ok {
//				if desired.Spec.Template.Annotations == nil {
//					desired.Spec.Template.Annotations = map[string]string{}
//				}
//				desired.Spec.Template.Annotations["kubectl.kubernetes.io/restartedAt"] = v
//			}
//			live.Spec.Template = desired.Spec.Template
//			return r.Update(ctx, live)
//		}
//		return nil
//	}
//
// Reported, on a live apps/v1 Deployment, StatefulSet or DaemonSet (read
// with Get or List, the object of a CreateOrUpdate or CreateOrPatch mutate
// function, written back with Update or a merge Patch, or a template taken
// from one, `tmpl := &dep.Spec.Template`):
//   - an assignment that replaces `.Spec`, `.Spec.Template`,
//     `.Spec.Template.ObjectMeta` or `.Spec.Template.Annotations` wholesale
//     (a generated `src.DeepCopyInto(&dep.Spec)` is one),
//     unless the function reads the restartedAt annotation (a constant key
//     `m["kubectl.kubernetes.io/restartedAt"]`, or keys tested with
//     `strings.HasPrefix(k, "kubectl.kubernetes.io/")`) before the
//     assignment, on a path that leads to it (a read in a branch the
//     assignment is not on carries nothing over), itself or through a
//     helper it calls; helpers in other
//     packages are known through facts, so a
//     `PreserveKubectlRestartedAt(desired, live)` in a shared package counts;
//   - the inverse form: a desired workload, built apart from the live one,
//     sent with Update after only metadata was copied from a workload of
//     its kind that holds the server's copy (read in the same function,
//     returned by a helper that reads it, a copy of one, or a local
//     written back itself) (`desired.ResourceVersion =
//     live.ResourceVersion`, SetResourceVersion, a helper given both
//     ObjectMetas, or a helper of the package given both objects that
//     sets one's resourceVersion from the other's, which the flow engine
//     reads off its body: `keepServerFields(next, running client.Object)`
//     calling SetResourceVersion(GetResourceVersion())): everything not
//     copied is replaced. A helper of any package that makes that copy
//     and sends the object with Update itself, on every path that does
//     not fail (`UpdateFromObject(ctx, c, desired, live.ObjectMeta)`; the
//     flow engine's Overwrites, a fact), is the same write; one that
//     decides by itself whether to send (a three-way patch found empty) is
//     not, and is left alone. The desired object may be handed to that
//     helper, or to a merge patch, straight from the call that builds it
//     (`UpdateFromObject(ctx, c, build(cr), live.ObjectMeta)`): a call
//     given nothing it could return (no argument of the object's type)
//     of a function that returns no live object (the flow engine's
//     Built); a builder given the live object may carry its template
//     annotations over, and is left alone. The usual shape is
//     an UpdateStatefulSet(ctx, c, desired) helper doing the Get, the copy
//     and the Update; it is reported there, in whatever package it lives.
//     Silent when the function carries restartedAt over or assigns into
//     the desired template a value read from the live one. A spec or
//     template replaced in the desired object before such a write is not
//     reported again: the write's finding covers it;
//   - the same desired workload sent with a merge patch taken against a
//     copy of the live one (`Patch(ctx, desired,
//     client.MergeFrom(live.DeepCopy()))`, MergeFromWithOptions,
//     StrategicMergeFrom, inline or through a local): the patch is the
//     difference, so every template annotation the desired one lacks is
//     deleted. Silent as above, or when restartedAt is deleted from the
//     base first (the difference then leaves it alone);
//   - the same assignment between two workloads of one kind,
//     `dst.Spec.Template = src.Spec.Template`, whether or not dst is known
//     to be live: that is a desired-into-live merge helper. Not when the
//     flow engine sees dst only compared (a copy given the other's
//     template to ask whether anything else differs): nothing is written;
//   - a drift check with `maps.Equal`, `reflect.DeepEqual` or
//     `equality.Semantic.DeepEqual` over a live template's annotations or
//     metadata, or over two workloads' template annotations (whichever is
//     live). Silent when, before the comparison, restartedAt was carried
//     over or one template took the other's annotations in (a helper
//     handed both, `keepSystemKeys(desired...Annotations,
//     live...Annotations)`, or an assignment reading them): the restart is
//     then on both sides. A helper of the package that compares its two
//     workload parameters is silent when every call of it in the package
//     comes after such a carry-over between the two arguments (an exported
//     helper may have other callers: it is reported);
//   - a loop over a live template's annotations that compares each value
//     with the desired map's (`for k, v := range live...Annotations { if
//     desired[k] != v`): every live key must be desired.
//
// Not reported: objects being built and then created, including a
// template set only on the branch where the workload has not been created
// yet (`if dep.CreationTimestamp.IsZero()` or `if dep.ResourceVersion ==
// ""`; the flow engine's BeforeCreation); templates of objects
// that are not live; server-side apply (an apply configuration, or
// `Patch(ctx, obj, client.Apply)`): the restartedAt annotation is owned by
// the `kubectl-rollout` field manager, and apply only takes over the fields
// the applied object contains, so the annotation survives. With
// `client.ForceOwnership` (Force: true) this is the same: forcing resolves
// conflicts on the fields the operator sends, and an operator that does not
// send the annotation never conflicts on it; an operator that does send
// that key takes it over, which this analyzer does not look for. Also not
// reported: a replacement whose new value is built from the live one (a
// merge), one that fills a nil map, and subset checks (every desired key
// present with its value), which are correct. A carry-over is also seen by
// data flow, whatever the keys are called: the new value's template took
// the live template's annotations in first. The flow engine answers this
// (flow.Result.CarriesFrom): the new value is built from, or had stored
// into its parts before, a read through the live template (directly or
// through locals aliasing either template, entry by entry in a loop), or
// was handed with such a read to a helper called for its effect that
// may write into it, to a
// method of the struct that holds it (`b.keepAnnotationsOf(&live.Spec.Template)`
// before `dep.Spec.Template = b.tmpl`) or to a closure that captured it;
// the live object's own labels or annotations are not its template's.
// The template of another object of the same kind read from the server
// (a Get, a List's item, a helper's result, or a DeepCopy of one) counts
// as the live one: a desired object given the running one's template
// metadata (`want.Spec.Template.ObjectMeta =
// running.DeepCopy().Spec.Template.ObjectMeta`) and then sent with
// Update after a fresh Get carries restartedAt.
// `tmpl.Annotations = kv.Union(tmpl.Annotations, kv.Filter(live,
// isSystemKey))` with a generic map library counts; a filter whose
// predicate only selects other constant keys or prefixes
// (`kv.Filter(live, isOwnKey)`, one return of `==` or strings.HasPrefix
// tests) carries nothing over, and any other predicate, a rejecting one
// included, is taken to keep the key. Silent too when the live template's
// annotations, read before the replacement, are put back on a path after
// it (the
// flow engine follows the saved value through locals, phis, the fields
// of a local struct, helpers and accessors of the package that read the
// template of the workload they are handed; a read of the template after the
// replacement reads the new one and restores nothing), or restartedAt
// itself is written into the new template on a path after it (an index
// assignment or metav1.SetMetaDataAnnotation, into the replaced
// location, into a local holding its annotations or a pointer into it,
// or into the value assigned, whose maps the live object now shares: an
// operator that keeps the last restart on its own resource; the flow
// engine's StoresKey; a write in another function is not seen, and one
// on a path that returned before is no carry-over). Nor a replacement that runs
// only when the operator's own hash annotation on the live object differs
// from a computed value (`if live.Annotations[hashKey] != hash(desired)`,
// or after `if ... == hash { return }` earlier in an enclosing block or
// switch case; either side may be read into a local first, and the hash
// may be read from the object the live copy was made from, `dep :=
// current.DeepCopy()`): the desired template differs there, so the
// rollout happens anyway and no restart is undone. The hash may be a label
// as well as an annotation, read through a getter of the live object's
// labels (`getHash(live.Labels)`) or compared in a one-line helper of the
// package (`sameHash(live, desired)`), or in a helper of any package whose
// result says whether an entry of a map it is given, by a constant key,
// equals (or differs from) a value it is given, directly, through a
// comma-ok lookup or through another such helper
// (`comparison.IsSameSpecMD5Hash(hash, live.Annotations)`; summarised as
// a fact), called with the live object's own annotations or labels and a
// value that is not a constant. The hash may be read from the live object
// a desired one is written over (the inverse form) as well, through a
// getter (`current.GetAnnotations()`), and the early return may test a
// local that holds the guard (`if !needUpdate { return }`). A hash
// comparison joined with || to a comparison of the live object's own
// labels or annotations, or of its template's labels (a restart writes
// the template's annotations only), or of a value a call computes from
// one (`hashOf(live.Spec.Template.Labels)`), with desired ones
// (`hashDiffers || !isSubset(desired.Labels, live.Labels)`) is taken as a
// guard: a restart is then undone only in the reconcile
// where the object's own labels or annotations drifted as well, once, and
// not on every restart (a known false negative for that one reconcile,
// accepted so that a framework updating on hash or metadata drift is not
// reported). A comparison with a constant (`!= "true"`) is a flag,
// not a hash; a hash comparison joined with || to anything else, or to
// the template's own annotations, guards nothing. The guard may live in
// a sibling callback: a framework of the module that takes a struct of
// function values and calls the update callback only when a
// `NeedsUpdate` callback answers true (the flow engine's gates, read
// from the framework's Summary in any package) guards the replacement in
// the update callback with what `NeedsUpdate` returns.
//
// _test.go files are not analysed, by this analyzer or any other of the
// suite: a test is not a reconcile, so it is not reported, and what it
// hands the package's functions does not count (a helper that only a test
// passes a live object does not see a live object). A test's exact
// comparison is an assertion about the result, not a drift check.
//
// Which objects are live is the flow engine's answer, on the package's SSA
// form: a workload is followed through type switches and assertions,
// closures (a mutate function made per kind by a factory, or a list of
// mutators made by factory methods that a generic create-or-update of
// another package calls with the server's copy), generic
// helpers, interface methods implemented in the package (an executor's
// QueueUpdate whose implementation updates counts as an Update), function
// values, and helpers of other packages that read into, return or write
// back an object (through facts). On the path after a Get that found
// nothing, an object that is then only created is not live there.
//
// Bounds: a carry-over helper is recognised through 8 rounds of helpers
// calling helpers in one package (facts cross packages).
//
// Liveness that comes from a caller does not cross packages (facts go
// from a package to its importers), so a function that replaces the
// template of what it is given, with nothing silencing it there (a
// mutate-function factory whose returned closure does it, a helper, or
// a function handing its parameter to such a helper, any number of calls
// down), is summarised (the flow engine's hand-offs, exported as a
// fact), and a caller that hands it a live
// object is reported at the call
// (`controllerutil.CreateOrUpdate(ctx, c, dep, mutate.Spec(dep, spec))`,
// naming the chain of calls and the line of the replacement). A call of
// an interface method is answered by the implementations the module
// declares in the caller's package and the packages of the module it
// imports (`r.strategy.Apply(dep)`).
//
// Limits: a helper that replaces the template and creates or encodes the
// object itself is not summarised so: it builds the object. At a call of
// such a helper, a carry-over read before the call, restartedAt written
// into the template after it, the template's annotations saved before it
// and put back after it, or a hash guard around it silence the finding,
// as they do for an assignment. A carry-over is recognised by the read of the key, not by where
// the value goes; a carry-over in a helper called after the assignment, or
// a key held in a variable that is not a constant, is not seen (the report
// then stands). A hash guard may also gate the write rather than the
// replacement: a replacement whose object is written only under one (every
// write the flow engine finds is guarded so, in this function or a helper
// of the package: `if onServer.Annotations[hashKey] != hash { return
// c.Update(ctx, obj) }`) or only through a helper of any package that
// writes what it is given only so (`util.Apply(ctx, c, obj, onServer)`
// comparing a "last-config-hash" it keeps; summarised as a fact) is not
// reported. A helper that writes on another path as well gates nothing.
// Server-side apply is recognised as
// `Patch(ctx, obj, client.Apply)` (an apply configuration too) or an
// apply patch built by hand (`client.RawPatch(client.Apply.Type(),
// data)`), through patch helpers too (Crunchy PGO and the operators built
// on it send every object so): an object built by the operator and
// applied is not live, nor is one looked up only on a branch that returns
// first, and a live workload rebuilt in place is not reported when every
// write of it is an apply (flow.Dest.OnlyApplied). No fix is offered: where the live template is at hand
// differs too much between operators for a small edit to be sure.
// Generated files are not reported.
//
// restartrevert is one case of a wider bug class: the operator writes what
// another controller also writes (here kubectl's restartedAt). fieldfight
// covers the other owners (an autoscaler's replicas, an injected caBundle,
// a bound claim's volumeName); admissionclobber covers the Pod fields
// admission mutates. Each keeps its own rules; none reports another's.
//
// Settings: none.
package restartrevert
