// Package apply reads the live CRD and hands it, with the CRD its caller
// requires, to the merge helper of another package.
package apply

import (
	"context"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fieldfight/crds/merge"
)

func ApplyCRD(ctx context.Context, c client.Client, required *apiextv1.CustomResourceDefinition) error { // want ApplyCRD:"replaces\\(replaces a live object's CustomResourceDefinition Spec with param 2 at merge.go:15\\)"
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

// Preview merges into a copy of the required CRD: nothing live is written.
func Preview(required *apiextv1.CustomResourceDefinition) bool {
	modified := false
	merge.EnsureCRD(&modified, required.DeepCopy(), *required)
	return modified
}
