// Package lookalike declares types named like Kubernetes ones; no
// admission touches them.
package lookalike

import "context"

type LocalObjectReference struct{ Name string }

type PodSpec struct{ ImagePullSecrets []LocalObjectReference }

type Pod struct{ Spec PodSpec }

type Client interface {
	Get(ctx context.Context, name string, obj *Pod) error
	Update(ctx context.Context, obj *Pod) error
}

func secrets(ctx context.Context, c Client, want []LocalObjectReference) error {
	pod := &Pod{}
	if err := c.Get(ctx, "x", pod); err != nil {
		return err
	}
	pod.Spec.ImagePullSecrets = want
	return c.Update(ctx, pod)
}
