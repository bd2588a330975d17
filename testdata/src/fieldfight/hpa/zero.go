package hpa

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Maintenance scales the Deployment to zero before a restore and back to
// one after it. An autoscaler does not act on a target at zero replicas
// (autoscaling is off there), so neither step fights it: silent.
func (r *Reconciler) scaleDownForRestore(ctx context.Context, cache *Cache) error {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, types.NamespacedName{Name: cache.Name, Namespace: cache.Namespace}, dep); err != nil {
		return err
	}
	if dep.Spec.Replicas == nil || *dep.Spec.Replicas > 0 {
		zero := int32(0)
		original := dep.DeepCopy()
		dep.Spec.Replicas = &zero
		return r.Patch(ctx, dep, client.MergeFrom(original))
	}
	return nil
}

func (r *Reconciler) scaleUpAfterRestore(ctx context.Context, cache *Cache) error {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, types.NamespacedName{Name: cache.Name, Namespace: cache.Namespace}, dep); err != nil {
		return err
	}
	if dep.Spec.Replicas != nil && *dep.Spec.Replicas == 0 {
		one := int32(1)
		dep.Spec.Replicas = &one
		return r.Update(ctx, dep)
	}
	return nil
}

// A count compared with a desired one that is not zero is still a drift
// check the autoscaler's changes trip.
func (r *Reconciler) resetCount(ctx context.Context, cache *Cache) error {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, types.NamespacedName{Name: cache.Name, Namespace: cache.Namespace}, dep); err != nil {
		return err
	}
	two := int32(2)
	if *dep.Spec.Replicas != two { // want `Deployment.Spec.Replicas compared strictly to decide a write while the HorizontalPodAutoscaler built at scaling.go:45 scales it`
		dep.Spec.Replicas = &two // want `Deployment.Spec.Replicas set on every reconcile while the HorizontalPodAutoscaler built at scaling.go:45 scales it`
		return r.Update(ctx, dep)
	}
	return nil
}
