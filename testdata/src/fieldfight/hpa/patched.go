package hpa

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// The desired Deployment, whose count comes from the resource, is
// patched with a merge patch taken against the running one: the patch
// sets the count back on every reconcile.
func (r *Reconciler) patchesCount(ctx context.Context, cache *Cache) error {
	running := &appsv1.Deployment{}
	if err := r.Get(ctx, types.NamespacedName{Name: cache.Name, Namespace: cache.Namespace}, running); err != nil {
		return err
	}
	desired := &appsv1.Deployment{Spec: buildSpec(cache)}
	desired.Name = cache.Name
	return r.Patch(ctx, desired, client.MergeFrom(running.DeepCopy())) // want `Deployment patched with a merge patch taken against the live one, replacing Spec.Replicas while the HorizontalPodAutoscaler built at scaling.go:45 scales it`
}
