package controllers

import (
	"context"
	"maps"
	"slices"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/util/intstr"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	cachev1alpha1 "github.com/reconcilelint/reconcilelint/examples/operator/api/v1alpha1"
	"github.com/reconcilelint/reconcilelint/examples/operator/internal/naming"
)

// ensureService creates or updates the cache's headless Service.
func (r *CacheReconciler) ensureService(ctx context.Context, cache *cachev1alpha1.Cache) error {
	svc := &corev1.Service{}
	svc.Name = naming.Headless(cache.Name)
	svc.Namespace = cache.Namespace
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, svc, func() error {
		svc.Spec.ClusterIP = corev1.ClusterIPNone
		svc.Spec.Selector = map[string]string{"app.kubernetes.io/instance": cache.Name}
		svc.Spec.Ports = servicePorts(cache.Spec.Ports)
		return controllerutil.SetControllerReference(cache, svc, r.Scheme())
	})
	return err
}

// servicePorts mirrors the container ports on the Service.
func servicePorts(ports map[string]int32) []corev1.ServicePort {
	var out []corev1.ServicePort
	for name, port := range ports {
		out = append(out, corev1.ServicePort{
			Name:       name,
			Port:       port,
			TargetPort: intstr.FromString(name),
		})
	}
	return out
}

// sortedKeys returns the keys of m in order.
func sortedKeys[V any](m map[string]V) []string {
	return slices.Sorted(maps.Keys(m))
}
