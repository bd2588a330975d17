// Package hash: a template replaced only when the operator's own hash of
// its desired spec differs from the one on the live object changes the
// template anyway; dropping restartedAt there undoes no restart.
package hash

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

const specHashKey = "example.com/spec-hash"

type Reconciler struct{ client.Client }

func specHash(dep *appsv1.Deployment) string { return "h" }

func desired() *appsv1.Deployment { return &appsv1.Deployment{} }

func (r *Reconciler) insideHashBranch(ctx context.Context, key client.ObjectKey) error {
	dep := &appsv1.Deployment{}
	_ = r.Get(ctx, key, dep)
	want := desired()
	hash := specHash(want)
	if dep.Annotations[specHashKey] != hash {
		dep.Spec.Template = want.Spec.Template
		dep.Annotations[specHashKey] = hash
		return r.Update(ctx, dep)
	}
	return nil
}

func (r *Reconciler) afterEqualHashReturns(ctx context.Context, key client.ObjectKey) error {
	dep := &appsv1.Deployment{}
	_ = r.Get(ctx, key, dep)
	want := desired()
	if specHash(want) == dep.Spec.Template.Annotations[specHashKey] {
		return nil
	}
	dep.Spec.Template = want.Spec.Template
	return r.Update(ctx, dep)
}

// A flag compared with a constant is not a hash: every reconcile that is
// not paused replaces the template.
func (r *Reconciler) flagBranch(ctx context.Context, key client.ObjectKey) error {
	dep := &appsv1.Deployment{}
	_ = r.Get(ctx, key, dep)
	if dep.Annotations["example.com/paused"] != "true" {
		dep.Spec.Template = desired().Spec.Template // want `live Deployment's pod template replaced wholesale`
		return r.Update(ctx, dep)
	}
	return nil
}

// Either the hash differs or a resync is forced: on a forced resync the
// template may be unchanged, and restartedAt is dropped.
func (r *Reconciler) hashOrForced(ctx context.Context, key client.ObjectKey, force bool) error {
	dep := &appsv1.Deployment{}
	_ = r.Get(ctx, key, dep)
	want := desired()
	if force || dep.Annotations[specHashKey] != specHash(want) {
		dep.Spec.Template = want.Spec.Template // want `live Deployment's pod template replaced wholesale`
		return r.Update(ctx, dep)
	}
	return nil
}
