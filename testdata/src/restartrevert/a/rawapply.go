package a

import (
	"context"
	"encoding/json"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// sendApplied sends obj as a server-side apply patch built by hand from
// its JSON, as the operator's field manager.
func (r *Reconciler) sendApplied(ctx context.Context, obj client.Object) error {
	data, err := json.Marshal(obj)
	if err != nil {
		return err
	}
	return r.Patch(ctx, obj, client.RawPatch(client.Apply.Type(), data), client.ForceOwnership)
}

// RIGHT: the Deployment read first is rebuilt in place and sent as an
// apply patch built by hand. Apply leaves restartedAt, which kubectl's
// field manager owns, where it is.
func (r *Reconciler) rebuildAndApply(ctx context.Context, key client.ObjectKey) error {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		return err
	}
	dep.Spec.Template = corev1.PodTemplateSpec{}
	return r.sendApplied(ctx, dep)
}

// RIGHT: the same with controller-runtime's own apply patch.
func (r *Reconciler) rebuildAndApplyPatch(ctx context.Context, key client.ObjectKey) error {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		return err
	}
	dep.Spec.Template = corev1.PodTemplateSpec{}
	return r.Patch(ctx, dep, client.Apply, client.ForceOwnership)
}

// The rebuilt Deployment is applied on one path and updated on the other:
// the Update sends the template without restartedAt over the server's.
func (r *Reconciler) rebuildThenApplyOrUpdate(ctx context.Context, key client.ObjectKey, useApply bool) error {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		return err
	}
	dep.Spec.Template = corev1.PodTemplateSpec{} // want `live Deployment's pod template replaced wholesale`
	if useApply {
		return r.sendApplied(ctx, dep)
	}
	return r.Update(ctx, dep)
}
