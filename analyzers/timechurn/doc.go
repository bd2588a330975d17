// Package timechurn defines an Analyzer that reports a fresh timestamp
// written into an object that the controller sends back on every
// reconcile.
//
// # Analyzer timechurn
//
// timechurn: report a fresh timestamp written on every reconcile into an object that is sent back.
//
// A controller that writes metav1.Now() or time.Now() into the object it
// then updates, whether or not anything changed, makes every update a new
// resourceVersion. The watch delivers it, the controller reconciles again,
// writes a new time, and never stops: with many objects it loops once a
// second, the granularity of metav1.Time. The classic form is a status
// condition built with `LastTransitionTime: metav1.Now()` and assigned or
// appended without checking whether its status changed;
// meta.SetStatusCondition exists to keep LastTransitionTime when it did not.
// The same shape is `status.lastUpdated = metav1.Now()`, a "last
// reconciled" annotation stamped each time, and a timestamp put into a pod
// template, which is also a rollout on every reconcile.
//
// WRONG:
//
//	obj.Status.Conditions = []metav1.Condition{{
//		Type:               "Ready",
//		Status:             metav1.ConditionTrue,
//		Reason:             "Reconciled",
//		LastTransitionTime: metav1.Now(), // new on every reconcile
//	}}
//	return r.Status().Update(ctx, obj)
//
// RIGHT:
//
//	meta.SetStatusCondition(&obj.Status.Conditions, metav1.Condition{
//		Type:   "Ready",
//		Status: metav1.ConditionTrue,
//		Reason: "Reconciled",
//	}) // keeps LastTransitionTime while the status is unchanged
//	return r.Status().Update(ctx, obj)
//
// Clocks: time.Now(), metav1.Now(), metav1.NowMicro(), metav1.NewTime and
// NewMicroTime of a clock, a metav1.Time literal holding one
// (`&metav1.Time{Time: time.Now()}`), and values derived from them (Format, UTC,
// Rfc3339Copy, fmt and strconv of one, &now). A value holds a stamp when
// it is a clock, a composite literal with a field given one (a condition
// literal), append of one, a local variable given one, or the result of a
// function that returns one on every return (in this package, or in
// another through facts). The finding is a store of a stamp into a field,
// element or map entry of an object, or a call of a helper that always
// stamps the object it is given (a condition helper of another package
// known through facts, or of a dependency module: a shared condition
// library's `conds.MarkTrue(&obj.Status.Conditions, ...)`, which go vet
// and golangci-lint analyse for facts, and the standalone binary checks
// from source when the module names it; or a method the module
// implements an interface of its own with, called through that
// interface: `r.conditions.Mark(&obj.Status.Conditions)`), where the object reaches Update, Patch, Apply,
// Status().Update/Patch or CreateOrUpdate/CreateOrPatch (followed by the
// flow engine on the package's SSA form: through variables, pointers into
// them and literals made of them, closures, the package's functions and
// interface methods, and helpers of other packages through their
// summaries). With server-side
// apply, a stamp given to a With* method of an apply configuration
// (`WithLastTransitionTime(metav1.Now())`) is followed through the
// builders that take it to an Apply or Status().Apply.
//
// A test of a condition's type alone (`if c.Type == "Ready" {
// conds[i] = fresh }`) finds the slot the new condition takes; it says
// nothing about a change, and a stamp in its branch is reported. An
// append after such a lookup found nothing (`if !found`, or after the
// loop that returns when it finds one, written `if c.Type == want { ...;
// return }` or `if c.Type != want { continue }; ...; return`) adds the
// condition once, and guards.
//
// Not reported: meta.SetStatusCondition with a LastTransitionTime argument
// (it keeps the old time when the status is unchanged); a stamp inside an
// if or switch case whose condition compares values (the status, the
// reason, a hash, the generation), tests a "changed" flag or asks a
// function (`if recentlyBounced(dep)`), or after such an `if ... { return
// }` earlier in the function (`if expiry.After(limit) { return }`), also
// nested in a loop or in another such branch, unless its branch sends the
// object (a finalizer added, a phase initialised, then Update and return:
// a step of its own, after which the next reconcile goes on to the stamp)
// or it is nested in an error's or a deletion's branch, or no path from
// it leads to the stamp (it sits in a branch that ends first, in an
// Update or a return of its own: the path to the stamp never passes it);
// a stamp in a branch that tests a boolean field of an object and clears it (`if
// obj.Spec.RefreshRequested { ...; obj.Spec.RefreshRequested = false }`:
// once per request; a flag left set, `if obj.Spec.Paused`, guards
// nothing); a stamp in an unexported function whose every call in the
// package is itself behind such a test (a restart helper called only when
// a restart request is newer than the last one handled, up to 3 callers
// up); a stamp that an exported function (not a method, which a framework
// may call on every reconcile) writes on every call, when every call of it
// in its own package is guarded: whether it runs on every reconcile is its
// callers' to tell, so it is reported at the calls of other packages that
// no change test guards (`reload.RefreshPods: ... (at reload.go:28); this
// call runs without a change test`), and not at all when no code of the
// module calls it; objects only created (Create) or encoded; timestamps in Events,
// logs, metrics and requeue durations, which are not stored in an object;
// generated files; _test.go files, which no analyzer of the suite
// analyses. A stamped condition whose time is given the previous one on
// some path (`if c.Status == cond.Status { cond.LastTransitionTime =
// c.LastTransitionTime }`) is no stamp. A helper that keeps the old time when the status is unchanged
// (it returns the previous LastTransitionTime on one path) does not return
// a stamp on every path, so its callers are silent.
//
// A suggested fix rewrites `conds = append(conds, metav1.Condition{...})`
// into `meta.SetStatusCondition(&conds, metav1.Condition{...})`, which
// keeps the time while the status is unchanged and sets a condition of the
// same type in place instead of adding a second one. It is not offered for
// a whole list replaced by a literal: SetStatusCondition would keep the
// other conditions, a change of meaning.
//
// Limits, chosen for precision: conditions on errors (err != nil,
// errors.Is, apierrors.IsNotFound) and on a deletion timestamp are not
// change guards, every other condition is, so a stamp inside `if ready
// == total`, or after an early `if !hasFinalizer(obj) { ...; return }`
// that does not send the object, is not reported. Whether the object is sent is decided for the
// function as a whole, not for the path after the stamp. Methods that
// stamp their receiver (obj.MarkReady()) are not summarised. A function
// that stores a condition it is handed, as it is, into another
// parameter's object or its receiver's (`cr.Status.AddCondition(cond)`
// that puts cond in place of the condition of its type, or appends it)
// is summarised as such (the flow engine's hand-offs, with the value's
// parameter), in this package or another through facts: a call handed a
// stamped condition stamps the object, and is reported like a store. Only
// a value stored whole (not its fields one by one), from a parameter of a
// struct type with a metav1.Time field, and outside any guard of the
// function, counts.
//
// Bounds: summaries of one package's functions are iterated to a fixed
// point over their calls for at most 6 rounds; a local variable is found
// stamped through at most 4 assignments in a row; the flow engine follows
// an object through at most 8 functions.
//
// Settings: none.
package timechurn
