package a

import (
	"context"
	"maps"
	"reflect"
	"strings"

	"sigs.k8s.io/controller-runtime/pkg/client"

	appsv1 "k8s.io/api/apps/v1"
)

// keepSystemKeys copies into desired the live keys of Kubernetes' own
// domains that desired does not set; kubectl's restartedAt is one.
func keepSystemKeys(desired, live map[string]string) {
	for k, v := range live {
		if _, set := desired[k]; !set && strings.Contains(k, "kubernetes.io") {
			desired[k] = v
		}
	}
}

// The desired template takes the live system keys in before the strict
// comparison: a restart is in both maps, so it does not read as drift.
func (r *Reconciler) compareAfterKeepingSystemKeys(ctx context.Context, key client.ObjectKey) error {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		return err
	}
	want := desiredDeployment(key.Name)
	keepSystemKeys(want.Spec.Template.Annotations, dep.Spec.Template.Annotations)
	if !reflect.DeepEqual(want.Spec.Template.Annotations, dep.Spec.Template.Annotations) {
		dep.Spec.Template.Annotations = want.Spec.Template.Annotations
		return r.Update(ctx, dep)
	}
	return nil
}

// Taking the system keys in only after the comparison is too late.
func (r *Reconciler) compareBeforeKeepingSystemKeys(ctx context.Context, key client.ObjectKey) error {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		return err
	}
	want := desiredDeployment(key.Name)
	if !reflect.DeepEqual(want.Spec.Template.Annotations, dep.Spec.Template.Annotations) { // want `drift check compares the live Deployment's pod template annotations strictly`
		keepSystemKeys(want.Spec.Template.Annotations, dep.Spec.Template.Annotations)
		dep.Spec.Template.Annotations = want.Spec.Template.Annotations
		return r.Update(ctx, dep)
	}
	return nil
}

// systemKeysDiffer compares two Deployments' template annotations; its one
// caller has the desired template take the live system keys in first.
func systemKeysDiffer(x, y *appsv1.Deployment) bool {
	return !reflect.DeepEqual(x.Spec.Template.Annotations, y.Spec.Template.Annotations)
}

func (r *Reconciler) compareInHelperAfterKeeping(ctx context.Context, key client.ObjectKey) error {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		return err
	}
	want := desiredDeployment(key.Name)
	keepSystemKeys(want.Spec.Template.Annotations, dep.Spec.Template.Annotations)
	if systemKeysDiffer(dep, want) {
		dep.Spec.Template.Annotations = want.Spec.Template.Annotations
		return r.Update(ctx, dep)
	}
	return nil
}

// annotationsDiffer is the same helper, called without the copy first.
func annotationsDiffer(x, y *appsv1.Deployment) bool {
	return !maps.Equal(x.Spec.Template.Annotations, y.Spec.Template.Annotations) // want `drift check compares the live Deployment's pod template annotations strictly`
}

func (r *Reconciler) compareInHelperOnly(ctx context.Context, key client.ObjectKey) error {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		return err
	}
	if annotationsDiffer(dep, desiredDeployment(key.Name)) {
		return r.Update(ctx, dep)
	}
	return nil
}
