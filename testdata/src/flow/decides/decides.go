// Package decides holds the shapes Decides tells apart: a drift test
// whose result sends the object back, and one whose result only logs.
package decides

import (
	"context"
	"fmt"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"flow/dep"
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
