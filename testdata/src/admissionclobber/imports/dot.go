package imports

import (
	"context"

	. "k8s.io/api/core/v1"
	crclient "sigs.k8s.io/controller-runtime/pkg/client"
)

func dotSecrets(ctx context.Context, c crclient.Client, key crclient.ObjectKey, want []LocalObjectReference) error {
	pod := &Pod{}
	if err := c.Get(ctx, key, pod); err != nil {
		return err
	}
	pod.Spec.ImagePullSecrets = want // want `live Pod's ImagePullSecrets replaced wholesale`
	return c.Update(ctx, pod)
}
