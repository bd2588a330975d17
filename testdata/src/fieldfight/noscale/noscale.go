// Package noscale: no autoscaler anywhere in the module, so the replicas
// are the operator's alone.
package noscale

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

func sync(ctx context.Context, c client.Client, name string, replicas *int32, spec appsv1.DeploymentSpec) error {
	dep := &appsv1.Deployment{}
	dep.Name = name
	_, err := controllerutil.CreateOrUpdate(ctx, c, dep, func() error {
		dep.Spec = spec
		dep.Spec.Replicas = replicas
		return nil
	})
	return err
}
