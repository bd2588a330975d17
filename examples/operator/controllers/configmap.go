package controllers

import (
	"context"
	"maps"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	cachev1alpha1 "github.com/reconcilelint/reconcilelint/examples/operator/api/v1alpha1"
	"github.com/reconcilelint/reconcilelint/examples/operator/internal/meta"
)

// replicasOverrideAnnotation records that the user pinned the replicas.
const replicasOverrideAnnotation = "cache.example.com/replicas-override"

// desiredConfigMap builds the cache's settings ConfigMap.
func desiredConfigMap(cache *cachev1alpha1.Cache) *corev1.ConfigMap {
	annotations := map[string]string{"app.kubernetes.io/managed-by": "cache-operator"}
	if cache.Spec.Replicas > 0 {
		annotations[replicasOverrideAnnotation] = "true"
	}
	return &corev1.ConfigMap{
		ObjectMeta: metav1.ObjectMeta{Name: cache.Name + "-settings", Namespace: cache.Namespace, Annotations: annotations},
		Data:       cache.Spec.Config,
	}
}

// ensureConfigMap updates the cache's settings ConfigMap in place.
func (r *CacheReconciler) ensureConfigMap(ctx context.Context, cache *cachev1alpha1.Cache) error {
	desired := desiredConfigMap(cache)
	live := &corev1.ConfigMap{}
	if err := r.Get(ctx, client.ObjectKeyFromObject(desired), live); err != nil {
		if client.IgnoreNotFound(err) != nil {
			return err
		}
		return r.Create(ctx, desired)
	}
	if !configMapNeedsUpdate(live, cache) {
		return nil
	}
	live.Annotations = meta.MergeAnnotations(desired.Annotations, live.Annotations)
	live.Data = desired.Data
	return r.Update(ctx, live)
}

// configMapNeedsUpdate reports whether the settings ConfigMap must be
// rewritten.
func configMapNeedsUpdate(live *corev1.ConfigMap, cache *cachev1alpha1.Cache) bool {
	if cache.Spec.Replicas == 0 {
		_, pinned := live.Annotations[replicasOverrideAnnotation]
		return pinned
	}
	return !maps.Equal(live.Data, cache.Spec.Config)
}
