// Package concurrent is asked about by several analyzers at once: the
// calls of another package's helpers, whose Summaries the questions read.
package concurrent

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"restartrevert/hash/kubeutil"
)

func desired(name string) *appsv1.Deployment {
	d := &appsv1.Deployment{}
	d.Name = name
	return d
}

func sync(ctx context.Context, c client.Client, key client.ObjectKey) error {
	live := &appsv1.Deployment{}
	if err := c.Get(ctx, key, live); err != nil {
		return err
	}
	want := desired(key.Name)
	if err := kubeutil.UpdateIfChanged(ctx, c, live, want); err != nil {
		return err
	}
	return kubeutil.UpdateFromObject(ctx, c, desired(key.Name), live.ObjectMeta)
}

func resync(ctx context.Context, c client.Client, key client.ObjectKey, stale bool) error {
	live := &appsv1.Deployment{}
	if err := c.Get(ctx, key, live); err != nil {
		return err
	}
	if stale {
		return kubeutil.UpdateFromObject(ctx, c, desired(key.Name), live.ObjectMeta)
	}
	return kubeutil.UpdateIfChanged(ctx, c, live, desired(key.Name))
}
