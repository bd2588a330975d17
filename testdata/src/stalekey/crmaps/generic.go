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
// desired map is read through client.Object's GetLabels from the list the
// builder returns; strand's trace does not follow that back to the
// builder's Labels (nor does it for a builder of this package), and
// across packages it has no facts either. Not reported.
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
