package a

import (
	"context"
	"reflect"

	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	"k8s.io/apimachinery/pkg/api/equality"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"roundtripdrift/api"
	"roundtripdrift/helpers"
)

// Ports appended once for each entry of a fixed, non-empty list: the list
// is never empty, so nothing is lost on the way. Silent.
func (r *Reconciler) syncPolicy(ctx context.Context, key client.ObjectKey) error {
	live := &networkingv1.NetworkPolicy{}
	if err := r.Get(ctx, key, live); err != nil {
		return err
	}
	wanted := []int32{8080, 8443}
	ports := make([]networkingv1.NetworkPolicyPort, 0, len(wanted))
	for _, p := range wanted {
		port := p
		ports = append(ports, networkingv1.NetworkPolicyPort{Port: &port})
	}
	desired := networkingv1.NetworkPolicySpec{Ingress: []networkingv1.NetworkPolicyIngressRule{{Ports: ports}}}
	if !reflect.DeepEqual(live.Spec, desired) {
		live.Spec = desired
		return r.Update(ctx, live)
	}
	return nil
}

// The same ports kept only when a condition holds: the list may stay
// empty.
func (r *Reconciler) syncPolicyFiltered(ctx context.Context, key client.ObjectKey, open map[int32]bool) error {
	live := &networkingv1.NetworkPolicy{}
	if err := r.Get(ctx, key, live); err != nil {
		return err
	}
	ports := make([]networkingv1.NetworkPolicyPort, 0)
	for _, p := range []int32{8080, 8443} {
		if open[p] {
			port := p
			ports = append(ports, networkingv1.NetworkPolicyPort{Port: &port})
		}
	}
	desired := networkingv1.NetworkPolicySpec{Ingress: []networkingv1.NetworkPolicyIngressRule{{Ports: ports}}}
	if !reflect.DeepEqual(live.Spec, desired) { // want `live NetworkPolicy's Spec compared with reflect.DeepEqual: the desired Ingress\[\].Ports is an empty, non-nil list or map`
		live.Spec = desired
		return r.Update(ctx, live)
	}
	return nil
}

// copyCacheFields is a mutator called directly: it compares a part of the
// desired and the live object and copies the desired part in.
func copyCacheFields(from, to *api.Cache) bool {
	changed := false
	if !helpers.SameValue(to.Spec.Resources, from.Spec.Resources) {
		to.Spec.Resources = from.Spec.Resources
		changed = true
	}
	return changed
}

// Its answer decides the update, through a flag combined with ||, and a
// condition that also requires err == nil.
func (r *Reconciler) syncCopied(ctx context.Context, owner *api.Cache) error {
	desired := desiredCache(owner)
	found := &api.Cache{}
	err := r.Get(ctx, client.ObjectKeyFromObject(desired), found)
	if err != nil {
		return err
	}
	needsUpdate := false
	needsUpdate = copyCacheFields(desired, found) || needsUpdate // want `desired Cache handed to copyCacheFields, which compares its Spec.Resources strictly with the live one's \(shapes.go:\d+\): the API server returns quantities in canonical form`
	if needsUpdate && err == nil {
		return r.Update(ctx, found)
	}
	return nil
}

// copyCacheFieldsByValue is the same mutator with its comparison fixed:
// equality.Semantic compares quantities by value.
func copyCacheFieldsByValue(from, to *api.Cache) bool {
	changed := false
	if !equality.Semantic.DeepEqual(to.Spec.Resources, from.Spec.Resources) {
		to.Spec.Resources = from.Spec.Resources
		changed = true
	}
	return changed
}

// Its caller is silent.
func (r *Reconciler) syncCopiedByValue(ctx context.Context, owner *api.Cache) error {
	desired := desiredCache(owner)
	found := &api.Cache{}
	if err := r.Get(ctx, client.ObjectKeyFromObject(desired), found); err != nil {
		return err
	}
	if copyCacheFieldsByValue(desired, found) {
		return r.Update(ctx, found)
	}
	return nil
}

func desiredCache(owner *api.Cache) *api.Cache {
	return &api.Cache{Spec: api.CacheSpec{Resources: owner.Spec.Resources}}
}

// A copy of the live object whose options the operator replaced with an
// empty map: both sides derive from the live object, but the compared
// part of one was set here.
func (r *Reconciler) syncOptionsCopy(ctx context.Context, cache *api.Cache) error {
	if err := r.Get(ctx, client.ObjectKeyFromObject(cache), cache); err != nil {
		return err
	}
	next := cache.DeepCopy()
	next.Spec.Options = map[string]string{}
	if !reflect.DeepEqual(cache.Spec.Options, next.Spec.Options) { // want `live Cache's Spec.Options compared with reflect.DeepEqual: the desired value is an empty, non-nil list or map`
		return r.Update(ctx, next)
	}
	return nil
}

// A plain copy compared with the live object sets nothing: silent.
func (r *Reconciler) syncUntouchedCopy(ctx context.Context, cache *api.Cache) error {
	if err := r.Get(ctx, client.ObjectKeyFromObject(cache), cache); err != nil {
		return err
	}
	next := cache.DeepCopy()
	if !reflect.DeepEqual(cache.Spec.Resources, next.Spec.Resources) {
		return r.Update(ctx, next)
	}
	return nil
}

// The empty case decided before the strict comparison runs. Silent.
func (r *Reconciler) syncShardsGuarded(ctx context.Context, cache *api.Cache, wanted map[string]bool) error {
	if err := r.Get(ctx, client.ObjectKeyFromObject(cache), cache); err != nil {
		return err
	}
	merged := helpers.MergeShards(cache, wanted)
	if len(cache.Spec.Shards) == 0 && len(merged.Spec.Shards) == 0 || reflect.DeepEqual(cache.Spec.Shards, merged.Spec.Shards) {
		return nil
	}
	cache.Spec.Shards = merged.Spec.Shards
	return r.Update(ctx, cache)
}

// The reconciled object handed in by the caller and written back with a
// merge patch is the server's copy.
func (r *Reconciler) patchShards(ctx context.Context, cache *api.Cache, wanted map[string]bool) error {
	merged := helpers.MergeShards(cache, wanted)
	if reflect.DeepEqual(cache.Spec.Shards, merged.Spec.Shards) { // want `live Cache's Spec.Shards compared with reflect.DeepEqual: the desired value is an empty, non-nil list or map`
		return nil
	}
	patch := client.MergeFrom(cache.DeepCopy())
	cache.Spec.Shards = merged.Spec.Shards
	return r.Patch(ctx, cache, patch)
}

var _ = corev1.ResourceCPU

// The whole object compared with a copy taken before its status was
// recomputed: neither side sets a quantity of its own. Silent.
func (r *Reconciler) patchWhole(ctx context.Context, cache *api.Cache) error {
	if err := r.Get(ctx, client.ObjectKeyFromObject(cache), cache); err != nil {
		return err
	}
	before := cache.DeepCopy()
	cache.Spec.DeepCopyInto(&before.Spec)
	if !reflect.DeepEqual(cache, before) {
		return r.Patch(ctx, cache, client.MergeFrom(before))
	}
	return nil
}

// ensureCache is a reconcile helper handed the desired object: it reads
// the live one itself and updates it when the resources differ.
func (r *Reconciler) ensureCache(ctx context.Context, want *api.Cache) error {
	have := &api.Cache{}
	if err := r.Get(ctx, client.ObjectKeyFromObject(want), have); err != nil {
		return r.Create(ctx, want)
	}
	if !helpers.SameValue(have.Spec.Resources, want.Spec.Resources) {
		have.Spec.Resources = want.Spec.Resources
		return r.Update(ctx, have)
	}
	return nil
}

// What the desired object sets is known where the helper is called.
func (r *Reconciler) syncThroughEnsure(ctx context.Context, owner *api.Cache) error {
	return r.ensureCache(ctx, desiredCache(owner)) // want `desired Cache handed to Reconciler.ensureCache, which compares its Spec.Resources strictly with the live one's \(shapes.go:\d+\): the API server returns quantities in canonical form`
}

// The same helper comparing by value.
func (r *Reconciler) ensureCacheByValue(ctx context.Context, want *api.Cache) error {
	have := &api.Cache{}
	if err := r.Get(ctx, client.ObjectKeyFromObject(want), have); err != nil {
		return r.Create(ctx, want)
	}
	if !equality.Semantic.DeepEqual(have.Spec.Resources, want.Spec.Resources) {
		have.Spec.Resources = want.Spec.Resources
		return r.Update(ctx, have)
	}
	return nil
}

// Its caller is silent.
func (r *Reconciler) syncThroughEnsureByValue(ctx context.Context, owner *api.Cache) error {
	return r.ensureCacheByValue(ctx, desiredCache(owner))
}
