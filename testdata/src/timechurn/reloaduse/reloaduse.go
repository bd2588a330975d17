// Package reloaduse calls the reload helpers of another package.
package reloaduse

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"timechurn/reload"
)

type Reconciler struct{ client.Client }

// RIGHT: the Pods are stamped only when the configuration they mount
// changed.
func (r *Reconciler) syncConfig(ctx context.Context, cm *corev1.ConfigMap, lastHash, hash string) error {
	if hash != lastHash {
		return reload.RefreshPods(ctx, r.Client, cm.Namespace)
	}
	return nil
}

// The Pods stamped on every reconcile: each stamp is an update, and a new
// reconcile.
func (r *Reconciler) syncAlways(ctx context.Context, cm *corev1.ConfigMap) error {
	return reload.RefreshPods(ctx, r.Client, cm.Namespace) // want `reload.RefreshPods: pod.Annotations\[reloadedAt\] gets time.Now\(\) on every reconcile and Update sends it \(at reload.go:\d+\); this call runs without a change test`
}
