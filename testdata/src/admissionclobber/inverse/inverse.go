// Package inverse: a Pod built from scratch, given the live Pod's
// metadata, and sent with Update replaces everything admission set.
package inverse

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// The desired Pod is built here, from a name; the live one is read into a
// value, and its version handed over with the setter.
func (r *Reconciler) recreate(ctx context.Context, name, image string) error {
	var current corev1.Pod
	if err := r.Get(ctx, client.ObjectKey{Name: name}, &current); err != nil {
		return err
	}
	desired := &corev1.Pod{Spec: corev1.PodSpec{Containers: []corev1.Container{{Name: "main", Image: image}}}}
	desired.Name = name
	desired.SetResourceVersion(current.GetResourceVersion())
	return r.Update(ctx, desired) // want `desired Pod written over the live one with Update, dropping every admission-set field`
}

type Reconciler struct{ client.Client }

// The live Pod changed in place: the fields admission set stay.
func LabelPod(ctx context.Context, c client.Client, key client.ObjectKey) error {
	current := &corev1.Pod{}
	if err := c.Get(ctx, key, current); err != nil {
		return err
	}
	current.Labels = map[string]string{"tier": "web"}
	return c.Update(ctx, current)
}
