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

// CreateOrUpdate reads obj, lets mutate change it, and writes it back;
// obj is created when it is not found.
func CreateOrUpdate[T client.Object](ctx context.Context, c client.Client, obj T, mutate func(T)) error {
	if err := c.Get(ctx, client.ObjectKeyFromObject(obj), obj); err != nil {
		mutate(obj)
		return c.Create(ctx, obj)
	}
	mutate(obj)
	return c.Update(ctx, obj)
}
