// Package nocorev1 reads a Pod into a value from a helper and never imports
// k8s.io/api/core/v1: what it names is still a Pod, and still reported.
package nocorev1

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"

	"admissionclobber/nocorev1/pods"
)

func refresh(ctx context.Context, c client.Client, key client.ObjectKey) error {
	pod := pods.Empty()
	if err := c.Get(ctx, key, pod); err != nil {
		return err
	}
	pod.Spec.ImagePullSecrets = pods.PullSecrets() // want `live Pod's ImagePullSecrets replaced wholesale`
	return c.Update(ctx, pod)
}
