package claims

import (
	"context"
	"encoding/json"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// applyObject sends obj as a server-side apply patch built by hand from
// its JSON.
func applyObject(ctx context.Context, c client.Client, obj client.Object) error {
	data, err := json.Marshal(obj)
	if err != nil {
		return err
	}
	return c.Patch(ctx, obj, client.RawPatch(client.Apply.Type(), data), client.ForceOwnership)
}

// RIGHT: the claim read first is given its desired spec and sent as an
// apply patch built by hand. Apply leaves volumeName, which the binder
// owns, where it is.
func applyClaim(ctx context.Context, c client.Client, key client.ObjectKey, class string) error {
	pvc := &corev1.PersistentVolumeClaim{}
	if err := c.Get(ctx, key, pvc); err != nil {
		return err
	}
	pvc.Spec = claimSpec(class)
	return applyObject(ctx, c, pvc)
}
