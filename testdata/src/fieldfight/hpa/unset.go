package hpa

import (
	"context"
	"fmt"

	appsv1 "k8s.io/api/apps/v1"
	"k8s.io/apimachinery/pkg/types"
)

// The spec is replaced from the desired one, and where the cache
// autoscales the count is cleared "so the autoscaler keeps it". An update
// that leaves the count nil is defaulted to one replica by the API
// server: the autoscaler scales up, the next reconcile scales back to one.
func (r *Reconciler) clearsCount(ctx context.Context, cache *Cache, desired *appsv1.Deployment) error {
	existing := &appsv1.Deployment{}
	if err := r.Get(ctx, types.NamespacedName{Name: cache.Name, Namespace: cache.Namespace}, existing); err != nil {
		return err
	}
	existing.Spec = desired.Spec
	if cache.Spec.Autoscaling != nil {
		existing.Spec.Replicas = nil // want `Deployment.Spec.Replicas set to nil on the live object, which the API server defaults to 1 on update, while the HorizontalPodAutoscaler built at scaling.go:45 scales it`
	}
	return r.Update(ctx, existing)
}

// The fixed form: the running count is saved before the spec is replaced
// and put back where the cache autoscales.
func (r *Reconciler) keepsCount(ctx context.Context, cache *Cache, desired *appsv1.Deployment) error {
	existing := &appsv1.Deployment{}
	if err := r.Get(ctx, types.NamespacedName{Name: cache.Name, Namespace: cache.Namespace}, existing); err != nil {
		return err
	}
	running := existing.Spec.Replicas
	existing.Spec = desired.Spec
	if cache.Spec.Autoscaling != nil {
		existing.Spec.Replicas = running
	}
	return r.Update(ctx, existing)
}

// A desired object that is only created may leave the count nil: the
// autoscaler takes it from there.
func (r *Reconciler) createsUnscaled(ctx context.Context, cache *Cache) error {
	dep := &appsv1.Deployment{}
	dep.Name = cache.Name
	dep.Spec.Replicas = nil
	return r.Create(ctx, dep)
}

// The count is cleared on the live object only so that a hash of its
// spec ignores the autoscaler's value; the object sent is the desired
// one, which never had a count: silent.
func (r *Reconciler) clearsForHash(ctx context.Context, cache *Cache, desired *appsv1.Deployment) error {
	existing := appsv1.Deployment{}
	if err := r.Get(ctx, types.NamespacedName{Name: cache.Name, Namespace: cache.Namespace}, &existing); err != nil {
		return err
	}
	if cache.Spec.Autoscaling != nil {
		existing.Spec.Replicas = nil
	}
	if specHash(&existing.Spec) == specHash(&desired.Spec) {
		return nil
	}
	return r.Update(ctx, desired)
}

// specHash stands for a hash of a spec's printed form.
func specHash(spec *appsv1.DeploymentSpec) string {
	return fmt.Sprint(*spec)
}
