package controllers

import (
	"context"
	"reflect"

	appsv1 "k8s.io/api/apps/v1"
	"k8s.io/apimachinery/pkg/types"

	cachev1alpha1 "github.com/reconcilelint/reconcilelint/examples/operator/api/v1alpha1"
)

// sizeExporter gives the exporter the resources the Cache asks for.
func (r *CacheReconciler) sizeExporter(ctx context.Context, cache *cachev1alpha1.Cache) error {
	live := &appsv1.Deployment{}
	if err := r.Get(ctx, types.NamespacedName{Namespace: cache.Namespace, Name: cache.Name + "-exporter"}, live); err != nil {
		return err
	}
	desired := exporterDeployment(cache)
	desired.Spec.Template.Spec.Containers[0].Resources = cache.Spec.ExporterResources
	if reflect.DeepEqual(live.Spec.Template.Spec.Containers[0].Resources, desired.Spec.Template.Spec.Containers[0].Resources) {
		return nil
	}
	live.Spec.Template.Spec.Containers[0].Resources = desired.Spec.Template.Spec.Containers[0].Resources
	return r.Update(ctx, live)
}
