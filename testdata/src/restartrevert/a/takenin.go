package a

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// templateBuilder assembles a pod template step by step.
type templateBuilder struct {
	tmpl corev1.PodTemplateSpec
}

func newTemplateBuilder(name string) *templateBuilder {
	b := &templateBuilder{}
	b.tmpl.Labels = map[string]string{"app": name}
	b.tmpl.Annotations = map[string]string{"config-hash": "abc"}
	return b
}

// keepAnnotationsOf takes in every annotation of a running template.
func (b *templateBuilder) keepAnnotationsOf(running *corev1.PodTemplateSpec) {
	for k, v := range running.Annotations {
		if _, set := b.tmpl.Annotations[k]; !set {
			b.tmpl.Annotations[k] = v
		}
	}
}

// RIGHT: a method of the builder takes the live template's annotations in
// before its template replaces the live one.
func (r *Reconciler) builderTakesLiveAnnotations(ctx context.Context, key client.ObjectKey) error {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		return err
	}
	b := newTemplateBuilder(key.Name)
	b.keepAnnotationsOf(&dep.Spec.Template)
	dep.Spec.Template = b.tmpl
	return r.Update(ctx, dep)
}

// The desired template takes the workload's own labels from the live
// object, not its template's annotations: restartedAt is still dropped.
func (r *Reconciler) takesObjectLabelsOnly(ctx context.Context, key client.ObjectKey) error {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		return err
	}
	want := desiredDeployment(key.Name)
	want.Spec.Template.Labels = dep.Labels
	dep.Spec = want.Spec // want `live Deployment's spec replaced wholesale, dropping restartedAt`
	return r.Update(ctx, dep)
}
