// Package admissionclobber defines an Analyzer that reports fields of live
// Pods, which admission mutates, being replaced wholesale.
//
// # Analyzer admissionclobber
//
// admissionclobber: report admission-mutated fields replaced wholesale on live Pods.
//
// Admission changes a Pod after the operator sends it: the ServiceAccount
// plugin adds pull secrets, the API token volume and its mounts; OpenShift's
// SCC admission fills runAsUser, runAsNonRoot and seLinuxOptions; webhooks
// inject sidecars, environment variables and tolerations. An operator that
// manages Pods directly and brings a live Pod up to date by assigning such
// a field from its desired state wipes those additions. The Pod then never
// matches: a reconciler that deletes and recreates changed Pods does so on
// every pass, and an in-place update fights admission for ever.
// Templates are different: only the operator writes a Deployment's or
// StatefulSet's pod template, so replacing a template field is right (a
// field the operator stops setting must be cleared there).
//
// WRONG:
//
//	func updatePod(live *corev1.Pod, spec *Spec) {
//		live.Spec.ImagePullSecrets = spec.ImagePullSecrets // drops the service account's secrets
//		for i := range live.Spec.Containers {
//			live.Spec.Containers[i].SecurityContext = spec.SecurityContext // drops SCC's runAsUser
//		}
//	}
//
// RIGHT:
//
//	func updatePod(live *corev1.Pod, spec *Spec) {
//		mergeByName(&live.Spec.ImagePullSecrets, spec.ImagePullSecrets) // keeps entries admission added
//		for i := range live.Spec.Containers {
//			mergeSecurityContext(&live.Spec.Containers[i].SecurityContext, spec.SecurityContext)
//		}
//	}
//
//	// mergeSecurityContext keeps every field the desired context leaves
//	// unset; where the operator has an opinion, it wins.
//	func mergeSecurityContext(dst **corev1.SecurityContext, src *corev1.SecurityContext) {
//		if src == nil {
//			return
//		}
//		if *dst == nil {
//			*dst = src.DeepCopy()
//			return
//		}
//		if src.RunAsUser != nil {
//			(*dst).RunAsUser = src.RunAsUser
//		}
//		// ... the same for every other field
//	}
//
// The fields, from DOMAIN §3: PodSpec ImagePullSecrets, Volumes,
// Tolerations, NodeSelector, SecurityContext, ServiceAccountName,
// Priority, PriorityClassName, PreemptionPolicy, Overhead, InitContainers,
// Containers, DNSConfig, EnableServiceLinks and Affinity; Container
// SecurityContext, VolumeMounts, Env, Resources and ImagePullPolicy; and
// the Pod's whole Spec.
//
// Reported, when the destination is reached through a live corev1.Pod
// (read with Get or List, the object of a CreateOrUpdate mutate function
// or of a framework's update callback, written back with Update or Patch,
// or a copy of one that is later written, returned or compared):
//   - an assignment that replaces one of the fields:
//     `pod.Spec.ImagePullSecrets = x`, `c.Env = env` for a container of
//     the Pod, `*dst = src` through a pointer to the field;
//   - a whole-struct assignment (`pod.Spec = s`, `*container = desired`,
//     `**securityContext = *desired`, a generated
//     `desired.Spec.DeepCopyInto(&pod.Spec)`) that does not put every listed field
//     back afterwards from a value saved before it; the message names the
//     fields that are lost (for a security context: the fields SCC
//     admission injects);
//   - a call of a helper, in this package or another, that makes such an
//     assignment through the parameter the live Pod (or its spec, or a
//     container) is passed to; the helper's assignment is in Related, and
//     is reported too when the helper is in this package. Helpers are
//     summarised as facts, so `update.PodContainers(&pod.Spec.Containers,
//     desired)` in one package finds the replacement inside
//     `update.SecurityContext` two calls down in another;
//   - `dst.Spec.F = src.Spec.F` between two existing Pods (a
//     desired-into-live merge), whether or not dst is known to be live;
//   - the inverse form: a desired Pod, built apart from the live one, sent
//     with Update after only metadata was copied from a Pod read in the same
//     function (`desired.ResourceVersion = live.ResourceVersion`, a helper
//     given both ObjectMetas, or a helper of the package that sets one
//     object's resourceVersion from the other's, given both objects):
//     every field admission set is dropped;
//   - a live Pod's list field searched for each desired element by strict
//     equality (slices.Contains, or a helper of the package comparing
//     elements with == or DeepEqual) where a miss deletes or recreates the
//     Pod: `if !hasToleration(pod.Spec.Tolerations, t) { r.Delete(...) }`.
//     Admission's additions are harmless there, but its defaults
//     (tolerationSeconds, a volume's defaultMode, a container's pull
//     policy) make the stored element differ, so the check keeps failing.
//     A helper comparing chosen fields (x.Key == t.Key) is not reported;
//   - `reflect.DeepEqual` or `equality.Semantic.DeepEqual` between a live
//     Pod's spec, container, or one of the fields, and a value that is not
//     from the cluster: a drift check that always sees admission's additions.
//     Server defaulting makes the same check fail too; defaultdrift leaves
//     a live Pod's spec to this analyzer, so only one of the two reports it
//     (defaultdrift reports pod templates and other kinds).
//
// Not reported: Pods being built and then created, including a Pod's
// fields set only on the branch where it has not been created yet (`if
// pod.CreationTimestamp.IsZero()` or `if pod.ResourceVersion == ""` in a
// CreateOrUpdate mutate function or a helper it calls; the flow engine's
// BeforeCreation); anything reached
// through a pod template (`.Spec.Template`, PodTemplateSpec,
// PodTemplate); merges that keep the live value (append, a key-wise
// merge, a new value computed from the old one, a new list that the flow
// engine sees built from the live one's elements through locals, loops
// and appends, such as the volumes it does not replace, a whole-struct assignment
// followed by putting each field back from a saved copy, a field-by-field
// merge of a security context, a whole spec or container whose new value
// took some live fields in first, by assignment or through a helper
// called for its effect that may write into the new spec and is handed
// the live spec (the flow engine's CarriesFrom): its author chose what to
// keep); an assignment that only runs when the field is nil or empty; for the fields admission sets only when the Pod leaves
// them unset (ImagePullSecrets, ServiceAccountName, Priority,
// PriorityClassName, PreemptionPolicy, Overhead, EnableServiceLinks), an
// assignment of a value known to be set (a non-empty constant or literal, or
// under `if x != ""`); an assignment into a local copy that is never used
// afterwards; `equality.Semantic.DeepDerivative`, which ignores what the
// desired side leaves unset; comparisons where both sides come from the
// cluster.
//
// _test.go files are not analysed, by this analyzer or any other of the
// suite: a test is not a reconcile, so it is not reported, and what it
// hands the package's functions does not count (a helper that only a test
// passes a live object does not see a live object). A test's exact
// comparison is an assertion about the result, not a drift check.
//
// Bounds: a helper's replacements are followed through 20 rounds of
// helpers calling helpers in one package (facts cross packages); the live-object engine follows liveness through 16 rounds of derivations and calls.
//
// Where a replaced field lands is the flow engine's answer (Locate): the
// variable the location is rooted at, through pointer locals, fields,
// elements, type assertions, DeepCopy, a local copy (a change to which
// counts only if the copy is then passed on, returned, stored or
// compared), and a pointer set in a loop or a branch from one place
// (`var app *corev1.Container` pointed at the live Pod's container that
// a loop finds).
//
// Limits: the analyzer bails out when unsure. A pointer that may be a new
// container or a live one (set from two places) is not followed; one set
// from several places that are all containers of the live Pod is. A field replaced through a
// local variable that is later written back (`sc := x; ...;
// c.SecurityContext = sc`) is seen only through the write-back; a value
// computed from the live object (`c.Env = buildEnv(c)`) is taken as a
// merge; Pods reached only through a list's Items by index, or drift
// checks in a helper of another package, are not followed. Generated files
// are not reported. No fix is offered: the right merge depends on the field.
//
// admissionclobber is one case of a wider bug class: the operator writes
// what another controller also writes (here admission). restartrevert
// covers kubectl's restartedAt, and fieldfight the other owners (an
// autoscaler's replicas, an injected caBundle, a bound claim's volumeName);
// each keeps its own rules, and none reports another's.
//
// Settings:
//   - extra-fields: comma-separated fields, `PodSpec.Name` or
//     `Container.Name`, added to the list (for a webhook of your own);
//   - ignore-fields: comma-separated fields removed from the list (for
//     example `PodSpec.Affinity` when no admission on your platforms
//     touches it).
package admissionclobber
