// Package accessor: presence checks made through the GetAnnotations and
// GetLabels accessors, directly or through a local holding their result.
package accessor

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

const hashKey = "example.com/spec-hash"

const tierKey = "example.com/tier"

type Reconciler struct{ client.Client }

func hashChanged(live *appsv1.Deployment) bool {
	_, had := live.GetAnnotations()[hashKey] // want `drift decided by presence of annotation key "example.com/spec-hash" on a live object`
	return had
}

func tierChanged(live *appsv1.Deployment) bool {
	current := live.GetLabels()
	_, had := current[tierKey] // want `drift decided by presence of label key "example.com/tier" on a live object`
	return had
}

// The accessor's result held in a variable declared before it: still the
// live object's labels.
func tierChangedLater(live *appsv1.Deployment) bool {
	var current map[string]string
	if live != nil {
		current = live.GetLabels()
	}
	_, had := current[tierKey] // want `drift decided by presence of label key "example.com/tier" on a live object`
	return had
}

func (r *Reconciler) sync(ctx context.Context, key client.ObjectKey) error {
	live := &appsv1.Deployment{}
	if err := r.Get(ctx, key, live); err != nil {
		return err
	}
	if hashChanged(live) || tierChanged(live) || tierChangedLater(live) {
		return r.Update(ctx, live)
	}
	return nil
}

// Presence read from a desired object's accessor is not drift of a live
// object.
func desiredHasHash(want *appsv1.Deployment) bool {
	anns := want.GetAnnotations()
	_, ok := anns[hashKey]
	return ok
}

// The same shape on a desired object: silent.
func desiredTierLater(want *appsv1.Deployment) bool {
	var current map[string]string
	if want != nil {
		current = want.GetLabels()
	}
	_, ok := current[tierKey]
	return ok
}
