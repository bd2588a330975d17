// Package controllers reconciles Caches.
package controllers

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"

	corev1 "k8s.io/api/core/v1"
	appsv1ac "k8s.io/client-go/applyconfigurations/apps/v1"
	corev1ac "k8s.io/client-go/applyconfigurations/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	cachev1alpha1 "github.com/reconcilelint/reconcilelint/examples/operator/api/v1alpha1"
	"github.com/reconcilelint/reconcilelint/examples/operator/internal/naming"
)

const fieldOwner = client.FieldOwner("cache-operator")

// applyStatefulSet server-side applies the cache's StatefulSet.
func (r *CacheReconciler) applyStatefulSet(ctx context.Context, cache *cachev1alpha1.Cache) error {
	var env []*corev1ac.EnvVarApplyConfiguration
	for name, value := range cache.Spec.Env {
		env = append(env, corev1ac.EnvVar().WithName(name).WithValue(value))
	}

	container := corev1ac.Container().
		WithName("cache").
		WithImage(cache.Spec.Image).
		WithArgs(naming.Flags(cache.Spec.Config)...).
		WithEnv(env...).
		WithPorts(containerPorts(cache.Spec.Ports)...)

	template := corev1ac.PodTemplateSpec().
		WithLabels(map[string]string{"app.kubernetes.io/instance": cache.Name}).
		WithAnnotations(map[string]string{"cache.example.com/config-hash": configHash(cache.Spec.Config)}).
		WithSpec(corev1ac.PodSpec().WithContainers(container))

	sts := appsv1ac.StatefulSet(cache.Name, cache.Namespace).
		WithSpec(appsv1ac.StatefulSetSpec().
			WithReplicas(cache.Spec.Replicas).
			WithServiceName(naming.Headless(cache.Name)).
			WithTemplate(template))
	return r.Apply(ctx, sts, fieldOwner, client.ForceOwnership)
}

// containerPorts lists the cache's ports in a stable order.
func containerPorts(ports map[string]int32) []*corev1ac.ContainerPortApplyConfiguration {
	var out []*corev1ac.ContainerPortApplyConfiguration
	for _, name := range sortedKeys(ports) {
		out = append(out, corev1ac.ContainerPort().
			WithName(name).
			WithContainerPort(ports[name]).
			WithProtocol(corev1.ProtocolTCP))
	}
	return out
}

// configHash changes when the cache's configuration changes, so that the
// pods restart.
func configHash(config map[string]string) string {
	h := sha256.New()
	for k, v := range config {
		fmt.Fprintf(h, "%s=%s\n", k, v)
	}
	return hex.EncodeToString(h.Sum(nil))
}
