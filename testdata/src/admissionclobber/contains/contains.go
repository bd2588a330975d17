// Package contains: each desired element looked for in a live Pod's list
// by strict equality, the Pod deleted when one is missing. Admission's
// defaults make the stored elements differ, so the Pod is deleted on every
// reconcile.
package contains

import (
	"context"
	"reflect"
	"slices"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Reconciler struct{ client.Client }

func hasToleration(list []corev1.Toleration, t corev1.Toleration) bool {
	for _, x := range list {
		if x == t {
			return true
		}
	}
	return false
}

func hasVolume(list []corev1.Volume, v corev1.Volume) bool {
	for _, x := range list {
		if reflect.DeepEqual(x, v) {
			return true
		}
	}
	return false
}

// Only the key is compared: admission's defaults do not matter.
func hasTolerationKey(list []corev1.Toleration, t corev1.Toleration) bool {
	for _, x := range list {
		if x.Key == t.Key {
			return true
		}
	}
	return false
}

func (r *Reconciler) check(ctx context.Context, key client.ObjectKey, want []corev1.Toleration, vols []corev1.Volume, secrets []corev1.LocalObjectReference) error {
	pod := &corev1.Pod{}
	_ = r.Get(ctx, key, pod)
	for _, t := range want {
		if !hasToleration(pod.Spec.Tolerations, t) { // want `drift check looks for a desired element in the live Pod's Tolerations by strict equality`
			return r.Delete(ctx, pod)
		}
		if !hasTolerationKey(pod.Spec.Tolerations, t) {
			return r.Delete(ctx, pod)
		}
	}
	for _, v := range vols {
		if !hasVolume(pod.Spec.Volumes, v) { // want `drift check looks for a desired element in the live Pod's Volumes by strict equality`
			return r.Delete(ctx, pod)
		}
	}
	for _, s := range secrets {
		if !slices.Contains(pod.Spec.ImagePullSecrets, s) { // want `drift check looks for a desired element in the live Pod's ImagePullSecrets by strict equality`
			return r.Delete(ctx, pod)
		}
	}
	return nil
}

// A miss that is only logged throws nothing away.
func (r *Reconciler) report(ctx context.Context, key client.ObjectKey, want []corev1.Toleration, log func(string)) {
	pod := &corev1.Pod{}
	_ = r.Get(ctx, key, pod)
	for _, t := range want {
		if !hasToleration(pod.Spec.Tolerations, t) {
			log("toleration missing")
		}
	}
}

// A desired Pod's own list is not drift.
func (r *Reconciler) desired(ctx context.Context, want corev1.Toleration) error {
	pod := &corev1.Pod{}
	if !hasToleration(pod.Spec.Tolerations, want) {
		return r.Create(ctx, pod)
	}
	return nil
}
