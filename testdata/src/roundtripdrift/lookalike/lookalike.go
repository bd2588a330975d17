// Package lookalike declares types named like Kubernetes' own: none of
// them is a quantity or a Secret, so nothing is reported.
package lookalike

import (
	"context"
	"reflect"

	appsv1 "k8s.io/api/apps/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Quantity is a number of items, not a resource.Quantity.
type Quantity struct{ N int }

// ResourceRequirements is the operator's own sizing.
type ResourceRequirements struct {
	Limits map[string]Quantity
}

// Secret is a record of the operator's, not a core Secret.
type Secret struct {
	Data       map[string][]byte
	StringData map[string]string
}

func sizing(n int) ResourceRequirements {
	return ResourceRequirements{Limits: map[string]Quantity{"items": {N: n}}}
}

func syncSizing(ctx context.Context, c client.Client, key client.ObjectKey, n int) error {
	live := &appsv1.Deployment{}
	if err := c.Get(ctx, key, live); err != nil {
		return err
	}
	want := sizing(n)
	got := ResourceRequirements{Limits: map[string]Quantity{"items": {N: int(*live.Spec.Replicas)}}}
	if !reflect.DeepEqual(got, want) {
		return c.Update(ctx, live)
	}
	return nil
}
