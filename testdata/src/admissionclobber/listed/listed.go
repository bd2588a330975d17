// Package listed: Pods listed through helpers of another package, then
// each desired toleration looked for by strict equality and the Pod
// deleted when one is missing. Admission adds tolerations and defaults
// their fields, so the Pod is deleted on every reconcile.
package listed

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"admissionclobber/listed/kube"
)

type Reconciler struct{ client.Client }

func contains(list []corev1.Toleration, t corev1.Toleration) bool {
	for _, x := range list {
		if x == t {
			return true
		}
	}
	return false
}

func containsKey(list []corev1.Toleration, t corev1.Toleration) bool {
	for _, x := range list {
		if x.Key == t.Key {
			return true
		}
	}
	return false
}

func (r *Reconciler) prune(ctx context.Context, want []corev1.Toleration) error {
	pods, err := kube.Pods(ctx, r.Client, client.InNamespace("ns"))
	if err != nil {
		return err
	}
	for i := range pods {
		pod := &pods[i]
		for _, t := range want {
			if !contains(pod.Spec.Tolerations, t) { // want `drift check looks for a desired element in the live Pod's Tolerations by strict equality`
				return r.Delete(ctx, pod)
			}
		}
	}
	return nil
}

// The fixed form compares keys only.
func (r *Reconciler) pruneByKey(ctx context.Context, want []corev1.Toleration) error {
	pods, err := kube.Pods(ctx, r.Client)
	if err != nil {
		return err
	}
	for i := range pods {
		for _, t := range want {
			if !containsKey(pods[i].Spec.Tolerations, t) {
				return r.Delete(ctx, &pods[i])
			}
		}
	}
	return nil
}

// Through the generic helper: the items come back through a function
// value of this package, which the helper hands the list it read.
func (r *Reconciler) pruneGeneric(ctx context.Context, want []corev1.Toleration) error {
	pods, err := kube.List(ctx, r.Client, &corev1.PodList{}, func(l *corev1.PodList) []corev1.Pod { return l.Items })
	if err != nil {
		return err
	}
	for _, pod := range pods {
		for _, t := range want {
			if !contains(pod.Spec.Tolerations, t) { // want `drift check looks for a desired element in the live Pod's Tolerations by strict equality`
				return r.Delete(ctx, &pod)
			}
		}
	}
	return nil
}
