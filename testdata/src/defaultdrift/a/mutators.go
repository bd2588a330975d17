package a

import (
	"context"
	"reflect"

	appsv1 "k8s.io/api/apps/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// A mutator framework: each mutator compares one part of the desired and
// the existing object and copies it over; a generic reconciler reads the
// existing object, runs the mutators it is handed as function values, and
// updates when one reports a change.
type mutator func(desired, existing *appsv1.Deployment) bool

func initContainersMutator(desired, existing *appsv1.Deployment) bool { // want initContainersMutator:`builds\(param 1 sets 1\)`
	// false negative: both objects reach the mutator as parameters of a
	// function called only through a function value, so neither is known
	// to be live or built here; the desired one, from buildDeployment,
	// leaves the containers' server defaults unset, and this check fails
	// on every reconcile.
	if !reflect.DeepEqual(existing.Spec.Template.Spec.InitContainers, desired.Spec.Template.Spec.InitContainers) {
		existing.Spec.Template.Spec.InitContainers = desired.Spec.Template.Spec.InitContainers
		return true
	}
	return false
}

func (r *Reconciler) reconcileWith(ctx context.Context, key client.ObjectKey, desired *appsv1.Deployment, mutators ...mutator) error { // want reconcileWith:`builds\(param 2 sets 0\)`
	existing := &appsv1.Deployment{}
	if err := r.Get(ctx, key, existing); err != nil {
		return r.Create(ctx, desired)
	}
	update := false
	for _, m := range mutators {
		update = m(desired, existing) || update
	}
	if update {
		return r.Update(ctx, existing)
	}
	return nil
}

func (r *Reconciler) syncWithMutators(ctx context.Context, key client.ObjectKey) error {
	return r.reconcileWith(ctx, key, buildDeployment(key.Name), initContainersMutator)
}
