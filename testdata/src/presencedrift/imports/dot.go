package imports

import (
	"context"

	. "k8s.io/api/apps/v1"
	crclient "sigs.k8s.io/controller-runtime/pkg/client"
)

func dotNeedsUpdate(live *Deployment) bool {
	_, ok := live.Labels["example.com/tier"] // want `drift decided by presence of label key "example.com/tier" on a live object`
	return ok
}

func sync(ctx context.Context, c crclient.Client, key crclient.ObjectKey) error {
	dep := &Deployment{}
	if err := c.Get(ctx, key, dep); err != nil {
		return err
	}
	if aliasNeedsUpdate(dep) || dotNeedsUpdate(dep) {
		return c.Update(ctx, dep)
	}
	return nil
}
