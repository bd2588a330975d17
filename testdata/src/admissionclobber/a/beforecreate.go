package a

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// fillNewPod gives a Pod not created yet its whole spec; a Pod that
// exists keeps the spec admission completed.
func fillNewPod(pod *corev1.Pod, spec corev1.PodSpec) {
	if pod.CreationTimestamp.IsZero() {
		pod.Spec = spec
	}
	pod.Labels = map[string]string{"app": "server"}
}

// RIGHT: the spec is set only while the Pod is being created.
func (r *Reconciler) ensureServer(ctx context.Context, name string, spec corev1.PodSpec) error {
	pod := &corev1.Pod{}
	pod.Name = name
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, pod, func() error {
		fillNewPod(pod, spec)
		return nil
	})
	return err
}

// RIGHT: the same test by the resourceVersion, in the mutate function.
func (r *Reconciler) ensureServerByVersion(ctx context.Context, name string, tolerations []corev1.Toleration) error {
	pod := &corev1.Pod{}
	pod.Name = name
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, pod, func() error {
		if pod.GetResourceVersion() != "" {
			return nil
		}
		pod.Spec.Tolerations = tolerations
		return nil
	})
	return err
}

// The test the other way round: the tolerations are replaced on the Pod
// that exists.
func (r *Reconciler) ensureServerExisting(ctx context.Context, name string, tolerations []corev1.Toleration) error {
	pod := &corev1.Pod{}
	pod.Name = name
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, pod, func() error {
		if !pod.CreationTimestamp.IsZero() {
			pod.Spec.Tolerations = tolerations // want `live Pod's Tolerations replaced wholesale: the Pod never matches its desired state`
		}
		return nil
	})
	return err
}
