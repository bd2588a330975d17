package claims

import (
	"context"
	"encoding/json"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// patcher sends objects with whatever patch its callers choose: what is
// sent of the object is decided at each call of send, not in it.
type patcher struct{ c client.Client }

func (p *patcher) send(ctx context.Context, obj client.Object, patch client.Patch) error {
	return p.c.Patch(ctx, obj, patch, client.ForceOwnership)
}

// opList is a JSON patch: a list of operations of its own, whatever the
// object it is sent to holds.
type opList []map[string]any

func (l *opList) Type() types.PatchType               { return types.JSONPatchType }
func (l *opList) Data(client.Object) ([]byte, error) { return json.Marshal(*l) }

// applyDesired sends obj as desired state through the wrapper, then
// checks its name with a JSON patch of its own.
func (p *patcher) applyDesired(ctx context.Context, obj client.Object) error {
	data, err := json.Marshal(obj)
	if err != nil {
		return err
	}
	if err := p.send(ctx, obj, client.RawPatch(client.Apply.Type(), data)); err != nil {
		return err
	}
	ops := &opList{{"op": "test", "path": "/metadata/name", "value": obj.GetName()}}
	return p.send(ctx, obj, ops)
}

// RIGHT: a claim built here and applied through two wrappers. Apply
// leaves volumeName to the binder, which owns it.
func (p *patcher) applyNewClaim(ctx context.Context, name, class string) error {
	pvc := &corev1.PersistentVolumeClaim{}
	pvc.Name = name
	pvc.Spec = claimSpec(class)
	return p.applyDesired(ctx, pvc)
}

// RIGHT: the claim is named by a merge patch written out by hand, which
// sends nothing of the spec filled in before.
func (p *patcher) unlabel(ctx context.Context, name, class string) error {
	pvc := &corev1.PersistentVolumeClaim{}
	pvc.Name = name
	pvc.Spec = claimSpec(class)
	return p.send(ctx, pvc, client.RawPatch(types.MergePatchType, []byte(`{"metadata":{"labels":{"stale":null}}}`)))
}

// The same claim sent whole as a merge patch through the wrapper: the
// claim must exist, and its spec goes with the patch.
func (p *patcher) mergeNewClaim(ctx context.Context, name, class string) error {
	pvc := &corev1.PersistentVolumeClaim{}
	pvc.Name = name
	pvc.Spec = claimSpec(class) // want `live PersistentVolumeClaim's Spec replaced wholesale, Spec.VolumeName with it`
	data, err := json.Marshal(pvc)
	if err != nil {
		return err
	}
	return p.send(ctx, pvc, client.RawPatch(types.MergePatchType, data))
}

// Likewise with a patch taken against an empty claim.
func (p *patcher) mergeFromEmpty(ctx context.Context, name, class string) error {
	pvc := &corev1.PersistentVolumeClaim{}
	pvc.Name = name
	pvc.Spec = claimSpec(class) // want `live PersistentVolumeClaim's Spec replaced wholesale, Spec.VolumeName with it`
	return p.send(ctx, pvc, client.MergeFrom(&corev1.PersistentVolumeClaim{}))
}

// RIGHT: the claim is looked up only to be deleted, on a branch that
// returns; on the other path it is built here and applied.
func (p *patcher) claimOrDelete(ctx context.Context, key client.ObjectKey, class string, enabled bool) error {
	pvc := &corev1.PersistentVolumeClaim{}
	pvc.Namespace, pvc.Name = key.Namespace, key.Name
	if !enabled {
		if err := p.c.Get(ctx, key, pvc); err != nil {
			return err
		}
		return p.c.Delete(ctx, pvc)
	}
	pvc.Spec = claimSpec(class)
	return p.applyDesired(ctx, pvc)
}

// The claim looked up on every path before it is given its spec: the read
// reaches the replacement.
func (p *patcher) claimAfterLookup(ctx context.Context, key client.ObjectKey, class string, enabled bool) error {
	pvc := &corev1.PersistentVolumeClaim{}
	if err := p.c.Get(ctx, key, pvc); err != nil {
		return err
	}
	if !enabled {
		return p.c.Delete(ctx, pvc)
	}
	pvc.Spec = claimSpec(class) // want `live PersistentVolumeClaim's Spec replaced wholesale, Spec.VolumeName with it`
	return p.c.Update(ctx, pvc)
}

// A lookup on a branch that falls through reaches the replacement too.
func (p *patcher) claimMaybeRefreshed(ctx context.Context, key client.ObjectKey, class string, refresh bool) error {
	pvc := &corev1.PersistentVolumeClaim{}
	pvc.Namespace, pvc.Name = key.Namespace, key.Name
	if refresh {
		_ = p.c.Get(ctx, key, pvc)
	}
	pvc.Spec = claimSpec(class) // want `live PersistentVolumeClaim's Spec replaced wholesale, Spec.VolumeName with it`
	return p.c.Update(ctx, pvc)
}

// RIGHT: the claim read on every path is given its spec and applied
// through the helpers: apply sends the claim as desired state, and the
// binder's volumeName, which it lacks, stays.
func (p *patcher) claimReadThenApplied(ctx context.Context, key client.ObjectKey, class string) error {
	pvc := &corev1.PersistentVolumeClaim{}
	if err := p.c.Get(ctx, key, pvc); err != nil {
		return err
	}
	pvc.Spec = claimSpec(class)
	return p.applyDesired(ctx, pvc)
}

// The claim read is applied and then also sent whole with an Update: that
// write replaces the server's spec.
func (p *patcher) claimAppliedThenUpdated(ctx context.Context, key client.ObjectKey, class string) error {
	pvc := &corev1.PersistentVolumeClaim{}
	if err := p.c.Get(ctx, key, pvc); err != nil {
		return err
	}
	pvc.Spec = claimSpec(class) // want `live PersistentVolumeClaim's Spec replaced wholesale, Spec.VolumeName with it`
	if err := p.applyDesired(ctx, pvc); err != nil {
		return err
	}
	return p.c.Update(ctx, pvc)
}

// A helper handed the patch by two callers: applied by one, merged whole
// by the other. The claim goes through both, so its spec is sent over the
// server's copy.
func (p *patcher) sendWith(ctx context.Context, obj client.Object, patch client.Patch) error {
	return p.send(ctx, obj, patch)
}

func (p *patcher) claimSentTwoWays(ctx context.Context, key client.ObjectKey, class string) error {
	pvc := &corev1.PersistentVolumeClaim{}
	if err := p.c.Get(ctx, key, pvc); err != nil {
		return err
	}
	pvc.Spec = claimSpec(class) // want `live PersistentVolumeClaim's Spec replaced wholesale, Spec.VolumeName with it`
	data, err := json.Marshal(pvc)
	if err != nil {
		return err
	}
	if err := p.sendWith(ctx, pvc, client.RawPatch(client.Apply.Type(), data)); err != nil {
		return err
	}
	return p.sendWith(ctx, pvc, client.RawPatch(types.MergePatchType, data))
}

// RIGHT: the claim built here is sent whole with an Update only on a
// branch that returns before the spec is given; afterwards it is applied.
func (p *patcher) claimUpdatedElsewhere(ctx context.Context, key client.ObjectKey, class string, keep bool) error {
	pvc := &corev1.PersistentVolumeClaim{}
	pvc.Namespace, pvc.Name = key.Namespace, key.Name
	if keep {
		pvc.Labels = map[string]string{"kept": "true"}
		return p.c.Update(ctx, pvc)
	}
	pvc.Spec = claimSpec(class)
	return p.applyDesired(ctx, pvc)
}

// fillClaim gives the claim it is handed its spec and applies it.
func (p *patcher) fillClaim(ctx context.Context, pvc *corev1.PersistentVolumeClaim, class string) error {
	pvc.Spec = claimSpec(class)
	return p.applyDesired(ctx, pvc)
}

// RIGHT: the caller looks the claim up only to delete it, on a branch
// that returns, and hands the claim it built to fillClaim otherwise.
func (p *patcher) syncClaim(ctx context.Context, key client.ObjectKey, class string, enabled bool) error {
	pvc := &corev1.PersistentVolumeClaim{}
	pvc.Namespace, pvc.Name = key.Namespace, key.Name
	if !enabled {
		if err := p.c.Get(ctx, key, pvc); err != nil {
			return err
		}
		return p.c.Delete(ctx, pvc)
	}
	return p.fillClaim(ctx, pvc, class)
}

// fillAndUpdate is the same helper sending the claim with an Update.
func (p *patcher) fillAndUpdate(ctx context.Context, pvc *corev1.PersistentVolumeClaim, class string) error {
	pvc.Spec = claimSpec(class) // want `live PersistentVolumeClaim's Spec replaced wholesale, Spec.VolumeName with it`
	return p.c.Update(ctx, pvc)
}

// Its caller reads the claim on the path to the call: the helper replaces
// the live claim's spec.
func (p *patcher) resyncClaim(ctx context.Context, key client.ObjectKey, class string) error {
	pvc := &corev1.PersistentVolumeClaim{}
	if err := p.c.Get(ctx, key, pvc); err != nil {
		return err
	}
	return p.fillAndUpdate(ctx, pvc, class)
}
