// Package c is linted with restartrevert alone: malformed directives are
// reported by the analyzers they name, and by maporder (not run here) when
// they name none that exist.
package c

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

func sync(ctx context.Context, c client.Client, key client.ObjectKey, desired *appsv1.Deployment) error {
	dep := &appsv1.Deployment{}
	if err := c.Get(ctx, key, dep); err != nil {
		return err
	}
	_ = 1 /* want `malformed //reconcilelint:ignore directive: a reason is required after the analyzer names` */ //reconcilelint:ignore restartrevert
	_ = 2 //reconcilelint:ignore maporder
	_ = 3 //reconcilelint:ignore mapordr typo
	//reconcilelint:ignore restartrevert the exporter's pods are restarted by the operator on every change anyway
	dep.Spec.Template = desired.Spec.Template
	dep.Spec.Template = desired.Spec.Template //reconcilelint:ignore maporder the wrong analyzer // want `live Deployment's pod template replaced wholesale`
	return c.Update(ctx, dep)
}
