package hpa

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/rest"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// digestReconciler holds a REST config beside its client, as reconcilers
// that resolve image digests do: a struct of the client libraries whose
// fields may hold any object.
type digestReconciler struct {
	client.Client
	cfg *rest.Config
}

func (r *digestReconciler) define(cache *Cache) (appsv1.Deployment, error) {
	dep := appsv1.Deployment{}
	dep.Name = cache.Name
	return dep, nil
}

// resolve returns the object with its images resolved, or itself.
func (r *digestReconciler) resolve(dep *appsv1.Deployment) *appsv1.Deployment {
	if r.cfg == nil {
		return dep
	}
	return dep.DeepCopy()
}

// The live count is cleared only to hash the spec without it, and the
// desired object (which has none) is patched against the live copy. The
// live object goes through a method of the reconciler; that the
// reconciler's REST config could hold an object does not make the
// method's result point into the reconciler, nor lead the live object to
// the desired one's patch: silent.
func (r *digestReconciler) sync(ctx context.Context, cache *Cache) error {
	existing := appsv1.Deployment{}
	desired, err := r.define(cache)
	if err != nil {
		return err
	}
	if err := r.Get(ctx, types.NamespacedName{Name: cache.Name, Namespace: cache.Namespace}, &existing); err != nil {
		return err
	}
	if cache.Spec.Autoscaling != nil {
		existing.Spec.Replicas = nil
	}
	existing = *r.resolve(&existing)
	if specHash(&existing.Spec) == specHash(&desired.Spec) {
		return nil
	}
	return r.Patch(ctx, &desired, client.MergeFrom(existing.DeepCopy()))
}
