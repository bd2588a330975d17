// Package fix holds the comparisons whose suggested fix is
// equality.Semantic.DeepEqual, in files that need each import edit.
package fix

import (
	"context"
	"reflect"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// reflect is used only by the finding: its import becomes equality's.
func syncOne(ctx context.Context, c client.Client, key client.ObjectKey, res corev1.ResourceRequirements) error {
	live := &appsv1.Deployment{}
	if err := c.Get(ctx, key, live); err != nil {
		return err
	}
	want := withResources(res)
	if !reflect.DeepEqual(live.Spec.Template.Spec.Containers[0].Resources, want.Spec.Template.Spec.Containers[0].Resources) { // want `compared with reflect.DeepEqual: the API server returns quantities in canonical form`
		live.Spec.Template.Spec.Containers[0].Resources = res
		return c.Update(ctx, live)
	}
	return nil
}

func withResources(res corev1.ResourceRequirements) *appsv1.Deployment {
	return &appsv1.Deployment{Spec: appsv1.DeploymentSpec{Template: corev1.PodTemplateSpec{Spec: corev1.PodSpec{
		Containers: []corev1.Container{{Name: "app", Resources: res}},
	}}}}
}
