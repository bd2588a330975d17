// Package inverse: a Pod built from scratch, given the live Pod's
// metadata, and sent with Update replaces everything admission set.
package inverse

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

func UpdatePod(ctx context.Context, c client.Client, desired *corev1.Pod) error {
	current := &corev1.Pod{}
	if err := c.Get(ctx, client.ObjectKeyFromObject(desired), current); err != nil {
		return err
	}
	desired.ResourceVersion = current.ResourceVersion
	return c.Update(ctx, desired) // want `desired Pod written over the live one with Update, dropping every admission-set field`
}

// The live Pod changed in place: the fields admission set stay.
func LabelPod(ctx context.Context, c client.Client, key client.ObjectKey) error {
	current := &corev1.Pod{}
	if err := c.Get(ctx, key, current); err != nil {
		return err
	}
	current.Labels = map[string]string{"tier": "web"}
	return c.Update(ctx, current)
}
