package hpa

import (
	"context"
	"fmt"

	appsv1 "k8s.io/api/apps/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
)

// routerName names the Deployment of the cache's request router, apart
// from the Deployment the autoscaler targets (the cache's own name).
func routerName(cache string) string { return cache + "-router" }

// newRouter builds the router's Deployment under routerName.
func newRouter(cache *Cache) *appsv1.Deployment {
	return &appsv1.Deployment{
		ObjectMeta: metav1.ObjectMeta{Name: routerName(cache.Name), Namespace: cache.Namespace},
		Spec:       appsv1.DeploymentSpec{Replicas: cache.Spec.Replicas},
	}
}

// The router's Deployment is read with a key made from the desired
// object's name; the engine follows that name into newRouter's literal,
// where it is routerName's, not the autoscaler's target. No autoscaler
// scales the router: silent.
func (r *Reconciler) syncRouter(ctx context.Context, cache *Cache) error {
	desired := newRouter(cache)
	existing := &appsv1.Deployment{}
	if err := r.Get(ctx, types.NamespacedName{Name: desired.Name, Namespace: desired.Namespace}, existing); err != nil {
		return err
	}
	existing.Spec.Replicas = desired.Spec.Replicas
	return r.Update(ctx, existing)
}

// newServing builds the Deployment the autoscaler targets: its name is
// the cache's own.
func newServing(cache *Cache) *appsv1.Deployment {
	d := &appsv1.Deployment{}
	d.Name = cache.Name
	d.Namespace = cache.Namespace
	d.Spec.Replicas = cache.Spec.Replicas
	return d
}

// The same read, for the Deployment the autoscaler scales: reported.
func (r *Reconciler) syncServing(ctx context.Context, cache *Cache) error {
	desired := newServing(cache)
	existing := &appsv1.Deployment{}
	if err := r.Get(ctx, types.NamespacedName{Name: desired.Name, Namespace: desired.Namespace}, existing); err != nil {
		return err
	}
	existing.Spec.Replicas = desired.Spec.Replicas // want `Deployment.Spec.Replicas set on every reconcile while the HorizontalPodAutoscaler built at scaling.go:45 scales it`
	return r.Update(ctx, existing)
}

// newSidecarScaled builds a Deployment whose name is the cache's name
// with a suffix: computed from the same field as the autoscaler's target,
// with other constant text, so another name. No autoscaler scales it:
// silent.
func newSidecarScaled(cache *Cache) *appsv1.Deployment {
	return &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: cache.Name + "-sidecar"}}
}

func (r *Reconciler) syncSidecar(ctx context.Context, cache *Cache) error {
	desired := newSidecarScaled(cache)
	existing := &appsv1.Deployment{}
	if err := r.Get(ctx, types.NamespacedName{Name: desired.Name, Namespace: cache.Namespace}, existing); err != nil {
		return err
	}
	existing.Spec.Replicas = cache.Spec.Replicas
	return r.Update(ctx, existing)
}

// newFormatted names the Deployment with the cache's name through a
// format with no other text: the autoscaler's target.
func newFormatted(cache *Cache) *appsv1.Deployment {
	return &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: fmt.Sprintf("%s", cache.Name)}}
}

func (r *Reconciler) syncFormatted(ctx context.Context, cache *Cache) error {
	desired := newFormatted(cache)
	existing := &appsv1.Deployment{}
	if err := r.Get(ctx, types.NamespacedName{Name: desired.Name, Namespace: cache.Namespace}, existing); err != nil {
		return err
	}
	existing.Spec.Replicas = cache.Spec.Replicas // want `Deployment.Spec.Replicas set on every reconcile while the HorizontalPodAutoscaler built at scaling.go:45 scales it`
	return r.Update(ctx, existing)
}
