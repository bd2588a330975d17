package nomerge

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

const deletionCostKey = "controller.kubernetes.io/pod-deletion-cost"

// scaleDownAfterMarking marks the Pod to go first, reads it back, and
// scales its ReplicaSet down once the mark is there: the presence check
// confirms the operator's own write and decides a write of another kind,
// not a drift of the Pod.
func (r *Reconciler) scaleDownAfterMarking(ctx context.Context, pod *corev1.Pod, rs *appsv1.ReplicaSet) error {
	pod.Annotations[deletionCostKey] = "-1000"
	if err := r.Update(ctx, pod); err != nil {
		return err
	}
	fresh := &corev1.Pod{}
	if err := r.Get(ctx, client.ObjectKeyFromObject(pod), fresh); err != nil {
		return err
	}
	if _, marked := fresh.Annotations[deletionCostKey]; marked {
		*rs.Spec.Replicas--
		return r.Update(ctx, rs)
	}
	return nil
}

// The same check deciding an Update of the Pod itself is drift: every
// reconcile that finds the key writes it again.
func (r *Reconciler) resetMark(ctx context.Context, key client.ObjectKey) error {
	fresh := &corev1.Pod{}
	if err := r.Get(ctx, key, fresh); err != nil {
		return err
	}
	if _, marked := fresh.Annotations[deletionCostKey]; marked { // want `drift decided by presence of annotation key "controller.kubernetes.io/pod-deletion-cost" on a live object; compare its value with the desired one`
		fresh.Annotations[deletionCostKey] = "0"
		return r.Update(ctx, fresh)
	}
	return nil
}
