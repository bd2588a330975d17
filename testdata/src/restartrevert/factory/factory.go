// Package factory: a CreateOrUpdate mutate function made by a factory.
// Inside the closure the object is the server's copy, so replacing its
// spec drops restartedAt. In this package the factory's parameter is live
// because a live object is passed to it.
package factory

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"restartrevert/factory/mutate"
)

func setSpec(obj *appsv1.Deployment, spec appsv1.DeploymentSpec) controllerutil.MutateFn {
	return func() error {
		obj.Spec = spec // want `live Deployment's spec replaced wholesale`
		return nil
	}
}

func sync(ctx context.Context, c client.Client, spec appsv1.DeploymentSpec) error {
	dep := &appsv1.Deployment{}
	dep.Name = "web"
	_, err := controllerutil.CreateOrUpdate(ctx, c, dep, setSpec(dep, spec))
	return err
}

// A factory whose object is only ever created stays silent (its summary
// says what it would replace, for a caller handing it a live object).
func build(obj *appsv1.Deployment, spec appsv1.DeploymentSpec) func() { // want build:"replaces param 0's Deployment spec"
	return func() { obj.Spec = spec }
}

func create(ctx context.Context, c client.Client, spec appsv1.DeploymentSpec) error {
	dep := &appsv1.Deployment{}
	build(dep, spec)()
	return c.Create(ctx, dep)
}

// The factory in another package: its fact says the closure it returns
// replaces the spec of what it is given, and here that is the live object.
func syncElsewhere(ctx context.Context, c client.Client, spec appsv1.DeploymentSpec) error {
	dep := &appsv1.Deployment{}
	_, err := controllerutil.CreateOrUpdate(ctx, c, dep, mutate.Spec(dep, spec)) // want `mutate.Spec replaces the live Deployment's spec wholesale \(mutate.go:14\), dropping restartedAt`
	return err
}

// The other factories of that package carry the restart over, or leave
// the template alone: silent.
func syncKeeping(ctx context.Context, c client.Client, spec appsv1.DeploymentSpec, n int32) error { // want syncKeeping:"carries restartedAt"
	dep := &appsv1.Deployment{}
	if _, err := controllerutil.CreateOrUpdate(ctx, c, dep, mutate.SpecKeepingRestart(dep, spec)); err != nil {
		return err
	}
	_, err := controllerutil.CreateOrUpdate(ctx, c, dep, mutate.Replicas(dep, n))
	return err
}

// The same factory run on an object that is only created: silent.
func createElsewhere(ctx context.Context, c client.Client, spec appsv1.DeploymentSpec) error {
	dep := &appsv1.Deployment{}
	if err := mutate.Spec(dep, spec)(); err != nil {
		return err
	}
	return c.Create(ctx, dep)
}
