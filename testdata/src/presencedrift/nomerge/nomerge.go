// Package nomerge merges no maps, so no key can strand here; a key the
// package deletes on its write path still makes a presence check of that
// key harmless, and any other presence check is still imprecise.
package nomerge

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

const pausedKey = "example.com/paused"

const pinnedKey = "example.com/pinned"

type Reconciler struct{ client.Client }

func (r *Reconciler) pausedChanged(live *appsv1.Deployment) bool {
	_, had := live.Annotations[pausedKey] // deleted in sync: pruned, not drift
	return had
}

func (r *Reconciler) pinnedChanged(live *appsv1.Deployment) bool {
	_, had := live.Annotations[pinnedKey] // want `drift decided by presence of annotation key "example.com/pinned" on a live object; compare its value with the desired one`
	return had
}

func (r *Reconciler) sync(ctx context.Context, key client.ObjectKey) error {
	live := &appsv1.Deployment{}
	if err := r.Get(ctx, key, live); err != nil {
		return err
	}
	if r.pausedChanged(live) || r.pinnedChanged(live) {
		delete(live.Annotations, pausedKey)
		return r.Update(ctx, live)
	}
	return nil
}
