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
