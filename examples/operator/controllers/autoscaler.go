package controllers

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	autoscalingv2 "k8s.io/api/autoscaling/v2"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	cachev1alpha1 "github.com/reconcilelint/reconcilelint/examples/operator/api/v1alpha1"
)

// ensureExporterAutoscaler scales the metrics exporter with its load.
func (r *CacheReconciler) ensureExporterAutoscaler(ctx context.Context, cache *cachev1alpha1.Cache) error {
	hpa := &autoscalingv2.HorizontalPodAutoscaler{
		ObjectMeta: metav1.ObjectMeta{Name: cache.Name + "-exporter", Namespace: cache.Namespace},
	}
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, hpa, func() error {
		hpa.Spec.ScaleTargetRef = autoscalingv2.CrossVersionObjectReference{
			APIVersion: "apps/v1", Kind: "Deployment", Name: cache.Name + "-exporter",
		}
		minReplicas := int32(1)
		hpa.Spec.MinReplicas = &minReplicas
		hpa.Spec.MaxReplicas = 5
		return nil
	})
	return err
}

// scaleExporter gives the exporter one replica per cache replica: the
// autoscaler above scales it too, and every reconcile undoes its work.
func (r *CacheReconciler) scaleExporter(ctx context.Context, cache *cachev1alpha1.Cache) error {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, types.NamespacedName{Namespace: cache.Namespace, Name: cache.Name + "-exporter"}, dep); err != nil {
		return err
	}
	replicas := cache.Spec.Replicas
	dep.Spec.Replicas = &replicas
	return r.Update(ctx, dep)
}
