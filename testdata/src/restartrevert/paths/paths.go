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

const restartedAtKey = "kubectl.kubernetes.io/restartedAt"

// restartedAt is read only when the rollout is paused; the template is
// replaced on the other branch, which that read does not lead to: nothing
// is carried over there.
func (r *Reconciler) readOnOtherBranch(ctx context.Context, key client.ObjectKey, paused bool, log func(string)) error { // want readOnOtherBranch:"carries restartedAt"
	dep := &appsv1.Deployment{}
	_ = r.Get(ctx, key, dep)
	if paused {
		log(dep.Spec.Template.Annotations[restartedAtKey])
	} else {
		dep.Spec.Template = desiredDeployment().Spec.Template // want `live Deployment's pod template replaced wholesale`
	}
	return r.Update(ctx, dep)
}

// The same read before the branch: it leads to the replacement, and the
// value is put back after it.
func (r *Reconciler) readBeforeBranch(ctx context.Context, key client.ObjectKey, paused bool) error { // want readBeforeBranch:"carries restartedAt"
	dep := &appsv1.Deployment{}
	_ = r.Get(ctx, key, dep)
	last := dep.Spec.Template.Annotations[restartedAtKey]
	if !paused {
		dep.Spec.Template = desiredDeployment().Spec.Template
		if last != "" {
			dep.Spec.Template.Annotations[restartedAtKey] = last
		}
	}
	return r.Update(ctx, dep)
}

// The annotations saved before are put back only on a branch that the
// replacement is not on: after it in the text, not on its paths.
func (r *Reconciler) restoredOnOtherBranch(ctx context.Context, key client.ObjectKey, recreate bool) error {
	dep := &appsv1.Deployment{}
	_ = r.Get(ctx, key, dep)
	saved := dep.Spec.Template.Annotations
	if recreate {
		dep.Spec = desiredDeployment().Spec // want `live Deployment's spec replaced wholesale`
	} else {
		dep.Spec.Template.Annotations = union(dep.Spec.Template.Annotations, saved)
	}
	return r.Update(ctx, dep)
}

// Put back after the replacement, on its path: silent.
func (r *Reconciler) restoredOnItsPath(ctx context.Context, key client.ObjectKey, recreate bool) error {
	dep := &appsv1.Deployment{}
	_ = r.Get(ctx, key, dep)
	saved := dep.Spec.Template.Annotations
	if recreate {
		dep.Spec = desiredDeployment().Spec
	}
	dep.Spec.Template.Annotations = union(dep.Spec.Template.Annotations, saved)
	return r.Update(ctx, dep)
}

func union(a, b map[string]string) map[string]string {
	out := map[string]string{}
	for k, v := range a {
		out[k] = v
	}
	for k, v := range b {
		out[k] = v
	}
	return out
}
