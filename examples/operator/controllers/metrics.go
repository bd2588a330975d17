package controllers

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/equality"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/intstr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	cachev1alpha1 "github.com/reconcilelint/reconcilelint/examples/operator/api/v1alpha1"
)

// ensureMetricsService keeps the cache's metrics Service in its desired
// state.
func (r *CacheReconciler) ensureMetricsService(ctx context.Context, cache *cachev1alpha1.Cache) error {
	desired := &corev1.Service{
		ObjectMeta: metav1.ObjectMeta{Name: cache.Name + "-metrics", Namespace: cache.Namespace},
		Spec: corev1.ServiceSpec{
			Selector: map[string]string{"app.kubernetes.io/instance": cache.Name},
			Ports:    []corev1.ServicePort{{Name: "metrics", Port: 9121, TargetPort: intstr.FromInt32(9121)}},
		},
	}
	live := &corev1.Service{}
	if err := r.Get(ctx, client.ObjectKeyFromObject(desired), live); err != nil {
		if apierrors.IsNotFound(err) {
			return r.Create(ctx, desired)
		}
		return err
	}
	if !equality.Semantic.DeepEqual(live.Spec, desired.Spec) {
		live.Spec = desired.Spec
		return r.Update(ctx, live)
	}
	return nil
}
