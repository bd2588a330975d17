// Package imports reaches the API types, the comparison and the client
// under unusual names.
package imports

import (
	"context"
	stdreflect "reflect"

	kapps "k8s.io/api/apps/v1"
	kcore "k8s.io/api/core/v1"
	crclient "sigs.k8s.io/controller-runtime/pkg/client"
)

func aliased(ctx context.Context, c crclient.Client, key crclient.ObjectKey) error {
	live := &kapps.StatefulSet{}
	if err := c.Get(ctx, key, live); err != nil {
		return err
	}
	desired := kapps.StatefulSetSpec{
		ServiceName: "db",
		Template:    kcore.PodTemplateSpec{Spec: kcore.PodSpec{Containers: []kcore.Container{{Name: "db", Image: "db:1"}}}},
	}
	if !stdreflect.DeepEqual(live.Spec, desired) { // want `live StatefulSet's Spec compared strictly with a desired value that leaves \d+ server-defaulted fields unset \(Replicas, PodManagementPolicy, `
		live.Spec = desired
		return c.Update(ctx, live)
	}
	return nil
}
