package a

import (
	"context"
	"encoding/json"

	appsv1 "k8s.io/api/apps/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// applyAs sends obj as an apply patch written by hand, with whatever patch
// type its caller names.
func (r *Reconciler) applyAs(ctx context.Context, obj client.Object, patch client.Patch) error {
	return r.Patch(ctx, obj, patch, client.ForceOwnership)
}

// RIGHT: when the feature is off, the StatefulSet is looked up to be
// deleted and the function returns; otherwise it is built from scratch
// and applied, and apply leaves restartedAt to kubectl's field manager.
func (r *Reconciler) syncOrRemove(ctx context.Context, key client.ObjectKey, enabled bool) error {
	sts := &appsv1.StatefulSet{}
	sts.Namespace, sts.Name = key.Namespace, key.Name
	if !enabled {
		if err := r.Get(ctx, key, sts); err != nil {
			return err
		}
		return r.Delete(ctx, sts)
	}
	sts.Spec.Template.Annotations = map[string]string{"config-hash": "abc"}
	data, err := json.Marshal(sts)
	if err != nil {
		return err
	}
	return r.applyAs(ctx, sts, client.RawPatch(client.Apply.Type(), data))
}

// The same with the lookup kept on the path to the template: the live
// StatefulSet's template annotations are replaced.
func (r *Reconciler) syncAfterLookup(ctx context.Context, key client.ObjectKey, enabled bool) error {
	sts := &appsv1.StatefulSet{}
	if err := r.Get(ctx, key, sts); err != nil {
		return err
	}
	if !enabled {
		return r.Delete(ctx, sts)
	}
	sts.Spec.Template.Annotations = map[string]string{"config-hash": "abc"} // want `live StatefulSet's pod template annotations replaced wholesale`
	return r.Update(ctx, sts)
}
