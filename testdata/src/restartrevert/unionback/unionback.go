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

// The annotations saved only when there are any (a phi of the saved map
// and nil), then put back: the value is still the live template's, read
// before the replacement.
func (r *Reconciler) savedWhenSet(ctx context.Context, key client.ObjectKey) error {
	dep := &appsv1.Deployment{}
	_ = r.Get(ctx, key, dep)
	var kept map[string]string
	if len(dep.Spec.Template.Annotations) > 0 {
		kept = dep.Spec.Template.Annotations
	}
	dep.Spec = desiredDeployment().Spec
	dep.Spec.Template.Annotations = union(dep.Spec.Template.Annotations, kept)
	return r.Update(ctx, dep)
}

// Saved in a struct of what is kept across the replacement.
type keptState struct {
	annotations map[string]string
	replicas    *int32
}

func (r *Reconciler) savedInStruct(ctx context.Context, key client.ObjectKey) error {
	dep := &appsv1.Deployment{}
	_ = r.Get(ctx, key, dep)
	st := keptState{annotations: dep.Spec.Template.Annotations, replicas: dep.Spec.Replicas}
	dep.Spec = desiredDeployment().Spec
	dep.Spec.Replicas = st.replicas
	dep.Spec.Template.Annotations = union(dep.Spec.Template.Annotations, st.annotations)
	return r.Update(ctx, dep)
}

// A "restore" that reads the template after it was replaced reads the new
// one: nothing of the live template comes back.
func (r *Reconciler) readTooLate(ctx context.Context, key client.ObjectKey, extra map[string]string) error {
	dep := &appsv1.Deployment{}
	_ = r.Get(ctx, key, dep)
	dep.Spec = desiredDeployment().Spec // want `live Deployment's spec replaced wholesale`
	fresh := dep.Spec.Template.Annotations
	dep.Spec.Template.Annotations = union(extra, fresh)
	return r.Update(ctx, dep)
}

// templateAnnotations reads a workload's pod template annotations.
func templateAnnotations(d *appsv1.Deployment) map[string]string {
	return d.Spec.Template.Annotations
}

// Saved through an accessor before the replacement, and put back.
func (r *Reconciler) savedByAccessor(ctx context.Context, key client.ObjectKey) error {
	dep := &appsv1.Deployment{}
	_ = r.Get(ctx, key, dep)
	saved := templateAnnotations(dep)
	dep.Spec = desiredDeployment().Spec
	dep.Spec.Template.Annotations = union(dep.Spec.Template.Annotations, saved)
	return r.Update(ctx, dep)
}

// The accessor called after the replacement reads the new template.
func (r *Reconciler) accessorTooLate(ctx context.Context, key client.ObjectKey) error {
	dep := &appsv1.Deployment{}
	_ = r.Get(ctx, key, dep)
	dep.Spec = desiredDeployment().Spec // want `live Deployment's spec replaced wholesale`
	fresh := templateAnnotations(dep)
	dep.Spec.Template.Annotations = union(fresh, nil)
	return r.Update(ctx, dep)
}

// The accessor handed another workload: nothing of this one's template is
// saved.
func (r *Reconciler) accessorOfAnother(ctx context.Context, key client.ObjectKey, other *appsv1.Deployment) error {
	dep := &appsv1.Deployment{}
	_ = r.Get(ctx, key, dep)
	saved := templateAnnotations(other)
	dep.Spec = desiredDeployment().Spec // want `live Deployment's spec replaced wholesale`
	dep.Spec.Template.Annotations = union(dep.Spec.Template.Annotations, saved)
	return r.Update(ctx, dep)
}
