// Package framework is a reconcile helper of the kind operators share: the
// caller hands it a desired object and a list of checks; it reads the live
// object, runs every check on the two, and updates when one says so.
package framework

import (
	"context"
	"reflect"
	"sort"

	appsv1 "k8s.io/api/apps/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Sync copies what differs from desired into existing and says whether
// it did.
type Sync func(existing, desired client.Object) (bool, error)

// DeploymentCheck is a check of one part of a Deployment.
type DeploymentCheck func(want, have *appsv1.Deployment) (bool, error)

// Ensure creates desired, or runs sync on the live object and updates it.
func Ensure(ctx context.Context, c client.Client, live, desired client.Object, sync Sync) error {
	if err := c.Get(ctx, client.ObjectKeyFromObject(desired), live); err != nil {
		return c.Create(ctx, desired)
	}
	changed, err := sync(live, desired)
	if err != nil || !changed {
		return err
	}
	return c.Update(ctx, live)
}

// Deployments turns Deployment checks into a Sync.
func Deployments(checks ...DeploymentCheck) Sync {
	return func(existing, desired client.Object) (bool, error) {
		have, want := existing.(*appsv1.Deployment), desired.(*appsv1.Deployment)
		changed := false
		for _, check := range checks {
			c, err := check(want, have)
			if err != nil {
				return false, err
			}
			changed = changed || c
		}
		return changed, nil
	}
}

// Probes compares each container's probes through locals: a range over
// the wanted containers and a pointer into the live ones.
func Probes(want, have *appsv1.Deployment) (bool, error) { // want Probes:`builds\(param 1 sets 2, compares 2\)`
	changed := false
	for i, w := range want.Spec.Template.Spec.Containers {
		h := &have.Spec.Template.Spec.Containers[i]
		if !reflect.DeepEqual(h.LivenessProbe, w.LivenessProbe) {
			h.LivenessProbe = w.LivenessProbe
			changed = true
		}
		if !reflect.DeepEqual(h.ReadinessProbe, w.ReadinessProbe) {
			h.ReadinessProbe = w.ReadinessProbe
			changed = true
		}
	}
	return changed, nil
}

// Strategy compares a struct the operator usually leaves zero.
func Strategy(want, have *appsv1.Deployment) (bool, error) { // want Strategy:`builds\(param 1 sets 1, compares 1\)`
	if reflect.DeepEqual(have.Spec.Strategy, want.Spec.Strategy) {
		return false, nil
	}
	have.Spec.Strategy = want.Spec.Strategy
	return true, nil
}

// Volumes compares sorted deep copies, element by element.
func Volumes(want, have *appsv1.Deployment) (bool, error) { // want Volumes:`builds\(param 1 sets 1, compares 1\)`
	haveVolumes := have.Spec.Template.Spec.DeepCopy().Volumes
	wantVolumes := want.Spec.Template.Spec.DeepCopy().Volumes
	if len(haveVolumes) != len(wantVolumes) {
		have.Spec.Template.Spec.Volumes = want.Spec.Template.Spec.Volumes
		return true, nil
	}
	sort.Slice(haveVolumes, func(i, j int) bool { return haveVolumes[i].Name < haveVolumes[j].Name })
	sort.Slice(wantVolumes, func(i, j int) bool { return wantVolumes[i].Name < wantVolumes[j].Name })
	for i, w := range wantVolumes {
		if !reflect.DeepEqual(haveVolumes[i], w) {
			have.Spec.Template.Spec.Volumes = want.Spec.Template.Spec.Volumes
			return true, nil
		}
	}
	return false, nil
}

// Images compares strings: nothing the server defaults.
func Images(want, have *appsv1.Deployment) (bool, error) { // want Images:`builds\(param 1 sets 1, compares 1\)`
	changed := false
	for i := range want.Spec.Template.Spec.Containers {
		if have.Spec.Template.Spec.Containers[i].Image != want.Spec.Template.Spec.Containers[i].Image {
			have.Spec.Template.Spec.Containers[i].Image = want.Spec.Template.Spec.Containers[i].Image
			changed = true
		}
	}
	return changed, nil
}

// Report compares as strictly but only counts the difference: it copies
// nothing, so it is no mutator.
func Report(want, have *appsv1.Deployment) (bool, error) {
	return !reflect.DeepEqual(have.Spec.Strategy, want.Spec.Strategy), nil
}
