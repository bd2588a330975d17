// Package apply with the fixed merge helper: silent.
package apply

import (
	"context"
	"encoding/json"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fieldfight/crdskeep/merge"
)

func applyCRD(ctx context.Context, c client.Client, raw []byte) error {
	required := &apiextv1.CustomResourceDefinition{}
	if err := json.Unmarshal(raw, required); err != nil {
		return err
	}
	existing := &apiextv1.CustomResourceDefinition{}
	if err := c.Get(ctx, client.ObjectKeyFromObject(required), existing); err != nil {
		return c.Create(ctx, required)
	}
	modified := false
	merge.EnsureCRD(&modified, existing, *required)
	if !modified {
		return nil
	}
	return c.Update(ctx, existing)
}
