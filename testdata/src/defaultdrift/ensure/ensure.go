// Package ensure is a library of reconcile helpers of the operator: each
// is handed the desired object, reads or is handed the live one, and
// updates it when a strict comparison finds a difference. What the desired
// object sets is known only to the callers, in other packages.
package ensure

import (
	"context"
	"reflect"

	appsv1 "k8s.io/api/apps/v1"
	"k8s.io/apimachinery/pkg/api/equality"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Rollout reads the live object and hands both to replaceIfChanged.
func Rollout(ctx context.Context, c client.Client, want *appsv1.Deployment) error { // want Rollout:`builds\(compares 1\)`
	var have appsv1.Deployment
	if err := c.Get(ctx, client.ObjectKeyFromObject(want), &have); err != nil {
		return c.Create(ctx, want)
	}
	return replaceIfChanged(ctx, c, want, &have)
}

// replaceIfChanged compares the update strategy and writes on a change:
// the live object is its caller's parameter.
func replaceIfChanged(ctx context.Context, c client.Client, want, have *appsv1.Deployment) error { // want replaceIfChanged:`builds\(param 3 sets 1, compares 1\)`
	if want.Spec.Strategy != have.Spec.Strategy {
		have.Spec = want.Spec
		return c.Update(ctx, have)
	}
	return nil
}

// Deployment compares only what the desired object sets
// (DeepDerivative): nothing to summarise.
func Deployment(ctx context.Context, c client.Client, want *appsv1.Deployment) error {
	var have appsv1.Deployment
	if err := c.Get(ctx, client.ObjectKeyFromObject(want), &have); err != nil {
		return c.Create(ctx, want)
	}
	if !equality.Semantic.DeepDerivative(want.Spec, have.Spec) {
		have.Spec = want.Spec
		return c.Update(ctx, &have)
	}
	return nil
}

// Logged compares strictly but only logs the difference: no write
// depends on it, so nothing to summarise.
func Logged(ctx context.Context, c client.Client, want *appsv1.Deployment) bool {
	var have appsv1.Deployment
	if err := c.Get(ctx, client.ObjectKeyFromObject(want), &have); err != nil {
		return false
	}
	return reflect.DeepEqual(want.Spec, have.Spec)
}

// Recreate deletes and creates the object again when a defaulted field
// differs. Known false negative, pinned: a pointer compared with != (an
// address, never equal to the live one's, so worse than a default) and a
// write made of Delete and Create are outside what this analyzer reads
// (== of structs only; Update, Patch, Apply and CreateOrUpdate only), so
// neither the helper nor its callers are reported.
func Recreate(ctx context.Context, c client.Client, want *appsv1.Deployment) error {
	var have appsv1.Deployment
	if err := c.Get(ctx, client.ObjectKeyFromObject(want), &have); err != nil {
		return c.Create(ctx, want)
	}
	if want.Spec.RevisionHistoryLimit != have.Spec.RevisionHistoryLimit {
		if err := c.Delete(ctx, &have); err != nil {
			return err
		}
		return c.Create(ctx, want)
	}
	return nil
}
