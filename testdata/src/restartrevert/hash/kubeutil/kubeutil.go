// Package kubeutil writes a desired object over the live one, taking the
// live one's metadata.
package kubeutil

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// UpdateFromObject sends obj with the live object's resourceVersion.
func UpdateFromObject(ctx context.Context, c client.Client, obj client.Object, live metav1.ObjectMeta) error {
	obj.SetResourceVersion(live.ResourceVersion)
	return c.Update(ctx, obj)
}

// UpdateIfChanged sends desired over current only when a three-way
// comparison against the last applied configuration finds a change: a
// restart's annotation, absent from the last applied one, is no change.
func UpdateIfChanged(ctx context.Context, c client.Client, current, desired client.Object) error {
	if !changedSinceApplied(current, desired) {
		return nil
	}
	desired.SetResourceVersion(current.GetResourceVersion())
	return c.Update(ctx, desired)
}

func changedSinceApplied(current, desired client.Object) bool {
	return current.GetAnnotations()["last-applied"] != desired.GetAnnotations()["last-applied"]
}
