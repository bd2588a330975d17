// Package kube reads objects for the reconcilers of the module.
package kube

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Fetch reads the object named by obj's namespace and name into obj.
func Fetch(ctx context.Context, c client.Client, obj client.Object) error {
	return c.Get(ctx, client.ObjectKeyFromObject(obj), obj)
}
