package controllers

import (
	"context"
	"maps"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"

	cachev1alpha1 "github.com/reconcilelint/reconcilelint/examples/operator/api/v1alpha1"
)

// exporterDeployment is the desired metrics exporter next to the cache.
func exporterDeployment(cache *cachev1alpha1.Cache) *appsv1.Deployment {
	labels := map[string]string{"app": cache.Name + "-exporter"}
	return &appsv1.Deployment{
		ObjectMeta: metav1.ObjectMeta{Name: cache.Name + "-exporter", Namespace: cache.Namespace},
		Spec: appsv1.DeploymentSpec{
			Selector: &metav1.LabelSelector{MatchLabels: labels},
			Template: corev1.PodTemplateSpec{
				ObjectMeta: metav1.ObjectMeta{
					Labels:      labels,
					Annotations: map[string]string{"cache.example.com/image": cache.Spec.Image},
				},
				Spec: corev1.PodSpec{Containers: []corev1.Container{{Name: "exporter", Image: "example.com/exporter:v1"}}},
			},
		},
	}
}

// ensureExporter updates the exporter when its template drifts.
func (r *CacheReconciler) ensureExporter(ctx context.Context, cache *cachev1alpha1.Cache) error {
	desired := exporterDeployment(cache)
	live := &appsv1.Deployment{}
	if err := r.Get(ctx, types.NamespacedName{Namespace: desired.Namespace, Name: desired.Name}, live); err != nil {
		return err
	}
	if maps.Equal(live.Spec.Template.Annotations, desired.Spec.Template.Annotations) {
		return nil
	}
	live.Spec.Template = desired.Spec.Template
	return r.Update(ctx, live)
}
