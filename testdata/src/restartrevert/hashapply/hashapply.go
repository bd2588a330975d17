// Package hashapply sends an object only when the hash of what is sent
// differs from the one kept in an annotation of the object on the server.
package hashapply

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

const hashKey = "example.com/last-config-hash"

func hashOf(obj client.Object) string { return "h" }

// Apply creates obj, or updates it when its hash changed.
func Apply(ctx context.Context, c client.Client, obj client.Object, onServer client.Object) error {
	hash := hashOf(obj)
	obj.SetAnnotations(map[string]string{hashKey: hash})
	if err := c.Get(ctx, client.ObjectKeyFromObject(obj), onServer); err != nil {
		return c.Create(ctx, obj)
	}
	if onServer.GetAnnotations()[hashKey] != hash {
		return c.Update(ctx, obj)
	}
	return nil
}

// ApplyAlways creates obj, or updates it, whether its hash changed or not.
func ApplyAlways(ctx context.Context, c client.Client, obj client.Object, onServer client.Object) error {
	obj.SetAnnotations(map[string]string{hashKey: hashOf(obj)})
	if err := c.Get(ctx, client.ObjectKeyFromObject(obj), onServer); err != nil {
		return c.Create(ctx, obj)
	}
	return c.Update(ctx, obj)
}
