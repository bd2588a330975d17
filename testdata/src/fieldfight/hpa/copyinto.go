package hpa

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	"k8s.io/apimachinery/pkg/types"
)

// The desired spec copied over the live one with the generated deep
// copy: the count goes with it.
func (r *Reconciler) copiesSpec(ctx context.Context, cache *Cache, desired *appsv1.Deployment) error {
	existing := &appsv1.Deployment{}
	if err := r.Get(ctx, types.NamespacedName{Name: cache.Name, Namespace: cache.Namespace}, existing); err != nil {
		return err
	}
	desired.Spec.DeepCopyInto(&existing.Spec) // want `live Deployment's Spec replaced wholesale, Spec.Replicas with it, while the HorizontalPodAutoscaler built at scaling.go:45 scales it`
	return r.Update(ctx, existing)
}

// The fixed form: the running count is put back after the copy.
func (r *Reconciler) copiesSpecKeepingCount(ctx context.Context, cache *Cache, desired *appsv1.Deployment) error {
	existing := &appsv1.Deployment{}
	if err := r.Get(ctx, types.NamespacedName{Name: cache.Name, Namespace: cache.Namespace}, existing); err != nil {
		return err
	}
	running := existing.Spec.Replicas
	desired.Spec.DeepCopyInto(&existing.Spec)
	existing.Spec.Replicas = running
	return r.Update(ctx, existing)
}
