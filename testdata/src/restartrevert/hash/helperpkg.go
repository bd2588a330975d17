package hash

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"restartrevert/hash/kubeutil"
	"restartrevert/hashutil"
)

// RIGHT: the spec is replaced only when the hash of the desired spec
// differs from the one the live Deployment carries, compared by a helper
// of another package through a second helper and a comma-ok lookup: the
// template changes there, so a rollout happens anyway.
func (r *Reconciler) updateOnHashChange(ctx context.Context, key client.ObjectKey, hash string) error {
	live := &appsv1.Deployment{}
	if err := r.Get(ctx, key, live); err != nil {
		return err
	}
	if hashutil.SameSpecHash(hash, live.Annotations) {
		return nil
	}
	live.Spec = desired().Spec
	return r.Update(ctx, live)
}

// The same helper asked about the desired object's annotations: nothing
// says the live template differs.
func (r *Reconciler) hashOfDesired(ctx context.Context, key client.ObjectKey, hash string) error {
	live := &appsv1.Deployment{}
	if err := r.Get(ctx, key, live); err != nil {
		return err
	}
	want := desired()
	if hashutil.SameSpecHash(hash, want.Annotations) {
		return nil
	}
	live.Spec = want.Spec // want `live Deployment's spec replaced wholesale`
	return r.Update(ctx, live)
}

// The same helper given a constant: a flag, not a hash of the desired
// spec.
func (r *Reconciler) flagNotHash(ctx context.Context, key client.ObjectKey) error {
	live := &appsv1.Deployment{}
	if err := r.Get(ctx, key, live); err != nil {
		return err
	}
	if hashutil.SameSpecHash("pinned", live.Annotations) {
		return nil
	}
	live.Spec = desired().Spec // want `live Deployment's spec replaced wholesale`
	return r.Update(ctx, live)
}

// RIGHT: the helper that says the hashes differ, inside its branch.
func (r *Reconciler) insideDiffering(ctx context.Context, key client.ObjectKey, hash string) error {
	live := &appsv1.Deployment{}
	if err := r.Get(ctx, key, live); err != nil {
		return err
	}
	if hashutil.SpecHashChanged(hash, live.Annotations) {
		live.Spec = desired().Spec
		return r.Update(ctx, live)
	}
	return nil
}

// RIGHT (Datadog's operator): a copy of the desired Deployment takes the
// live one's metadata and is sent over it with Update, only when the hash
// on the live one differs: the template changes there anyway.
func (r *Reconciler) inverseOnHashChange(ctx context.Context, key client.ObjectKey, hash string) error {
	live := &appsv1.Deployment{}
	if err := r.Get(ctx, key, live); err != nil {
		return err
	}
	if hashutil.SameSpecHash(hash, live.Annotations) {
		return nil
	}
	update := desired().DeepCopy()
	update.Spec = desired().Spec
	update.ObjectMeta = live.ObjectMeta
	return r.Update(ctx, update)
}

// The same without the hash: every reconcile writes the desired template
// over the live one.
func (r *Reconciler) inverseAlways(ctx context.Context, key client.ObjectKey) error {
	live := &appsv1.Deployment{}
	if err := r.Get(ctx, key, live); err != nil {
		return err
	}
	update := desired().DeepCopy()
	update.ObjectMeta = live.ObjectMeta
	return r.Update(ctx, update) // want `desired Deployment written over the live one with Update, dropping restartedAt`
}

// Known false positive (Datadog's operator): the same guard with the hash
// read through a getter, and the desired copy written over the live one
// by a helper of another package. That helper's write is not seen as the
// inverse form, so the live object's guard is not tied to the copy whose
// spec is replaced, and the replacement is reported.
func (r *Reconciler) inverseThroughHelper(ctx context.Context, key client.ObjectKey, hash string) error {
	live := &appsv1.Deployment{}
	if err := r.Get(ctx, key, live); err != nil {
		return err
	}
	if hashutil.SameSpecHash(hash, live.GetAnnotations()) {
		return nil
	}
	update := desired().DeepCopy()
	update.Spec = desired().Spec // want `live Deployment's spec replaced wholesale`
	return kubeutil.UpdateFromObject(ctx, r.Client, update, live.ObjectMeta)
}
