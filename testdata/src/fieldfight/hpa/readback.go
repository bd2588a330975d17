package hpa

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// RIGHT: under autoscaling the builder asks the cluster for the
// Deployment's current count and keeps it, so the spec the mutate
// function puts on the live object carries the autoscaler's value over.
// The count is read in a helper of the builder, and the spec reaches the
// mutate function through a factory's parameter.
func (r *Reconciler) currentReplicas(ctx context.Context, cache *Cache) *int32 {
	count := cache.Spec.Replicas
	if cache.Spec.Autoscaling == nil {
		return count
	}
	running := &appsv1.Deployment{}
	err := r.Get(ctx, types.NamespacedName{Namespace: cache.Namespace, Name: cache.Name}, running)
	if err == nil && running.Spec.Replicas != nil {
		count = running.Spec.Replicas
	}
	return count
}

func (r *Reconciler) buildKeepingCount(ctx context.Context, cache *Cache) *appsv1.Deployment {
	dep := &appsv1.Deployment{}
	dep.Name = cache.Name
	dep.Spec.Template.Spec.Containers = nil
	if count := r.currentReplicas(ctx, cache); count != nil {
		dep.Spec.Replicas = count
	}
	return dep
}

func setSpec(dep *appsv1.Deployment, spec appsv1.DeploymentSpec) controllerutil.MutateFn {
	return func() error {
		dep.Spec = spec
		return nil
	}
}

func (r *Reconciler) syncKeepingCount(ctx context.Context, cache *Cache) error {
	desired := r.buildKeepingCount(ctx, cache)
	dep := &appsv1.Deployment{}
	dep.Name = cache.Name
	dep.Namespace = cache.Namespace
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, dep, setSpec(dep, desired.Spec))
	return err
}

// The same factory shape, made by two callers: one keeps the live count,
// the other hands a spec whose count comes from the resource. The closure
// does not carry the count for every caller, so it is reported.
func replaceSpec(dep *appsv1.Deployment, spec appsv1.DeploymentSpec) controllerutil.MutateFn {
	return func() error {
		dep.Spec = spec // want `live Deployment's Spec replaced wholesale, Spec.Replicas with it, while the HorizontalPodAutoscaler built at scaling.go:45 scales it`
		return nil
	}
}

func (r *Reconciler) buildFromResource(cache *Cache) *appsv1.Deployment {
	dep := &appsv1.Deployment{}
	dep.Name = cache.Name
	dep.Spec.Replicas = cache.Spec.Replicas
	return dep
}

func (r *Reconciler) syncKeeping(ctx context.Context, cache *Cache) error {
	desired := r.buildKeepingCount(ctx, cache)
	dep := &appsv1.Deployment{}
	dep.Name = cache.Name
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, dep, replaceSpec(dep, desired.Spec))
	return err
}

func (r *Reconciler) syncFromResource(ctx context.Context, cache *Cache) error {
	desired := r.buildFromResource(cache)
	dep := &appsv1.Deployment{}
	dep.Name = cache.Name
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, dep, replaceSpec(dep, desired.Spec))
	return err
}
