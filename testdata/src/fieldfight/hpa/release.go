package hpa

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// RIGHT: every object of a release goes into one list, the Deployment
// from the builder that keeps the cluster's count under autoscaling
// (readback.go). Each object is handed to one helper, and a type switch
// picks the mutate function for its kind: the spec that replaces the
// live one is the builder's, with the autoscaler's count in it.
func (r *Reconciler) releaseObjects(ctx context.Context, cache *Cache) []client.Object {
	objs := make([]client.Object, 0, 2)
	cm := &corev1.ConfigMap{}
	cm.Name = cache.Name + "-config"
	objs = append(objs, cm)
	objs = append(objs, r.buildKeepingCount(ctx, cache))
	return objs
}

func deploymentSpecFrom(dep *appsv1.Deployment, spec appsv1.DeploymentSpec) controllerutil.MutateFn {
	return func() error {
		dep.Spec = spec
		return nil
	}
}

func mutateFor(current, want client.Object) controllerutil.MutateFn {
	switch w := want.(type) {
	case *appsv1.Deployment:
		if cur, ok := current.(*appsv1.Deployment); ok {
			return deploymentSpecFrom(cur, w.Spec)
		}
	}
	return func() error { return nil }
}

func (r *Reconciler) applyOne(ctx context.Context, obj client.Object) error {
	current := obj.DeepCopyObject().(client.Object)
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, current, mutateFor(current, obj))
	return err
}

func (r *Reconciler) syncRelease(ctx context.Context, cache *Cache) error {
	for _, obj := range r.releaseObjects(ctx, cache) {
		if err := r.applyOne(ctx, obj); err != nil {
			return err
		}
	}
	return nil
}

// The same release whose Deployment takes its count from the resource:
// the list's Deployment does not carry the autoscaler's count, so the
// replacement is reported.
func (r *Reconciler) releaseFromResource(cache *Cache) []client.Object {
	return []client.Object{r.buildFromResource(cache)}
}

func deploymentSpecOf(dep *appsv1.Deployment, spec appsv1.DeploymentSpec) controllerutil.MutateFn {
	return func() error {
		dep.Spec = spec // want `live Deployment's Spec replaced wholesale, Spec.Replicas with it`
		return nil
	}
}

func (r *Reconciler) syncReleaseFromResource(ctx context.Context, cache *Cache) error {
	for _, obj := range r.releaseFromResource(cache) {
		current := obj.DeepCopyObject().(client.Object)
		if want, ok := obj.(*appsv1.Deployment); ok {
			if cur, ok := current.(*appsv1.Deployment); ok {
				if _, err := controllerutil.CreateOrUpdate(ctx, r.Client, cur, deploymentSpecOf(cur, want.Spec)); err != nil {
					return err
				}
			}
		}
	}
	return nil
}
