// Package reload asks the Pods of a workload to read their mounted
// configuration again, by stamping an annotation on them.
package reload

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

const reloadedAt = "example.com/reloaded-at"

// RefreshPods stamps every Pod of the namespace and updates it. Whether
// that happens on every reconcile is up to the callers: the stamp is
// reported at their calls that no change test guards.
func RefreshPods(ctx context.Context, c client.Client, namespace string) error { // want RefreshPods:`timechurn\(sends a stamp at reload.go:\d+\)`
	pods := &corev1.PodList{}
	if err := c.List(ctx, pods, client.InNamespace(namespace)); err != nil {
		return err
	}
	for i := range pods.Items {
		pod := pods.Items[i]
		if pod.Annotations == nil {
			pod.Annotations = map[string]string{}
		}
		pod.Annotations[reloadedAt] = time.Now().Format(time.RFC3339)
		if err := c.Update(ctx, &pod); err != nil {
			return err
		}
	}
	return nil
}

// Touch stamps one Pod; a call of it in this package runs on every
// reconcile, so it is reported where it stamps.
func Touch(ctx context.Context, c client.Client, pod *corev1.Pod) error {
	pod.Annotations[reloadedAt] = time.Now().Format(time.RFC3339) // want `pod.Annotations\[reloadedAt\] gets time.Now\(\) on every reconcile and Update sends it`
	return c.Update(ctx, pod)
}

type Reconciler struct{ client.Client }

func (r *Reconciler) Reconcile(ctx context.Context, key client.ObjectKey) error {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, key, pod); err != nil {
		return err
	}
	return Touch(ctx, r.Client, pod)
}
