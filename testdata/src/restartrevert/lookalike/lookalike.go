// Package lookalike declares types named like Kubernetes ones; kubectl
// rollout restart knows nothing of them.
package lookalike

import "context"

type PodTemplateSpec struct{ Annotations map[string]string }

type DeploymentSpec struct{ Template PodTemplateSpec }

type Deployment struct{ Spec DeploymentSpec }

type Client interface {
	Get(ctx context.Context, name string, obj *Deployment) error
	Update(ctx context.Context, obj *Deployment) error
}

func replace(ctx context.Context, c Client, tmpl PodTemplateSpec) error {
	dep := &Deployment{}
	if err := c.Get(ctx, "x", dep); err != nil {
		return err
	}
	dep.Spec.Template = tmpl
	return c.Update(ctx, dep)
}

// A method named DeepCopy that is not a deep copy of its receiver.
type Snapshot struct{ Annotations map[string]string }

func (Deployment) DeepCopy() *Snapshot { return &Snapshot{} }
