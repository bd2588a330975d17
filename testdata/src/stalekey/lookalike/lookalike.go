// Package lookalike declares types named like Kubernetes ones; their
// Annotations are not an object's metadata.
package lookalike

import (
	"context"
	"maps"
)

type ObjectMeta struct{ Annotations, Labels map[string]string }

type Deployment struct{ ObjectMeta }

type Client interface {
	Get(ctx context.Context, name string, obj *Deployment) error
	Update(ctx context.Context, obj *Deployment) error
}

func merge(ctx context.Context, c Client, debug bool) error {
	dep := &Deployment{}
	if err := c.Get(ctx, "x", dep); err != nil {
		return err
	}
	want := map[string]string{}
	if debug {
		want["example.com/debug"] = "1"
	}
	maps.Copy(dep.Annotations, want)
	return c.Update(ctx, dep)
}
