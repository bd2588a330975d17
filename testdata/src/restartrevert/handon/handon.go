// Package handon: a controller hands its live Deployment to another
// package's helpers, which replace the spec one call further down, or to
// a strategy held behind an interface whose only implementation in the
// module does it.
package handon

import (
	"context"
	"maps"

	appsv1 "k8s.io/api/apps/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"restartrevert/handon/deploy"
)

type strategy interface {
	Apply(dep *appsv1.Deployment)
}

type Reconciler struct {
	c    client.Client
	plan strategy
}

func NewReconciler(c client.Client, spec appsv1.DeploymentSpec) *Reconciler {
	return &Reconciler{c: c, plan: &deploy.Applier{Spec: spec}}
}

func (r *Reconciler) sync(ctx context.Context, key client.ObjectKey, spec appsv1.DeploymentSpec) error {
	dep := &appsv1.Deployment{}
	if err := r.c.Get(ctx, key, dep); err != nil {
		return err
	}
	deploy.Sync(dep, spec) // want `deploy.Sync → overwrite replaces the live Deployment's spec wholesale \(deploy.go:14\), dropping restartedAt`
	return r.c.Update(ctx, dep)
}

func (r *Reconciler) syncByStrategy(ctx context.Context, key client.ObjectKey) error {
	dep := &appsv1.Deployment{}
	if err := r.c.Get(ctx, key, dep); err != nil {
		return err
	}
	r.plan.Apply(dep) // want `deploy.Applier.Apply → overwrite replaces the live Deployment's spec wholesale \(deploy.go:14\)`
	return r.c.Update(ctx, dep)
}

// RIGHT: the helper that puts the restart back.
func (r *Reconciler) syncKeeping(ctx context.Context, key client.ObjectKey, spec appsv1.DeploymentSpec) error { // want syncKeeping:"carries restartedAt"
	dep := &appsv1.Deployment{}
	if err := r.c.Get(ctx, key, dep); err != nil {
		return err
	}
	deploy.Keep(dep, spec)
	return r.c.Update(ctx, dep)
}

// RIGHT: the operator keeps the last restart on its own resource and
// writes it back after the helper replaced the spec.
func (r *Reconciler) syncWritingBack(ctx context.Context, key client.ObjectKey, spec appsv1.DeploymentSpec, lastRestart string) error {
	dep := &appsv1.Deployment{}
	if err := r.c.Get(ctx, key, dep); err != nil {
		return err
	}
	deploy.Sync(dep, spec)
	if lastRestart != "" {
		ann := dep.Spec.Template.Annotations
		ann["kubectl.kubernetes.io/restartedAt"] = lastRestart
	}
	return r.c.Update(ctx, dep)
}

// RIGHT: the live template's annotations, saved before the helper runs,
// are put back after it.
func (r *Reconciler) syncRestoring(ctx context.Context, key client.ObjectKey, spec appsv1.DeploymentSpec) error {
	dep := &appsv1.Deployment{}
	if err := r.c.Get(ctx, key, dep); err != nil {
		return err
	}
	saved := maps.Clone(dep.Spec.Template.Annotations)
	r.plan.Apply(dep)
	maps.Copy(dep.Spec.Template.Annotations, saved)
	return r.c.Update(ctx, dep)
}

// WRONG: the annotations are saved after the helper ran: they are the new
// template's, and restore nothing.
func (r *Reconciler) syncSavingTooLate(ctx context.Context, key client.ObjectKey, spec appsv1.DeploymentSpec) error {
	dep := &appsv1.Deployment{}
	if err := r.c.Get(ctx, key, dep); err != nil {
		return err
	}
	r.plan.Apply(dep) // want `deploy.Applier.Apply → overwrite replaces the live Deployment's spec wholesale \(deploy.go:14\)`
	saved := maps.Clone(dep.Spec.Template.Annotations)
	maps.Copy(dep.Spec.Template.Annotations, saved)
	return r.c.Update(ctx, dep)
}

const specHashKey = "example.com/spec-hash"

func specHash(spec appsv1.DeploymentSpec) string { return "" }

// RIGHT: the helper runs only when the operator's hash of the desired spec
// differs from the live one's: the template changes there anyway.
func (r *Reconciler) syncOnHashChange(ctx context.Context, key client.ObjectKey, spec appsv1.DeploymentSpec) error {
	dep := &appsv1.Deployment{}
	if err := r.c.Get(ctx, key, dep); err != nil {
		return err
	}
	if dep.Annotations[specHashKey] != specHash(spec) {
		deploy.Sync(dep, spec)
	}
	return r.c.Update(ctx, dep)
}

// WRONG: a flag is no hash; the helper runs on every reconcile while the
// Deployment is not paused.
func (r *Reconciler) syncUnlessPaused(ctx context.Context, key client.ObjectKey, spec appsv1.DeploymentSpec) error {
	dep := &appsv1.Deployment{}
	if err := r.c.Get(ctx, key, dep); err != nil {
		return err
	}
	if dep.Annotations["example.com/paused"] != "true" {
		deploy.Sync(dep, spec) // want `deploy.Sync → overwrite replaces the live Deployment's spec wholesale`
	}
	return r.c.Update(ctx, dep)
}

// RIGHT: a Deployment built here and only created has no restart to lose.
func (r *Reconciler) create(ctx context.Context, spec appsv1.DeploymentSpec) error {
	dep := &appsv1.Deployment{}
	dep.Name = "web"
	deploy.Sync(dep, spec)
	r.plan.Apply(dep)
	return r.c.Create(ctx, dep)
}
