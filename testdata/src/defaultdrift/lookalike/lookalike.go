// Package lookalike declares types named like Kubernetes' own, which the
// server never defaults, and has a generated file.
package lookalike

import (
	"context"
	"reflect"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

// PodSpec is the operator's own type, not core/v1's: its DNSPolicy is
// never filled by the API server.
type PodSpec struct {
	DNSPolicy string
	Image     string
}

// Runner is a custom resource holding it.
type Runner struct {
	client.Object
	Spec PodSpec
}

func local(ctx context.Context, c client.Client, key client.ObjectKey) error {
	live := &Runner{}
	if err := c.Get(ctx, key, live); err != nil {
		return err
	}
	desired := PodSpec{Image: "runner:1"}
	if !reflect.DeepEqual(live.Spec, desired) {
		live.Spec = desired
		return c.Update(ctx, live)
	}
	return nil
}
