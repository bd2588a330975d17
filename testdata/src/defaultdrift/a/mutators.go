package a

import (
	"context"
	"reflect"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// A mutator framework: each mutator compares one part of the desired and
// the existing object and copies it over; a generic reconciler reads the
// existing object, runs the mutators it is handed as function values, and
// updates when one reports a change.
type mutator func(desired, existing *appsv1.Deployment) bool

// Both objects reach the mutator as parameters of a function called only
// through a function value; the desired one is known where the mutator is
// handed over with it, and buildDeployment leaves the containers' server
// defaults unset.
func containersMutator(desired, existing *appsv1.Deployment) bool { // want containersMutator:`builds\(param 1 sets 1, compares 1\)`
	if !reflect.DeepEqual(existing.Spec.Template.Spec.Containers, desired.Spec.Template.Spec.Containers) {
		existing.Spec.Template.Spec.Containers = desired.Spec.Template.Spec.Containers
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
	return r.reconcileWith(ctx, key, buildDeployment(key.Name), containersMutator) // want `desired Deployment handed to mutator containersMutator, which compares it strictly with the live one \(mutators.go:\d+\), leaves 3 server-defaulted fields unset \(Spec.Template.Spec.Containers\[\].TerminationMessagePath, Spec.Template.Spec.Containers\[\].LivenessProbe.TimeoutSeconds, Spec.Template.Spec.Containers\[\].LivenessProbe.PeriodSeconds\)`
}

// containersWithDefaults sets the one container default the stand-in
// knows, and no probe.
func containersWithDefaults(name string) *appsv1.Deployment { // want containersWithDefaults:`builds\(result sets \d+\)`
	return &appsv1.Deployment{Spec: appsv1.DeploymentSpec{Template: corev1.PodTemplateSpec{Spec: corev1.PodSpec{
		Containers: []corev1.Container{{Name: name, Image: "example.com/app:2", TerminationMessagePath: "/dev/termination-log"}},
	}}}}
}

// The list compared whole: its elements' fields are looked up as elements
// ("Containers[].TerminationMessagePath"), so a default the builder sets
// is not taken for unset. Silent.
func (r *Reconciler) listCompared(ctx context.Context, key client.ObjectKey) error {
	live := &appsv1.Deployment{}
	if err := r.Get(ctx, key, live); err != nil {
		return err
	}
	desired := containersWithDefaults(key.Name)
	if !reflect.DeepEqual(live.Spec.Template.Spec.Containers, desired.Spec.Template.Spec.Containers) {
		live.Spec.Template.Spec.Containers = desired.Spec.Template.Spec.Containers
		return r.Update(ctx, live)
	}
	return r.reconcileWith(ctx, key, containersWithDefaults(key.Name), containersMutator)
}

// replicasMutator compares a field the server does not default.
func replicasMutator(desired, existing *appsv1.Deployment) bool { // want replicasMutator:`builds\(param 1 sets 1, compares 1\)`
	if !reflect.DeepEqual(existing.Spec.Replicas, desired.Spec.Replicas) {
		existing.Spec.Replicas = desired.Spec.Replicas
		return true
	}
	return false
}

// The mutator held in a local is replaced before the call: only the one
// handed over compares. Silent.
func (r *Reconciler) replacedMutator(ctx context.Context, key client.ObjectKey) error {
	m := mutator(containersMutator)
	m = replicasMutator
	return r.reconcileWith(ctx, key, buildDeployment(key.Name), m)
}

// A list of mutators given one more on some paths: each one it may hold
// is handed over.
func (r *Reconciler) listedMutators(ctx context.Context, key client.ObjectKey, strict bool) error {
	muts := []mutator{replicasMutator}
	if strict {
		muts = append(muts, containersMutator)
	}
	return r.reconcileWith(ctx, key, buildDeployment(key.Name), muts...) // want `desired Deployment handed to mutator containersMutator, which compares it strictly with the live one \(mutators.go:\d+\), leaves 3 server-defaulted fields unset`
}

// The desired containers are replaced by a copy of the live ones before
// the comparison: the live object is compared with itself, and nothing
// the desired object leaves unset is read. Silent.
func sameSideMutator(desired, existing *appsv1.Deployment) bool { // want sameSideMutator:`builds\(param 1 sets 1\)`
	want := desired.Spec.Template.Spec.Containers
	want = existing.DeepCopy().Spec.Template.Spec.Containers
	if !reflect.DeepEqual(existing.Spec.Template.Spec.Containers, want) {
		existing.Spec.Template.Spec.Containers = want
		return true
	}
	return false
}

func (r *Reconciler) syncSameSide(ctx context.Context, key client.ObjectKey) error {
	return r.reconcileWith(ctx, key, buildDeployment(key.Name), sameSideMutator)
}
