package crmaps

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"

	"stalekey/crmaps/api"
	"stalekey/crmaps/build"
)

// Known false negative: the objects are built in another package, whose
// labels carry the cache's ExtraLabels, and each is merged into the live
// object's labels, keeping a label the user removed from the cache. The
// strand engine follows a desired map to the builders of its own package
// only (it exports no facts), so build.Objects' keys are unknown here.
// Not reported; syncAllHere below is the same merge with a builder of
// this package, and is.
func (r *Reconciler) syncAll(ctx context.Context, cache *api.Cache) error {
	for _, want := range build.Objects(cache) {
		live := want.DeepCopyObject().(client.Object)
		if err := r.Get(ctx, client.ObjectKeyFromObject(want), live); err != nil {
			return err
		}
		merged := live.GetLabels()
		if merged == nil {
			merged = map[string]string{}
		}
		for k, v := range want.GetLabels() {
			merged[k] = v
		}
		live.SetLabels(merged)
		if err := r.Update(ctx, live); err != nil {
			return err
		}
	}
	return nil
}

// objects is build.Objects written in this package.
func objects(cache *api.Cache) []client.Object {
	dep := desired(cache)
	dep.Name = cache.Name
	return []client.Object{dep}
}

// The same merge of objects built in this package: the desired labels
// are the builder's, which take the cache's ExtraLabels. Reported.
func (r *Reconciler) syncAllHere(ctx context.Context, cache *api.Cache) error {
	for _, want := range objects(cache) {
		live := want.DeepCopyObject().(client.Object)
		if err := r.Get(ctx, client.ObjectKeyFromObject(want), live); err != nil {
			return err
		}
		merged := live.GetLabels()
		if merged == nil {
			merged = map[string]string{}
		}
		for k, v := range want.GetLabels() { // want `merge into the live object labels keeps keys copied from the Cache after they are removed there`
			merged[k] = v
		}
		live.SetLabels(merged)
		if err := r.Update(ctx, live); err != nil {
			return err
		}
	}
	return nil
}
