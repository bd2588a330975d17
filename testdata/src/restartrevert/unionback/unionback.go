// Package unionback: the live template's annotations put back by data
// flow around a wholesale replacement, without ever naming restartedAt.
package unionback

import (
	"context"
	"maps"

	appsv1 "k8s.io/api/apps/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Reconciler struct{ client.Client }

func desiredDeployment() *appsv1.Deployment { return &appsv1.Deployment{} }

func union(a, b map[string]string) map[string]string {
	out := maps.Clone(a)
	maps.Copy(out, b)
	return out
}

// Before: the desired template gets the live annotations, then the spec
// is replaced with it.
func (r *Reconciler) unionFirst(ctx context.Context, key client.ObjectKey) error {
	dep := &appsv1.Deployment{}
	_ = r.Get(ctx, key, dep)
	desired := desiredDeployment()
	desired.Spec.Template.Annotations = union(desired.Spec.Template.Annotations, dep.Spec.Template.Annotations)
	dep.Spec = desired.Spec
	return r.Update(ctx, dep)
}

// After: the live annotations are saved, the spec replaced, and the saved
// annotations unioned back in.
func (r *Reconciler) unionAfter(ctx context.Context, key client.ObjectKey) error {
	dep := &appsv1.Deployment{}
	_ = r.Get(ctx, key, dep)
	saved := dep.Spec.Template.Annotations
	dep.Spec = desiredDeployment().Spec
	dep.Spec.Template.Annotations = union(dep.Spec.Template.Annotations, saved)
	return r.Update(ctx, dep)
}

// Saving and not putting back is still a revert.
func (r *Reconciler) savedOnly(ctx context.Context, key client.ObjectKey, log func(map[string]string)) error {
	dep := &appsv1.Deployment{}
	_ = r.Get(ctx, key, dep)
	saved := dep.Spec.Template.Annotations
	dep.Spec = desiredDeployment().Spec // want `live Deployment's spec replaced wholesale`
	log(saved)
	return r.Update(ctx, dep)
}
