package hpa

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// A report of what the reconcile saw.
type report struct {
	Replicas *int32
}

// The live count is saved, but into the report: the new spec still
// replaces it.
func (r *Reconciler) countReported(ctx context.Context, cache *Cache) (*report, error) {
	rep := &report{}
	dep := &appsv1.Deployment{}
	dep.Name = cache.Name
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, dep, func() error {
		rep.Replicas = dep.Spec.Replicas
		dep.Spec = buildSpec(cache) // want `live Deployment's Spec replaced wholesale, Spec.Replicas with it`
		return nil
	})
	return rep, err
}

// specBuilder assembles a Deployment spec step by step.
type specBuilder struct {
	spec appsv1.DeploymentSpec
}

func newSpecBuilder(cache *Cache) *specBuilder { return &specBuilder{spec: buildSpec(cache)} }

// keepCount takes the running count from the Deployment in the cluster.
func (b *specBuilder) keepCount(running *appsv1.Deployment) {
	b.spec.Replicas = running.Spec.Replicas
}

// RIGHT: a method of the builder takes the live count before its spec
// is used.
func (r *Reconciler) builderKeeps(ctx context.Context, cache *Cache) error {
	dep := &appsv1.Deployment{}
	dep.Name = cache.Name
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, dep, func() error {
		b := newSpecBuilder(cache)
		b.keepCount(dep)
		dep.Spec = b.spec
		return nil
	})
	return err
}

// RIGHT: a closure that captured the live object fills the count.
func (r *Reconciler) closureKeeps(ctx context.Context, cache *Cache) error {
	dep := &appsv1.Deployment{}
	dep.Name = cache.Name
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, dep, func() error {
		keep := func(s *appsv1.DeploymentSpec) {
			if dep.Spec.Replicas != nil {
				s.Replicas = dep.Spec.Replicas
			}
		}
		spec := buildSpec(cache)
		keep(&spec)
		dep.Spec = spec
		return nil
	})
	return err
}

// RIGHT: the count is taken from a helper's result pointer, filled from
// the live spec before it is dereferenced.
func (r *Reconciler) pointerKept(ctx context.Context, cache *Cache) error {
	dep := &appsv1.Deployment{}
	dep.Name = cache.Name
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, dep, func() error {
		spec := specPtr(cache)
		spec.Replicas = dep.Spec.Replicas
		dep.Spec = *spec
		return nil
	})
	return err
}

func specPtr(cache *Cache) *appsv1.DeploymentSpec {
	s := buildSpec(cache)
	return &s
}

// sameCount compares two specs' counts; it changes neither.
func sameCount(a, b *appsv1.DeploymentSpec) bool {
	return a.Replicas != nil && b.Replicas != nil && *a.Replicas == *b.Replicas
}

// The new spec is compared with the live one, not given its count: where
// the autoscaler moved the count, the spec replaces it.
func (r *Reconciler) comparedOnly(ctx context.Context, cache *Cache) error {
	dep := &appsv1.Deployment{}
	dep.Name = cache.Name
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, dep, func() error {
		spec := buildSpec(cache)
		if sameCount(&spec, &dep.Spec) {
			return nil
		}
		dep.Spec = spec // want `live Deployment's Spec replaced wholesale, Spec.Replicas with it`
		return nil
	})
	return err
}
