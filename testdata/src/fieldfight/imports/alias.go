package imports // want package:"owners\\(scales ReplicaSet at alias.go:16\\)"

// Package imports reaches the kinds and the client under unusual names.

import (
	"context"

	kapps "k8s.io/api/apps/v1"
	scale "k8s.io/api/autoscaling/v2"
	crclient "sigs.k8s.io/controller-runtime/pkg/client"
)

func autoscaler(name string) *scale.HorizontalPodAutoscaler {
	h := &scale.HorizontalPodAutoscaler{}
	h.Spec.ScaleTargetRef =
		scale.CrossVersionObjectReference{Kind: "ReplicaSet", Name: name}
	return h
}

func aliased(ctx context.Context, c crclient.Client, key crclient.ObjectKey, n int32) error {
	rs := &kapps.ReplicaSet{}
	if err := c.Get(ctx, key, rs); err != nil {
		return err
	}
	rs.Spec.Replicas = &n // want `ReplicaSet.Spec.Replicas set on every reconcile while the HorizontalPodAutoscaler built at alias.go:16 scales it`
	return c.Update(ctx, rs)
}
