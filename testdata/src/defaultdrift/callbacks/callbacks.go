// Package callbacks: strict comparisons inside the callbacks of a
// framework of another package. The one whose answer decides the
// framework's update is a loop; the one it only logs is not.
package callbacks

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/equality"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"defaultdrift/callbacks/reconciler"
)

func build(name string) *appsv1.Deployment { // want build:`builds\(result sets \d+\)`
	return &appsv1.Deployment{Spec: appsv1.DeploymentSpec{Template: corev1.PodTemplateSpec{Spec: corev1.PodSpec{
		Containers: []corev1.Container{{Name: name, Image: "example.com/app:1"}},
	}}}}
}

func reconcile(ctx context.Context, c client.Client, name string) error {
	expected := build(name)
	reconciled := &appsv1.Deployment{}
	return reconciler.ReconcileResource(ctx, &reconciler.Params{
		Client:     c,
		Expected:   expected,
		Reconciled: reconciled,
		NeedsUpdate: func() bool {
			return !equality.Semantic.DeepEqual(reconciled.Spec, expected.Spec) // want `live Deployment's Spec compared strictly`
		},
		Log: func() bool {
			return !equality.Semantic.DeepEqual(reconciled.Spec.Template, expected.Spec.Template)
		},
		Update: func() {
			reconciled.Spec = expected.Spec
		},
	})
}
