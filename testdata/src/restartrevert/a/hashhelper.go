package a

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"restartrevert/hashutil"
)

// Known false positive: the spec is replaced only when the hash of the
// desired spec differs from the one the live Deployment carries, so the
// template changes there and a rollout happens anyway. The comparison is
// made by a helper of another package (through a second helper, with a
// comma-ok lookup), and only a one-line helper of the same package is
// read as a hash guard, so the replacement is reported.
func (r *Reconciler) updateOnHashChange(ctx context.Context, key client.ObjectKey, desired *appsv1.Deployment, hash string) error {
	live := &appsv1.Deployment{}
	if err := r.Get(ctx, key, live); err != nil {
		return err
	}
	if hashutil.SameSpecHash(hash, live.Annotations) {
		return nil
	}
	live.Spec = desired.Spec // want `live Deployment's spec replaced wholesale`
	return r.Update(ctx, live)
}
