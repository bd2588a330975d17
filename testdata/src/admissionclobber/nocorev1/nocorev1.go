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

// refreshThroughHelper names nothing of core/v1, not even a field: only
// its variable's type makes it a function that handles a Pod, and the
// helper it hands the live Pod to replaces the pull secrets.
func refreshThroughHelper(ctx context.Context, c client.Client, key client.ObjectKey) error {
	pod := pods.Empty()
	if err := c.Get(ctx, key, pod); err != nil {
		return err
	}
	pods.SetPullSecrets(pod) // want `pods.SetPullSecrets: live Pod.s ImagePullSecrets replaced wholesale`
	return c.Update(ctx, pod)
}
