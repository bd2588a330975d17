// Package flow: live workloads reached through code that a syntax walk
// does not follow: a mutate closure made per kind by a factory that
// type-switches on its client.Object, a generic create-or-update helper,
// and an executor interface whose implementation updates what it is
// queued.
package flow

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/errors"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"restartrevert/flow/exec"
	"restartrevert/flow/kube"
)

const restartedAt = "kubectl.kubernetes.io/restartedAt"

type App struct {
	Name     string
	Replicas int32
}

func deploymentSpec(app *App) appsv1.DeploymentSpec {
	return appsv1.DeploymentSpec{Replicas: &app.Replicas}
}

// Shape 1: the factory returns one closure per kind; the object it
// switches on is CreateOrUpdate's, so each closure mutates the server's
// copy.
func setterFor(obj client.Object, app *App) controllerutil.MutateFn {
	switch o := obj.(type) {
	case *appsv1.Deployment:
		return func() error {
			o.Spec = deploymentSpec(app) // want `live Deployment's spec replaced wholesale`
			return nil
		}
	case *corev1.Service:
		return func() error {
			o.Spec.ClusterIP = "None"
			return nil
		}
	}
	return func() error { return nil }
}

// The fixed factory: the closure keeps restartedAt across the assignment.
func keepingSetterFor(obj client.Object, app *App) controllerutil.MutateFn { // want keepingSetterFor:"carries restartedAt"
	switch o := obj.(type) {
	case *appsv1.Deployment:
		return func() error {
			restarted := o.Spec.Template.Annotations[restartedAt]
			o.Spec = deploymentSpec(app)
			if restarted != "" {
				if o.Spec.Template.Annotations == nil {
					o.Spec.Template.Annotations = map[string]string{}
				}
				o.Spec.Template.Annotations[restartedAt] = restarted
			}
			return nil
		}
	}
	return func() error { return nil }
}

func objects(app *App) []client.Object {
	dep := &appsv1.Deployment{}
	dep.Name = app.Name
	svc := &corev1.Service{}
	svc.Name = app.Name
	return []client.Object{dep, svc}
}

func syncAll(ctx context.Context, c client.Client, app *App) error { // want syncAll:"carries restartedAt"
	for _, obj := range objects(app) {
		if _, err := controllerutil.CreateOrUpdate(ctx, c, obj, setterFor(obj, app)); err != nil {
			return err
		}
		if _, err := controllerutil.CreateOrUpdate(ctx, c, obj, keepingSetterFor(obj, app)); err != nil {
			return err
		}
	}
	return nil
}

// A factory whose objects are only created stays silent.
func builderFor(obj client.Object, app *App) func() {
	switch o := obj.(type) {
	case *appsv1.Deployment:
		return func() { o.Spec = deploymentSpec(app) }
	}
	return func() {}
}

func createAll(ctx context.Context, c client.Client, app *App) error {
	for _, obj := range objects(app) {
		builderFor(obj, app)()
		if err := c.Create(ctx, obj); err != nil {
			return err
		}
	}
	return nil
}

// Shape 2: a generic helper reads the current object and copies the
// desired spec into it per kind; the caller passes a Deployment.
func createOrUpdate[T client.Object](ctx context.Context, c client.Client, desired, current T) error {
	if err := c.Get(ctx, client.ObjectKeyFromObject(desired), current); err != nil {
		return c.Create(ctx, desired)
	}
	switch cur := any(current).(type) {
	case *appsv1.Deployment:
		cur.Spec = any(desired).(*appsv1.Deployment).Spec // want `live Deployment's spec replaced wholesale`
	}
	return c.Update(ctx, current)
}

// The same helper over client.Object: the live copy is made from the
// desired object and read into.
func ensure(ctx context.Context, c client.Client, desired client.Object) error {
	current := desired.DeepCopyObject().(client.Object)
	if err := c.Get(ctx, client.ObjectKeyFromObject(desired), current); err != nil {
		return c.Create(ctx, desired)
	}
	switch cur := current.(type) {
	case *appsv1.Deployment:
		cur.Spec.Template = desired.(*appsv1.Deployment).Spec.Template // want `live Deployment's pod template replaced wholesale`
	case *appsv1.StatefulSet:
		cur.Spec.Replicas = desired.(*appsv1.StatefulSet).Spec.Replicas
	}
	return c.Update(ctx, current)
}

func syncGeneric(ctx context.Context, c client.Client, app *App) error {
	dep := &appsv1.Deployment{}
	dep.Name = app.Name
	dep.Spec = deploymentSpec(app) // a desired object: fine
	if err := createOrUpdate(ctx, c, dep, &appsv1.Deployment{}); err != nil {
		return err
	}
	return ensure(ctx, c, dep)
}

// Shape 3: the object is queued on an executor whose only implementation
// in the module updates it, so it must be the server's copy.
type Reconciler struct {
	exec exec.Executor
}

func (r *Reconciler) Rollout(dep *appsv1.Deployment, app *App) {
	dep.Spec = deploymentSpec(app) // want `live Deployment's spec replaced wholesale`
	r.exec.QueueUpdate(dep)
}

// Queued for creation only: a new object, silent.
func (r *Reconciler) Provision(dep *appsv1.Deployment, app *App) {
	dep.Spec = deploymentSpec(app)
	r.exec.QueueCreate(dep)
}

// The object is read through a helper of another package. When it is not
// found, the same variable is filled and created: on that path it is a
// new object, and replacing its spec drops nothing.
func ensureCreated(ctx context.Context, c client.Client, app *App) error {
	dep := &appsv1.Deployment{}
	dep.Name = app.Name
	if err := kube.Fetch(ctx, c, dep); err != nil {
		if !errors.IsNotFound(err) {
			return err
		}
		dep.Spec = deploymentSpec(app)
		return c.Create(ctx, dep)
	}
	dep.Spec = deploymentSpec(app) // want `live Deployment's spec replaced wholesale`
	return c.Update(ctx, dep)
}

// The module's own create-or-update helper, in another package, hands
// the object it read to the mutate function its caller passes.
func syncWithHelper(ctx context.Context, c client.Client, app *App) error {
	dep := &appsv1.Deployment{}
	dep.Name = app.Name
	return kube.CreateOrUpdate(ctx, c, dep, func(d *appsv1.Deployment) {
		d.Spec = deploymentSpec(app) // want `live Deployment's spec replaced wholesale`
	})
}

// A mutate function that keeps restartedAt.
func syncWithHelperKeeping(ctx context.Context, c client.Client, app *App) error { // want syncWithHelperKeeping:"carries restartedAt"
	dep := &appsv1.Deployment{}
	dep.Name = app.Name
	return kube.CreateOrUpdate(ctx, c, dep, func(d *appsv1.Deployment) {
		restarted := d.Spec.Template.Annotations[restartedAt]
		d.Spec = deploymentSpec(app)
		if restarted != "" {
			d.Spec.Template.Annotations = map[string]string{restartedAt: restarted}
		}
	})
}
