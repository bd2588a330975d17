package a

import (
	"context"
	"maps"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

// RIGHT: a new map filled from the desired annotations only, then given to
// the live Deployment whole: the live map is replaced, so a key no longer
// desired is gone with it.
func (r *Reconciler) rebuildAnnotations(ctx context.Context, spec CacheSpec, key client.ObjectKey) error {
	live := buildDeployment(spec)
	if err := r.Get(ctx, key, live); err != nil {
		return err
	}
	desired := buildDeployment(spec)
	fresh := make(map[string]string)
	maps.Copy(fresh, desired.Annotations)
	live.Annotations = fresh
	return r.Update(ctx, live)
}

// The same new map, but the live keys are copied into it first: every
// live key, the stale one too, is kept.
func (r *Reconciler) rebuildKeepingLive(ctx context.Context, spec CacheSpec, key client.ObjectKey) error {
	live := buildDeployment(spec)
	if err := r.Get(ctx, key, live); err != nil {
		return err
	}
	desired := buildDeployment(spec)
	kept := make(map[string]string)
	maps.Copy(kept, live.Annotations)
	maps.Copy(kept, desired.Annotations) // want `merge into the live Deployment annotations never deletes operator-owned key "example.com/template-hash"`
	live.Annotations = kept
	return r.Update(ctx, live)
}
