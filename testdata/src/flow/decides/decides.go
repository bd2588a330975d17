// Package decides holds the shapes Decides tells apart: a drift test
// whose result sends the object back, and one whose result only logs.
package decides

import (
	"context"
	"fmt"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"flow/dep"
	cacheclient "flow/gen/clientset/versioned/typed/cache/v1"
)

// stale is the test under examination: each call of it is probed.
func stale(have, want string) bool { return have != want }

func direct(ctx context.Context, c client.Client, cm *corev1.ConfigMap, want string) {
	if stale(cm.Data["mode"], want) { // want `decides a write`
		cm.Data["mode"] = want
		_ = c.Update(ctx, cm)
	}
}

func throughVariable(ctx context.Context, c client.Client, cm *corev1.ConfigMap, want string) {
	drifted := stale(cm.Data["mode"], want) // want `decides a write`
	if drifted {
		_ = c.Patch(ctx, cm, nil)
	}
}

// The write sits in a helper of the package that the branch calls.
func save(ctx context.Context, c client.Client, cm *corev1.ConfigMap) error {
	return c.Update(ctx, cm)
}

func throughHelper(ctx context.Context, c client.Client, cm *corev1.ConfigMap, want string) error {
	if !stale(cm.Data["mode"], want) && cm.Data["pinned"] == "" { // want `decides a write`
		return nil
	}
	return save(ctx, c, cm)
}

// needsSync returns the test; its caller writes on the answer.
func needsSync(cm *corev1.ConfigMap, want string) bool {
	return stale(cm.Data["mode"], want) // want `decides a write`
}

func syncer(ctx context.Context, c client.Client, cm *corev1.ConfigMap, want string) {
	if needsSync(cm, want) {
		_ = save(ctx, c, cm)
	}
}

// Only a log line depends on the answer: no write, nothing decided.
func logOnly(cm *corev1.ConfigMap, want string) {
	if stale(cm.Data["mode"], want) {
		fmt.Println("mode differs")
	}
}

// The answer is stored but never tested before a write.
func unused(ctx context.Context, c client.Client, cm *corev1.ConfigMap, want string) bool {
	seen := stale(cm.Data["mode"], want)
	_ = c.Update(ctx, cm)
	return seen
}

// In a loop: the write is reached again by the next round, but only
// through the branch.
func inLoop(ctx context.Context, c client.Client, cms []*corev1.ConfigMap, want string) {
	for _, cm := range cms {
		if stale(cm.Data["mode"], want) { // want `decides a write`
			_ = c.Update(ctx, cm)
		}
	}
}

// Written whatever the answer: the answer decides nothing.
func always(ctx context.Context, c client.Client, cm *corev1.ConfigMap, want string) {
	if stale(cm.Data["mode"], want) {
		cm.Data["mode"] = want
	}
	_ = c.Update(ctx, cm)
}

// A closure handed to a framework of another package in a struct field:
// the framework's Summary says the answer of NeedsUpdate decides its
// update.
func framework(ctx context.Context, c client.Client, cm *corev1.ConfigMap, want string) error {
	return dep.Reconcile(ctx, dep.Params{
		Client: c,
		Live:   cm,
		NeedsUpdate: func() bool {
			return stale(cm.Data["mode"], want) // want `decides a write`
		},
		Update: func() {
			if stale(cm.Data["other"], want) {
				cm.Data["other"] = want
			}
		},
	})
}

// A closure handed to a function of the package whose answer decides its
// update.
func ensure(ctx context.Context, c client.Client, cm *corev1.ConfigMap, differs func() bool) error {
	if differs() {
		return c.Update(ctx, cm)
	}
	return nil
}

func viaEnsure(ctx context.Context, c client.Client, cm *corev1.ConfigMap, want string) error {
	return ensure(ctx, c, cm, func() bool {
		return stale(cm.Data["mode"], want) // want `decides a write`
	})
}

// A later branch of its own decides the write; this answer only logs.
func laterBranch(ctx context.Context, c client.Client, cm *corev1.ConfigMap, want string, force bool) {
	if stale(cm.Data["mode"], want) {
		fmt.Println("mode differs")
	}
	if force {
		_ = c.Update(ctx, cm)
	}
}

// A stale object deleted is recreated: the test decides as much as an
// update does.
func deleteStale(ctx context.Context, c client.Client, cm *corev1.ConfigMap, want string) {
	if stale(cm.Data["mode"], want) { // want `decides a write`
		_ = c.Delete(ctx, cm)
	}
}

// The answer is carried through || into a flag, and the write is guarded
// by the flag and by err == nil.
func shortCircuit(ctx context.Context, c client.Client, cm *corev1.ConfigMap, want string, err error) {
	changed := false
	changed = stale(cm.Data["mode"], want) || changed // want `decides a write`
	if changed && err == nil {
		_ = c.Update(ctx, cm)
	}
}

// A flag set in a loop when one test holds, and the write made when none
// did.
func flagged(ctx context.Context, c client.Client, cm *corev1.ConfigMap, wants []string) {
	found := false
	for _, w := range wants {
		if !stale(cm.Data["mode"], w) { // want `decides a write`
			found = true
		}
	}
	if !found {
		_ = c.Delete(ctx, cm)
	}
}

// The test is the second operand of a ||: the flag set in the block both
// operands lead to records either, and an early return on the flag
// guards the write.
func flaggedEither(ctx context.Context, c client.Client, cm *corev1.ConfigMap, want string) error {
	dirty := false
	if cm.Data["owner"] == "" || stale(cm.Data["mode"], want) { // want `decides a write`
		cm.Data["mode"] = want
		dirty = true
	}
	if len(cm.Labels) == 0 {
		dirty = true
	}
	if !dirty {
		return nil
	}
	return c.Update(ctx, cm)
}

// The flag is set before the test too, and again in a loop after it.
func flaggedAmongOthers(ctx context.Context, c client.Client, cm *corev1.ConfigMap, want string, keys []string) error {
	dirty := false
	if cm.Labels["tier"] != "cache" {
		cm.Labels["tier"] = "cache"
		dirty = true
	}
	if cm.Data["owner"] == "" || !stale(cm.Data["mode"], want) { // want `decides a write`
		cm.Data["mode"] = want
		dirty = true
	}
	for _, k := range keys {
		if _, ok := cm.Data[k]; !ok {
			cm.Data[k] = ""
			dirty = true
		}
	}
	if !dirty {
		return nil
	}
	_, err := cm, c.Update(ctx, cm)
	return err
}

// The same chain sets a flag nobody writes on.
func flaggedEitherLogged(cm *corev1.ConfigMap, want string) {
	dirty := false
	if cm.Data["owner"] == "" || stale(cm.Data["mode"], want) {
		dirty = true
	}
	fmt.Println(dirty)
}

// A typed client that client-gen wrote for the operator's own kind
// writes as client-go's does.
func syncGenerated(ctx context.Context, caches cacheclient.CacheInterface, name, want string) error {
	cache, err := caches.Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	if stale(cache.Spec.Mode, want) { // want `decides a write`
		cache.Spec.Mode = want
		_, err = caches.Update(ctx, cache, metav1.UpdateOptions{})
	}
	return err
}

// A flag that only counts: the write does not depend on it.
func counted(ctx context.Context, c client.Client, cm *corev1.ConfigMap, wants []string) {
	n := 0
	for _, w := range wants {
		if stale(cm.Data["mode"], w) {
			n++
		}
	}
	fmt.Println(n)
	_ = c.Update(ctx, cm)
}

// matches answers the test with constants; its caller deletes what does
// not match.
func matches(cm *corev1.ConfigMap, want string) bool {
	if stale(cm.Data["mode"], want) { // want `decides a write`
		return false
	}
	return true
}

func pruneUnmatched(ctx context.Context, c client.Client, cm *corev1.ConfigMap, want string) {
	if !matches(cm, want) {
		_ = c.Delete(ctx, cm)
	}
}

// logged answers with constants too, but nobody writes on the answer.
func logged(cm *corev1.ConfigMap, want string) bool {
	if stale(cm.Data["mode"], want) {
		return false
	}
	return true
}

func report(cm *corev1.ConfigMap, want string) {
	fmt.Println(logged(cm, want))
}

// The nodewright shape: a matcher answering with constants inside nested
// branches, called in a loop over candidates, a flag, and a write in a
// helper when nothing matched.
func matchesAll(cm *corev1.ConfigMap, want string, strict bool) bool {
	if cm.Labels["kind"] != "x" {
		return false
	}
	if strict {
		if cm.Data != nil {
			if stale(cm.Data["mode"], want) { // want `decides a write`
				return false
			}
		}
	}
	return true
}

func (h helper) invalidate(ctx context.Context, cm *corev1.ConfigMap) error {
	cm.Labels["invalid"] = "true"
	return h.c.Update(ctx, cm)
}

type helper struct{ c client.Client }

func (h helper) validate(ctx context.Context, cms []corev1.ConfigMap, wants []string) error {
	for _, cm := range cms {
		found := false
		for _, w := range wants {
			if matchesAll(&cm, w, true) {
				found = true
			}
		}
		if cm.Labels["stage"] == "uninstall" && !found {
			if cm.Labels["legacy"] != "" {
				found = true
			}
		}
		if !found {
			if err := h.invalidate(ctx, &cm); err != nil {
				return err
			}
			continue
		}
	}
	return nil
}
