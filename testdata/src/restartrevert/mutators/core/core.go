// Package core writes the module's objects: a create-or-update that
// applies a list of mutators to the server's copy.
package core

import (
	"context"
	"reflect"

	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// Mutator changes an object before it is written.
type Mutator[T any] func(obj T) error

// Apply reads the object named key, lets every mutator change it in turn
// and writes it back; it is created when it is not found.
func Apply[T client.Object](ctx context.Context, c client.Client, key types.NamespacedName, mutators ...Mutator[T]) (T, error) {
	var obj T
	obj = reflect.New(reflect.TypeOf(obj).Elem()).Interface().(T)
	obj.SetNamespace(key.Namespace)
	obj.SetName(key.Name)
	_, err := controllerutil.CreateOrUpdate(ctx, c, obj, func() error {
		for _, mutate := range mutators {
			if err := mutate(obj); err != nil {
				return err
			}
		}
		return nil
	})
	return obj, err
}

// Owned sets the owner's labels; it leaves the template alone.
func Owned[T client.Object](owner string) Mutator[T] {
	return func(obj T) error {
		labels := obj.GetLabels()
		if labels == nil {
			labels = map[string]string{}
		}
		labels["app.kubernetes.io/managed-by"] = owner
		obj.SetLabels(labels)
		return nil
	}
}
