package imports

import (
	"context"
	"maps"

	. "k8s.io/api/apps/v1"
	crclient "sigs.k8s.io/controller-runtime/pkg/client"
)

func dotMerge(ctx context.Context, c crclient.Client, key crclient.ObjectKey, trace bool) error {
	dep := &Deployment{}
	if err := c.Get(ctx, key, dep); err != nil {
		return err
	}
	want := map[string]string{}
	if trace {
		want["example.com/trace"] = "1"
	}
	maps.Copy(dep.Labels, want) // want `merge into the live Deployment labels never deletes operator-owned key "example.com/trace"`
	return c.Update(ctx, dep)
}
