package imports

import (
	"context"

	. "k8s.io/api/apps/v1"
	crclient "sigs.k8s.io/controller-runtime/pkg/client"
)

func dotted(ctx context.Context, c crclient.Client, key crclient.ObjectKey, spec ReplicaSetSpec) error {
	rs := &ReplicaSet{}
	if err := c.Get(ctx, key, rs); err != nil {
		return err
	}
	rs.Spec = spec // want `live ReplicaSet's Spec replaced wholesale, Spec.Replicas with it`
	return c.Update(ctx, rs)
}
