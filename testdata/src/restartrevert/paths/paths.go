// Package paths: whether a new template is built from the live one is
// decided by the variables and fields an expression resolves to, never by
// how it is spelled.
package paths

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Reconciler struct{ client.Client }

func desiredDeployment() *appsv1.Deployment { return &appsv1.Deployment{} }

// newdep's name ends with the live variable's name, so the spelling of
// tmpl's value contains "dep.Spec.Template"; it is still the desired
// object's template.
func (r *Reconciler) suffixName(ctx context.Context, key client.ObjectKey) error {
	dep := &appsv1.Deployment{}
	_ = r.Get(ctx, key, dep)
	newdep := desiredDeployment()
	tmpl := newdep.Spec.Template
	dep.Spec.Template = tmpl // want `live Deployment's pod template replaced wholesale`
	return r.Update(ctx, dep)
}

// The same replacement through a parenthesised pointer is still built
// from the live template: silent.
func (r *Reconciler) fromLive(ctx context.Context, key client.ObjectKey) error {
	dep := &appsv1.Deployment{}
	_ = r.Get(ctx, key, dep)
	tmpl := *(*dep).Spec.Template.DeepCopy()
	tmpl.Spec.ServiceAccountName = "runner"
	dep.Spec.Template = tmpl
	return r.Update(ctx, dep)
}

// Filling a nil map is guarded by the same location, spelled differently.
func (r *Reconciler) fillNil(ctx context.Context, key client.ObjectKey) error {
	dep := &appsv1.Deployment{}
	_ = r.Get(ctx, key, dep)
	if (*dep).Spec.Template.Annotations == nil {
		dep.Spec.Template.Annotations = map[string]string{}
	}
	return r.Update(ctx, dep)
}
