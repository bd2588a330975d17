// Package controller: the autoscaler is built in another package of the
// module, for a kind it does not name; the evidence comes as a fact.
package controller

import (
	"context"

	apps "k8s.io/api/apps/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fieldfight/remote/scaling"
)

type Reconciler struct {
	client.Client
}

func (r *Reconciler) sync(ctx context.Context, key client.ObjectKey, replicas int32) error {
	if err := r.Create(ctx, scaling.ForTarget("StatefulSet", key.Name, 5)); err != nil {
		return err
	}
	sts := &apps.StatefulSet{}
	if err := r.Get(ctx, key, sts); err != nil {
		return err
	}
	sts.Spec.Replicas = &replicas // want `StatefulSet.Spec.Replicas set on every reconcile while the HorizontalPodAutoscaler built at scaling.go:14 scales it: the two controllers undo each other`
	return r.Update(ctx, sts)
}
