package controllers

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/equality"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/types"

	cachev1alpha1 "github.com/reconcilelint/reconcilelint/examples/operator/api/v1alpha1"
	"github.com/reconcilelint/reconcilelint/examples/operator/internal/podmerge"
)

// warmerPod is the desired cache-warmer Pod, which the operator manages
// directly: a changed Pod is deleted and created again.
func warmerPod(cache *cachev1alpha1.Cache) *corev1.Pod {
	runAsUser := int64(1000)
	return &corev1.Pod{
		Spec: corev1.PodSpec{
			Containers: []corev1.Container{{
				Name:            "warmer",
				Image:           cache.Spec.Image,
				SecurityContext: &corev1.SecurityContext{RunAsUser: &runAsUser},
			}},
		},
	}
}

// ensureWarmer recreates the warmer Pod when it drifts from the desired one.
func (r *CacheReconciler) ensureWarmer(ctx context.Context, cache *cachev1alpha1.Cache, pullSecrets []corev1.LocalObjectReference) error {
	desired := warmerPod(cache)
	desired.Name, desired.Namespace = cache.Name+"-warmer", cache.Namespace

	live := &corev1.Pod{}
	err := r.Get(ctx, types.NamespacedName{Namespace: desired.Namespace, Name: desired.Name}, live)
	if apierrors.IsNotFound(err) {
		desired.Spec.ImagePullSecrets = pullSecrets // a new Pod: fine
		return r.Create(ctx, desired)
	}
	if err != nil {
		return err
	}

	updated := live.DeepCopy()
	updated.Spec.ImagePullSecrets = pullSecrets
	podmerge.Containers(updated.Spec.Containers, desired.Spec.Containers)
	if equality.Semantic.DeepEqual(live.Spec, updated.Spec) {
		return nil
	}
	return r.Delete(ctx, live) // created again on the next pass
}
