// Package presencedrift defines an Analyzer that reports drift decided by
// whether a key is present on a live object rather than by its value.
//
// # Analyzer presencedrift
//
// presencedrift: report drift checks that test a live annotation or label for presence instead of value.
//
// `_, ok := live.Annotations[key]` answers "is the key there", not "does
// it hold what I want". A drift check built on it reports drift whenever
// the key is present but no longer desired, and if the write path merges
// annotations without deleting that key, the key never goes away: every
// reconcile sees drift and writes a no-op update, a hot loop.
//
// WRONG:
//
//	func podTemplateNeedsUpdate(live *appsv1.Deployment, spec Spec) bool {
//		if spec.PodTemplate == nil {
//			_, had := live.Annotations[podTemplateHashKey]
//			return had // true for ever once the key strands
//		}
//		return live.Annotations[podTemplateHashKey] != hash(spec.PodTemplate)
//	}
//
// RIGHT:
//
//	func podTemplateNeedsUpdate(live *appsv1.Deployment, spec Spec) bool {
//		return live.Annotations[podTemplateHashKey] != expectedHash(spec) // "" when unset
//	}
//
// Reported: `_, ok := m[K]` (the value discarded) where m is the
// Annotations or Labels of a live object (also through GetAnnotations() and
// GetLabels(), or a local given either, by its declaration or by a later
// assignment on the paths that give it a value), K is a constant, and ok
// decides drift: it is returned from
// a function whose name says drift (NeedsUpdate, Changed, Differs, Drift,
// Outdated, Stale, Mismatch, ShouldUpdate) or whose result guards an
// Update, Patch or Apply in the package, or it guards such a write itself
// on the branch where the key is present (writing when the key is missing
// adds it, after which the check is stable). That write must be of an
// object of the type that holds the key, or of one whose type is not known
// (a client.Object): a Pod's key checked before its ReplicaSet is scaled
// down decides no drift of the Pod.
//
// When the package also writes K only on some paths and a merge into a
// live object keeps K (see stalekey), the message names the hot loop and
// points at the merge.
//
// Not reported: presence used for control flow (a paused, skip or
// finalizer-style annotation that does not decide an update); checks that
// also compare the value (`v, ok := m[K]; return !ok || v != want`); and a
// key that the write path deletes by name when no merge keeps it, since
// then a stale key is removed and presence is harmless (toolhive's
// MCPRemoteProxy prunes its hash this way). A deletion is `delete(m, K)`
// or a Patch whose body, written as text, removes K: a merge patch
// setting it to null or a JSON patch's remove operation on it, in a
// constant, a concatenation or an fmt.Sprintf of constants
// (flow.Result.PatchDeletions; OpenKruise releases its labels so). A body
// marshalled from a map is not read. The write path of a check in a
// method is that of the same reconciler type plus plain helper functions,
// so one controller pruning a shared key constant does not excuse another.
//
// Fix: when `ok` is only returned, and the function elsewhere compares
// m[K] != x with a local x declared before the presence check, the check
// becomes `return m[K] != x`: x holds the expected value on that path too
// (typically "" for "should be absent"). With a constant or a value
// computed later, the expected value of the presence branch is not at
// hand, and no fix is offered.
//
// Bounds: those of stalekey's engine, which finds the stranded keys (see
// stalekey), and the live-object engine follows liveness through 16 rounds of derivations and calls.
//
// Limits: keys given by a variable are not tracked; a presence result
// stored in a struct or passed to another function is not followed.
// Generated files are not reported. _test.go files are not analysed, by this analyzer or any other of the
// suite: a test is not a reconcile, so it is not reported, and what it
// hands the package's functions does not count (a helper that only a test
// passes a live object does not see a live object).
//
// Settings:
//
//	owned-prefixes   the key prefixes that are operator-owned wherever they
//	                 are written: the same list as stalekey's (one engine
//	                 finds the stranded keys for both). In the suite give it
//	                 under either analyzer; with golangci-lint's per-linter
//	                 plugins give the same list under both. Default: none.
package presencedrift
