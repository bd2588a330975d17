// Package imports: the Kubernetes packages under unusual names.
package imports

import (
	"context"
	"maps"

	kapps "k8s.io/api/apps/v1"
	crclient "sigs.k8s.io/controller-runtime/pkg/client"
)

func aliasMerge(ctx context.Context, c crclient.Client, key crclient.ObjectKey, debug bool) error {
	dep := &kapps.Deployment{}
	if err := c.Get(ctx, key, dep); err != nil {
		return err
	}
	want := map[string]string{}
	if debug {
		want["example.com/debug"] = "1"
	}
	maps.Copy(dep.Annotations, want) // want `merge into the live Deployment annotations never deletes operator-owned key "example.com/debug"`
	return c.Update(ctx, dep)
}
