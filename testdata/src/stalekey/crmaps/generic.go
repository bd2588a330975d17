package crmaps

import (
	"context"
	"maps"

	appsv1 "k8s.io/api/apps/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"stalekey/crmaps/api"
	"stalekey/crmaps/build"
)

// The objects are built in another package, whose labels carry the
// cache's ExtraLabels, and each is merged into the live object's labels,
// keeping a label the user removed from the cache. The builder's fact
// (strand.FlowsFact) says what reaches its results: reported, with the
// flow named at the merge.
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

// objects is build.Objects written in this package.
func objects(cache *api.Cache) []client.Object {
	dep := desired(cache)
	dep.Name = cache.Name
	return []client.Object{dep}
}

// The same merge of objects built in this package: the desired labels
// are the builder's, which take the cache's ExtraLabels. Reported, the
// flow pointed at where it is.
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

// The pod annotations come from the cache, through the other package's
// builder and its helper: reported.
func (r *Reconciler) syncWorkload(ctx context.Context, cache *api.Cache, key client.ObjectKey) error {
	want := build.Workload(cache)
	live := &appsv1.Deployment{}
	if err := r.Get(ctx, key, live); err != nil {
		return err
	}
	maps.Copy(live.Spec.Template.Annotations, want.Spec.Template.Annotations) // want `merge into the live Deployment pod template annotations keeps keys copied from the Cache after they are removed there`
	return r.Update(ctx, live)
}

// RIGHT: the same builder's labels are the operator's own; no key of the
// cache reaches them.
func (r *Reconciler) syncWorkloadLabels(ctx context.Context, cache *api.Cache, key client.ObjectKey) error {
	want := build.Workload(cache)
	live := &appsv1.Deployment{}
	if err := r.Get(ctx, key, live); err != nil {
		return err
	}
	maps.Copy(live.Labels, want.Labels)
	return r.Update(ctx, live)
}
