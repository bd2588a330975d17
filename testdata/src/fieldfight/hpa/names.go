package hpa

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// RIGHT: the maintenance Deployment named through a pointer to its
// metadata; the autoscaler targets another name.
func (r *Reconciler) maintenanceThroughMeta(ctx context.Context, cache *Cache) error {
	dep := &appsv1.Deployment{}
	meta := &dep.ObjectMeta
	meta.Name = maintenanceName(cache)
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, dep, func() error {
		dep.Spec = buildSpec(cache)
		return nil
	})
	return err
}

// RIGHT: the same, its metadata built apart and then put in the literal.
func (r *Reconciler) maintenanceMetaApart(ctx context.Context, cache *Cache) error {
	meta := metav1.ObjectMeta{Name: maintenanceName(cache), Namespace: cache.Namespace}
	dep := &appsv1.Deployment{ObjectMeta: meta}
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, dep, func() error {
		dep.Spec = buildSpec(cache)
		return nil
	})
	return err
}

// WRONG: out of maintenance the Deployment takes the resource's own name,
// the one the autoscaler targets: every name it may be given counts.
func (r *Reconciler) maintenanceOrServing(ctx context.Context, cache *Cache, maintenance bool) error {
	dep := &appsv1.Deployment{}
	dep.Name = maintenanceName(cache)
	if !maintenance {
		dep.Name = cache.Name
	}
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, dep, func() error {
		dep.Spec = buildSpec(cache) // want `live Deployment's Spec replaced wholesale, Spec.Replicas with it, while the HorizontalPodAutoscaler built at scaling.go:45 scales it`
		return nil
	})
	return err
}
