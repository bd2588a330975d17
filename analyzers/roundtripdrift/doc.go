// Package roundtripdrift defines an Analyzer that reports strict
// comparisons of a live object with a desired one that the API server's
// round trip keeps unequal.
//
// # Analyzer roundtripdrift
//
// roundtripdrift: report strict drift checks that the API server's round trip keeps unequal.
//
// The API server does not give back every value in the form the operator
// sent it. A strict comparison of the desired value with the live one is
// then never equal, and the operator writes (or deletes and recreates a
// Pod) on every reconcile:
//
//   - a resource.Quantity comes back in canonical form: "1000m" is "1",
//     "1536Mi" is "1.5Gi". reflect.DeepEqual compares a quantity's
//     internal form and its cached string, not its value. A quantity
//     parsed from a constant already in canonical form happens to compare
//     equal (the parser caches the same string the server sends); one
//     from a custom resource, from NewQuantity or from arithmetic does
//     not. The analyzer does not read the values, so it reports both;
//   - an empty, non-nil list or map ([]T{}, make([]T, 0), map[K]V{}, or a
//     variable built from one whose appends may not run) in a field
//     tagged omitempty is left out of the request, and the server
//     returns nil. reflect.DeepEqual does not treat nil and empty as
//     equal;
//   - a Secret's StringData is folded into Data and never returned: a
//     desired Secret built with StringData, compared on Data or whole,
//     differs for ever;
//   - a metav1.Time stamped with the current time keeps its sub-second
//     part in the operator's copy, while the API server keeps whole
//     seconds (RFC 3339); MicroTime keeps microseconds and is not
//     reported. A time stamped on every reconcile is also timechurn's
//     finding (the write); roundtripdrift reports the comparison.
//
// WRONG:
//
//	desired := buildStatefulSet(cr) // Resources from cr.Spec.Resources
//	if !reflect.DeepEqual(live.Spec.Template.Spec.Containers[0].Resources,
//		desired.Spec.Template.Spec.Containers[0].Resources) {
//		return r.Update(ctx, desired)
//	}
//
// RIGHT:
//
//	if !equality.Semantic.DeepEqual(live.Spec.Template.Spec.Containers[0].Resources,
//		desired.Spec.Template.Spec.Containers[0].Resources) {
//		return r.Update(ctx, desired)
//	}
//
// Reported: a strict comparison (reflect.DeepEqual, go-cmp's Equal,
// slices.Equal, maps.Equal, == of structs, a helper of the module that
// returns one of these on its two parameters, a mutator of a
// framework, as defaultdrift reads them, called directly or handed over,
// or a reconcile helper handed the desired object that compares it with
// the live one before its own write)
// of a live value with a desired one, when the comparison decides a write
// or a delete (the flow engine's Decides, into callers, through flags
// combined with || and guards combined with &&), and:
//   - for quantities: the compared type is about quantities (a Quantity,
//     a ResourceList, ResourceRequirements) and the desired object's
//     builder is known and may set them (from a value not known, such as
//     a custom resource's field); or a larger compared type (a container,
//     a pod spec) whose quantity fields the builder sets explicitly. A
//     list or quantity computed by a function of the Kubernetes libraries
//     (resource.MustParse, ParseQuantity, NewQuantity; the quota sums
//     quotav1.Add, Subtract, Max; a pod's summed requests) is one the
//     builder sets, also when a helper of the module returns it
//     (`minReq = quotav1.Add(minReq, podRequests)`, then `return &minReq`).
//     A desired object of which nothing is known (a copy of the live one,
//     a parameter) is not reported;
//   - for empty values: the builders engine saw the desired part given an
//     empty, non-nil list or map, in the function or in a builder of the
//     module (by its summary), that no append or index store fills, and
//     the field is omitempty; only reflect.DeepEqual and go-cmp's Equal
//     count (slices.Equal and maps.Equal compare lengths, so nil equals
//     empty), and not a helper wrapping them (it may treat nil as empty);
//     `len(a) == 0 && len(b) == 0 || reflect.DeepEqual(a, b)` and
//     `len(desired) > 0 && !reflect.DeepEqual(...)` are silent;
//   - for StringData: the desired Secret's builder sets StringData (not
//     with the StringData of a Secret read from the server, which is
//     always empty: a mirror copying a source Secret's fields);
//   - for times: the desired part was given metav1.Now(),
//     metav1.NewTime(time.Now()) or a local holding one (not
//     Rfc3339Copy()), whatever the comparison (equality.Semantic compares
//     times to the nanosecond too).
//
// The live side is the flow engine's live object. It may also be the
// reconciled object handed in by the caller and written back with Update
// or a merge Patch, and the desired side a copy of the live object
// (desired := live.DeepCopy()), when what the desired side's compared
// part was given is seen (a builder's summary, an assignment). Only what
// may run before the comparison counts: a time stamped in a branch that
// returns first (a teardown path) is not compared.
//
// equality.Semantic.DeepEqual (and Quantity.Cmp or Equal) compare
// quantities by value and treat nil and empty alike, so they are silent
// for those two causes; the suggested fix replaces reflect.DeepEqual with
// it, adding the import (apimachinery is a dependency of every module that
// uses k8s.io/api) and dropping reflect when the fixed call was its last
// use. No fix is offered when a file's only uses of reflect are several
// such calls, or the name equality is taken. StringData and times have no
// fix: build Data instead; stamp with Rfc3339Copy() or keep the live time.
//
// Not reported: metav1.Duration and IntOrString, whose forms the server
// keeps as sent (no real case of either was found); a time stamped in
// this reconcile compared with a snapshot of the live object taken
// before it (`before := obj.DeepCopy(); obj.Status.FinishedAt = &now;
// if !reflect.DeepEqual(before.Status, obj.Status) { patch }`): the time
// is sent once, not compared with what the server returned.
//
// Settings: none.
//
// defaultdrift asks the same engine about the same comparisons for another
// cause: fields the server fills in. A comparison with both causes gets
// one finding from each; with one, only that analyzer's.
package roundtripdrift
