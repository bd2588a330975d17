// Package imports: the Kubernetes packages under unusual names.
package imports

import (
	"context"

	kcore "k8s.io/api/core/v1"
	crclient "sigs.k8s.io/controller-runtime/pkg/client"
)

func aliasSecrets(ctx context.Context, c crclient.Client, key crclient.ObjectKey, want []kcore.LocalObjectReference) error {
	pod := &kcore.Pod{}
	if err := c.Get(ctx, key, pod); err != nil {
		return err
	}
	pod.Spec.ImagePullSecrets = want // want `live Pod's ImagePullSecrets replaced wholesale`
	return c.Update(ctx, pod)
}
