package hpa // want package:"owners\\(scales Deployment at scaling.go:45\\)"

import (
	"context"

	appsv1ac "k8s.io/client-go/applyconfigurations/apps/v1"
)

// Server-side apply that sets replicas takes them back from the
// autoscaler on every apply.
func (r *Reconciler) apply(ctx context.Context, cache *Cache) error {
	spec := appsv1ac.DeploymentSpec().WithReplicas(*cache.Spec.Replicas) // want `DeploymentSpecApplyConfiguration.WithReplicas applied on every reconcile while the HorizontalPodAutoscaler built at scaling.go:45 scales it`
	return r.Apply(ctx, appsv1ac.Deployment(cache.Name, cache.Namespace).WithSpec(spec))
}

// RIGHT: replicas applied only without autoscaling; apply leaves them
// out otherwise.
func (r *Reconciler) applyUnscaled(ctx context.Context, cache *Cache) error {
	spec := appsv1ac.DeploymentSpec()
	if cache.Spec.Autoscaling == nil {
		spec = spec.WithReplicas(*cache.Spec.Replicas)
	}
	return r.Apply(ctx, appsv1ac.Deployment(cache.Name, cache.Namespace).WithSpec(spec))
}
