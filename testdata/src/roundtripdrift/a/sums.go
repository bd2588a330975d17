package a

import (
	"context"
	"reflect"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/equality"
	quota "k8s.io/apiserver/pkg/quota/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"roundtripdrift/api"
)

// shardTotal adds up what every shard asks for. A sum keeps the scale of
// its terms ("1500m" for one and a half CPUs), where the server writes
// "1500m" and gives back "1.5": the two are equal only by value.
func shardTotal(cache *api.Cache) *corev1.ResourceList {
	total := corev1.ResourceList{}
	for range cache.Spec.Shards {
		total = quota.Add(total, cache.Spec.Resources.Requests)
	}
	return &total
}

// The summed requests compared field by field decide an update.
func (r *Reconciler) syncTotal(ctx context.Context, cache *api.Cache) error {
	live := &appsv1.StatefulSet{}
	if err := r.Get(ctx, client.ObjectKeyFromObject(cache), live); err != nil {
		return err
	}
	total := shardTotal(cache)
	changed := false
	if live.Spec.Replicas == nil || !reflect.DeepEqual(live.Spec.Template.Spec.Containers[0].Resources.Requests, *total) { // want `live StatefulSet's Spec.Template.Spec.Containers\[\].Resources.Requests compared with reflect.DeepEqual: the API server returns quantities in canonical form`
		live.Spec.Template.Spec.Containers[0].Resources.Requests = *total
		changed = true
	}
	if changed {
		return r.Update(ctx, live)
	}
	return nil
}

// The fixed form compares the sums by value.
func (r *Reconciler) syncTotalSemantic(ctx context.Context, cache *api.Cache) error {
	live := &appsv1.StatefulSet{}
	if err := r.Get(ctx, client.ObjectKeyFromObject(cache), live); err != nil {
		return err
	}
	total := shardTotal(cache)
	if !equality.Semantic.DeepEqual(live.Spec.Template.Spec.Containers[0].Resources.Requests, *total) {
		live.Spec.Template.Spec.Containers[0].Resources.Requests = *total
		return r.Update(ctx, live)
	}
	return nil
}

// Each request compared by value with Cmp: silent.
func (r *Reconciler) syncTotalCmp(ctx context.Context, cache *api.Cache) error {
	live := &appsv1.StatefulSet{}
	if err := r.Get(ctx, client.ObjectKeyFromObject(cache), live); err != nil {
		return err
	}
	total := shardTotal(cache)
	for name, want := range *total {
		got := live.Spec.Template.Spec.Containers[0].Resources.Requests[name]
		if got.Cmp(want) != 0 {
			live.Spec.Template.Spec.Containers[0].Resources.Requests = *total
			return r.Update(ctx, live)
		}
	}
	return nil
}
