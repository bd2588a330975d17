package a

import (
	"context"
	"reflect"

	appsv1 "k8s.io/api/apps/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// keepServerFields gives the object about to be sent the fields the
// server needs to accept an update: its resourceVersion and uid.
func keepServerFields(next, running client.Object) {
	next.SetResourceVersion(running.GetResourceVersion())
	next.SetNamespace(running.GetNamespace())
}

// retrying runs fn once; it stands for a retry-on-conflict helper.
func retrying(fn func() error) error { return fn() }

// The desired Deployment, given only the running one's server fields by a
// helper, is sent with Update: its template replaces the live one and
// restartedAt with it.
func (r *Reconciler) updateWithServerFields(ctx context.Context, want *appsv1.Deployment) error {
	return retrying(func() error {
		var running appsv1.Deployment
		if err := r.Get(ctx, client.ObjectKeyFromObject(want), &running); err != nil {
			return err
		}
		keepServerFields(want, &running)
		return r.Update(ctx, want) // want `desired Deployment written over the live one with Update, dropping restartedAt`
	})
}

// mergeExtra returns desired's entries and those of live that desired
// does not set.
func mergeExtra(live, desired map[string]string) map[string]string {
	out := map[string]string{}
	for k, v := range live {
		out[k] = v
	}
	for k, v := range desired {
		out[k] = v
	}
	return out
}

// RIGHT: the desired template also takes the running template's
// annotations in before the Update.
func (r *Reconciler) updateKeepingTemplateAnnotations(ctx context.Context, want *appsv1.Deployment) error {
	return retrying(func() error {
		var running appsv1.Deployment
		if err := r.Get(ctx, client.ObjectKeyFromObject(want), &running); err != nil {
			return err
		}
		want.Spec.Template.Annotations = mergeExtra(running.Spec.Template.Annotations, want.Spec.Template.Annotations)
		keepServerFields(want, &running)
		return r.Update(ctx, want)
	})
}

// RIGHT: the desired spec, reached through a pointer local, takes the
// running template's annotations in; then it replaces the running spec.
func (r *Reconciler) replaceSpecAfterMerge(ctx context.Context, want *appsv1.Deployment) error {
	return retrying(func() error {
		var running appsv1.Deployment
		if err := r.Get(ctx, client.ObjectKeyFromObject(want), &running); err != nil {
			return err
		}
		spec := &want.Spec
		spec.Template.Annotations = mergeExtra(running.Spec.Template.Annotations, want.Spec.Template.Annotations)
		running.Spec = want.Spec
		return r.Update(ctx, &running)
	})
}

// onlyTemplateDiffers reports whether want differs from the running
// Deployment in its template alone: a copy of want is given the running
// template and compared. The copy is never sent.
func onlyTemplateDiffers(running, want *appsv1.Deployment) bool {
	probe := want.DeepCopy()
	probe.Spec.Template = running.Spec.Template
	return reflect.DeepEqual(probe.Spec, running.Spec)
}
