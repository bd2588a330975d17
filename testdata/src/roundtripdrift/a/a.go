package a

import (
	"context"
	"log"
	"maps"
	"reflect"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/equality"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"roundtripdrift/api"
	"roundtripdrift/helpers"
)

type Reconciler struct{ client.Client }

// statefulSet takes the container's resources from the custom resource,
// where the user may have written "1000m" or "0.5Gi".
func statefulSet(cache *api.Cache) *appsv1.StatefulSet {
	return &appsv1.StatefulSet{
		ObjectMeta: metav1.ObjectMeta{Name: cache.Name},
		Spec: appsv1.StatefulSetSpec{
			Template: corev1.PodTemplateSpec{Spec: corev1.PodSpec{
				Containers: []corev1.Container{{
					Name:      "cache",
					Image:     "example.com/cache:1",
					Resources: cache.Spec.Resources,
				}},
			}},
		},
	}
}

// plainStatefulSet sets no resources at all.
func plainStatefulSet(cache *api.Cache) *appsv1.StatefulSet {
	return &appsv1.StatefulSet{
		ObjectMeta: metav1.ObjectMeta{Name: cache.Name},
		Spec: appsv1.StatefulSetSpec{
			Template: corev1.PodTemplateSpec{Spec: corev1.PodSpec{
				Containers: []corev1.Container{{Name: "cache", Image: "example.com/cache:1"}},
			}},
		},
	}
}

// The resources compared with reflect.DeepEqual decide an update.
func (r *Reconciler) syncResources(ctx context.Context, cache *api.Cache) error {
	live := &appsv1.StatefulSet{}
	if err := r.Get(ctx, client.ObjectKeyFromObject(cache), live); err != nil {
		return err
	}
	desired := statefulSet(cache)
	if !reflect.DeepEqual(live.Spec.Template.Spec.Containers[0].Resources, desired.Spec.Template.Spec.Containers[0].Resources) { // want `live StatefulSet's Spec.Template.Spec.Containers\[\].Resources compared with reflect.DeepEqual: the API server returns quantities in canonical form \("1" for "1000m", "1536Mi" for "1.5Gi"\) and reflect.DeepEqual compares their form, so a quantity written any other way is never equal and the StatefulSet is written on every reconcile; use equality.Semantic.DeepEqual or Quantity.Cmp`
		live.Spec.Template.Spec.Containers[0].Resources = desired.Spec.Template.Spec.Containers[0].Resources
		return r.Update(ctx, live)
	}
	return nil
}

// The fixed form: quantities compared by value.
func (r *Reconciler) syncResourcesSemantic(ctx context.Context, cache *api.Cache) error {
	live := &appsv1.StatefulSet{}
	if err := r.Get(ctx, client.ObjectKeyFromObject(cache), live); err != nil {
		return err
	}
	desired := statefulSet(cache)
	if !equality.Semantic.DeepEqual(live.Spec.Template.Spec.Containers[0].Resources, desired.Spec.Template.Spec.Containers[0].Resources) {
		live.Spec.Template.Spec.Containers[0].Resources = desired.Spec.Template.Spec.Containers[0].Resources
		return r.Update(ctx, live)
	}
	return nil
}

// Quantity.Cmp compares by value: silent.
func (r *Reconciler) syncCPU(ctx context.Context, cache *api.Cache) error {
	live := &appsv1.StatefulSet{}
	if err := r.Get(ctx, client.ObjectKeyFromObject(cache), live); err != nil {
		return err
	}
	want := cache.Spec.Resources.Requests[corev1.ResourceCPU]
	got := live.Spec.Template.Spec.Containers[0].Resources.Requests[corev1.ResourceCPU]
	if got.Cmp(want) != 0 {
		live.Spec.Template.Spec.Containers[0].Resources = cache.Spec.Resources
		return r.Update(ctx, live)
	}
	return nil
}

// A comparison that only logs decides nothing: silent.
func (r *Reconciler) logResources(ctx context.Context, cache *api.Cache) error {
	live := &appsv1.StatefulSet{}
	if err := r.Get(ctx, client.ObjectKeyFromObject(cache), live); err != nil {
		return err
	}
	desired := statefulSet(cache)
	if !reflect.DeepEqual(live.Spec.Template.Spec.Containers[0].Resources, desired.Spec.Template.Spec.Containers[0].Resources) {
		log.Printf("resources of %s differ", cache.Name)
	}
	return nil
}

// Whole containers compared: the desired ones set their resources, so the
// quantities are in the comparison.
func (r *Reconciler) syncContainers(ctx context.Context, cache *api.Cache) error {
	live := &appsv1.StatefulSet{}
	if err := r.Get(ctx, client.ObjectKeyFromObject(cache), live); err != nil {
		return err
	}
	desired := statefulSet(cache)
	if !reflect.DeepEqual(live.Spec.Template.Spec.Containers, desired.Spec.Template.Spec.Containers) { // want `live StatefulSet's Spec.Template.Spec.Containers compared with reflect.DeepEqual: the API server returns quantities in canonical form`
		live.Spec.Template.Spec.Containers = desired.Spec.Template.Spec.Containers
		return r.Update(ctx, live)
	}
	return nil
}

// Whole containers compared, but the desired ones set no resources: no
// quantity is in the comparison (server defaults are defaultdrift's).
func (r *Reconciler) syncPlainContainers(ctx context.Context, cache *api.Cache) error {
	live := &appsv1.StatefulSet{}
	if err := r.Get(ctx, client.ObjectKeyFromObject(cache), live); err != nil {
		return err
	}
	desired := plainStatefulSet(cache)
	if !reflect.DeepEqual(live.Spec.Template.Spec.Containers, desired.Spec.Template.Spec.Containers) {
		live.Spec.Template.Spec.Containers = desired.Spec.Template.Spec.Containers
		return r.Update(ctx, live)
	}
	return nil
}

// A Pod listed and compared with the Pod the operator would build: a
// mismatch deletes it, and it is recreated on every reconcile.
func (r *Reconciler) recyclePods(ctx context.Context, cache *api.Cache) error {
	var pods corev1.PodList
	if err := r.List(ctx, &pods); err != nil {
		return err
	}
	for i := range pods.Items {
		pod := &pods.Items[i]
		want := workerPod(cache)
		if !reflect.DeepEqual(want.Spec.Containers[0].Resources, pod.Spec.Containers[0].Resources) { // want `live Pod's Spec.Containers\[\].Resources compared with reflect.DeepEqual: the API server returns quantities in canonical form`
			if err := r.Delete(ctx, pod); err != nil {
				return err
			}
		}
	}
	return nil
}

// workerPod sets a limit from a number: NewMilliQuantity caches no
// string, so even a round value differs from the server's.
func workerPod(cache *api.Cache) *corev1.Pod {
	return &corev1.Pod{
		ObjectMeta: metav1.ObjectMeta{Name: cache.Name + "-worker"},
		Spec: corev1.PodSpec{Containers: []corev1.Container{{
			Name: "worker",
			Resources: corev1.ResourceRequirements{Limits: corev1.ResourceList{
				corev1.ResourceCPU: *resource.NewMilliQuantity(1500, resource.DecimalSI),
			}},
		}}},
	}
}

// The shards kept are built empty and not nil in a helper of another
// package: when none is kept, omitempty sends nothing and the server
// returns nil.
func (r *Reconciler) syncShards(ctx context.Context, cache *api.Cache, wanted map[string]bool) error {
	if err := r.Get(ctx, client.ObjectKeyFromObject(cache), cache); err != nil {
		return err
	}
	merged := helpers.MergeShards(cache, wanted)
	if reflect.DeepEqual(cache.Spec.Shards, merged.Spec.Shards) { // want `live Cache's Spec.Shards compared with reflect.DeepEqual: the desired value is an empty, non-nil list or map that omitempty leaves out, so the API server returns nil, which reflect.DeepEqual does not treat as equal, and the Cache is written on every reconcile; use equality.Semantic.DeepEqual or leave it nil`
		return nil
	}
	cache.Spec.Shards = merged.Spec.Shards
	return r.Update(ctx, cache)
}

// The same with a nil list to start from: silent.
func (r *Reconciler) syncShardsNil(ctx context.Context, cache *api.Cache, wanted map[string]bool) error {
	if err := r.Get(ctx, client.ObjectKeyFromObject(cache), cache); err != nil {
		return err
	}
	merged := helpers.MergeShardsNil(cache, wanted)
	if reflect.DeepEqual(cache.Spec.Shards, merged.Spec.Shards) {
		return nil
	}
	cache.Spec.Shards = merged.Spec.Shards
	return r.Update(ctx, cache)
}

// Normalised before the comparison: the empty list becomes nil. Silent.
func (r *Reconciler) syncShardsNormalised(ctx context.Context, cache *api.Cache, names []string) error {
	if err := r.Get(ctx, client.ObjectKeyFromObject(cache), cache); err != nil {
		return err
	}
	desired := &api.Cache{}
	shards := make([]api.Shard, 0)
	for _, n := range names {
		shards = append(shards, api.Shard{Name: n})
	}
	if len(shards) == 0 {
		shards = nil
	}
	desired.Spec.Shards = shards
	if !reflect.DeepEqual(cache.Spec.Shards, desired.Spec.Shards) {
		cache.Spec.Shards = desired.Spec.Shards
		return r.Update(ctx, cache)
	}
	return nil
}

// An empty map literal in an omitempty field.
func (r *Reconciler) syncOptions(ctx context.Context, cache *api.Cache) error {
	if err := r.Get(ctx, client.ObjectKeyFromObject(cache), cache); err != nil {
		return err
	}
	desired := &api.Cache{Spec: api.CacheSpec{Options: map[string]string{}}}
	if !reflect.DeepEqual(cache.Spec.Options, desired.Spec.Options) { // want `live Cache's Spec.Options compared with reflect.DeepEqual: the desired value is an empty, non-nil list or map`
		cache.Spec.Options = desired.Spec.Options
		return r.Update(ctx, cache)
	}
	return nil
}

// maps.Equal compares lengths and entries: a nil map equals an empty one.
// Silent.
func (r *Reconciler) syncOptionsMaps(ctx context.Context, cache *api.Cache) error {
	if err := r.Get(ctx, client.ObjectKeyFromObject(cache), cache); err != nil {
		return err
	}
	desired := &api.Cache{Spec: api.CacheSpec{Options: map[string]string{}}}
	if !maps.Equal(cache.Spec.Options, desired.Spec.Options) {
		cache.Spec.Options = desired.Spec.Options
		return r.Update(ctx, cache)
	}
	return nil
}

// A map made empty and then filled key by key is not left empty. Silent.
func (r *Reconciler) syncOptionsFilled(ctx context.Context, cache *api.Cache) error {
	if err := r.Get(ctx, client.ObjectKeyFromObject(cache), cache); err != nil {
		return err
	}
	desired := &api.Cache{}
	desired.Spec.Options = make(map[string]string)
	desired.Spec.Options["eviction"] = "lru"
	if !reflect.DeepEqual(cache.Spec.Options, desired.Spec.Options) {
		cache.Spec.Options = desired.Spec.Options
		return r.Update(ctx, cache)
	}
	return nil
}

// Compared only when the desired map has entries. Silent.
func (r *Reconciler) syncOptionsWhenSet(ctx context.Context, cache *api.Cache) error {
	if err := r.Get(ctx, client.ObjectKeyFromObject(cache), cache); err != nil {
		return err
	}
	desired := &api.Cache{Spec: api.CacheSpec{Options: map[string]string{}}}
	if len(desired.Spec.Options) > 0 && !reflect.DeepEqual(cache.Spec.Options, desired.Spec.Options) {
		cache.Spec.Options = desired.Spec.Options
		return r.Update(ctx, cache)
	}
	return nil
}

// A field sent even when empty (no omitempty) comes back empty: silent.
func (r *Reconciler) syncZones(ctx context.Context, cache *api.Cache) error {
	if err := r.Get(ctx, client.ObjectKeyFromObject(cache), cache); err != nil {
		return err
	}
	desired := &api.Cache{Spec: api.CacheSpec{Zones: []string{}}}
	if !reflect.DeepEqual(cache.Spec.Zones, desired.Spec.Zones) {
		cache.Spec.Zones = desired.Spec.Zones
		return r.Update(ctx, cache)
	}
	return nil
}

// A desired Secret built with StringData never equals the live one.
func (r *Reconciler) syncSecret(ctx context.Context, cache *api.Cache, password string) error {
	live := &corev1.Secret{}
	if err := r.Get(ctx, client.ObjectKeyFromObject(cache), live); err != nil {
		return err
	}
	desired := &corev1.Secret{
		ObjectMeta: metav1.ObjectMeta{Name: cache.Name},
		StringData: map[string]string{"password": password},
	}
	if !reflect.DeepEqual(live.Data, desired.Data) { // want `live Secret's Data compared with reflect.DeepEqual, and the desired Secret is built with StringData: the API server folds StringData into Data and never returns it, so they are never equal and the Secret is written on every reconcile; build Data instead`
		live.StringData = desired.StringData
		return r.Update(ctx, live)
	}
	return nil
}

// Data built directly: silent.
func (r *Reconciler) syncSecretData(ctx context.Context, cache *api.Cache, password string) error {
	live := &corev1.Secret{}
	if err := r.Get(ctx, client.ObjectKeyFromObject(cache), live); err != nil {
		return err
	}
	desired := &corev1.Secret{
		ObjectMeta: metav1.ObjectMeta{Name: cache.Name},
		Data:       map[string][]byte{"password": []byte(password)},
	}
	if !reflect.DeepEqual(live.Data, desired.Data) {
		live.Data = desired.Data
		return r.Update(ctx, live)
	}
	return nil
}

// A helper of another package wrapping reflect.DeepEqual compares the
// quantities' form too.
func (r *Reconciler) syncThroughHelper(ctx context.Context, cache *api.Cache) error {
	live := &appsv1.StatefulSet{}
	if err := r.Get(ctx, client.ObjectKeyFromObject(cache), live); err != nil {
		return err
	}
	desired := statefulSet(cache)
	if !helpers.SameValue(live.Spec.Template.Spec.Containers[0].Resources, desired.Spec.Template.Spec.Containers[0].Resources) { // want `live StatefulSet's Spec.Template.Spec.Containers\[\].Resources compared with helpers.SameValue: the API server returns quantities in canonical form`
		live.Spec.Template.Spec.Containers[0].Resources = desired.Spec.Template.Spec.Containers[0].Resources
		return r.Update(ctx, live)
	}
	return nil
}

// The helper is not checked for empty lists: it may treat nil as empty.
func (r *Reconciler) syncShardsThroughHelper(ctx context.Context, cache *api.Cache, wanted map[string]bool) error {
	if err := r.Get(ctx, client.ObjectKeyFromObject(cache), cache); err != nil {
		return err
	}
	merged := helpers.MergeShards(cache, wanted)
	if helpers.SameValue(cache.Spec.Shards, merged.Spec.Shards) {
		return nil
	}
	cache.Spec.Shards = merged.Spec.Shards
	return r.Update(ctx, cache)
}

// The desired status stamped with the current time: the server keeps
// whole seconds, so the live status never equals it.
func (r *Reconciler) syncWarmed(ctx context.Context, cache *api.Cache) error {
	if err := r.Get(ctx, client.ObjectKeyFromObject(cache), cache); err != nil {
		return err
	}
	now := metav1.Now()
	desired := api.CacheStatus{Phase: "Warm", WarmedAt: &now}
	if !equality.Semantic.DeepEqual(cache.Status, desired) { // want `live Cache's Status compared with equality.Semantic.DeepEqual: the desired WarmedAt is stamped with the current time, sub-second part included, and the API server keeps whole seconds`
		cache.Status = desired
		return r.Status().Update(ctx, cache)
	}
	return nil
}

// Stamped to the second: silent.
func (r *Reconciler) syncWarmedSeconds(ctx context.Context, cache *api.Cache) error {
	if err := r.Get(ctx, client.ObjectKeyFromObject(cache), cache); err != nil {
		return err
	}
	now := metav1.Now().Rfc3339Copy()
	desired := api.CacheStatus{Phase: "Warm", WarmedAt: &now}
	if !equality.Semantic.DeepEqual(cache.Status, desired) {
		cache.Status = desired
		return r.Status().Update(ctx, cache)
	}
	return nil
}

// podMatches answers whether a running Pod is the one the operator would
// build, comparing container by container through locals; a Pod that does
// not match is deleted, and recreated on the next reconcile.
func podMatches(cache *api.Cache, pod corev1.Pod) bool {
	actual := pod.DeepCopy()
	expected := workerPod(cache)
	for i := range actual.Spec.Containers {
		want := expected.Spec.Containers[i]
		got := actual.Spec.Containers[i]
		wantRes := want.Resources
		if !reflect.DeepEqual(wantRes, got.Resources) { // want `live Pod's Spec.Containers\[\].Resources compared with reflect.DeepEqual: the API server returns quantities in canonical form`
			return false
		}
	}
	return true
}

func (r *Reconciler) pruneWorkers(ctx context.Context, cache *api.Cache) error {
	var pods corev1.PodList
	if err := r.List(ctx, &pods); err != nil {
		return err
	}
	byNode := map[string][]corev1.Pod{}
	for _, p := range pods.Items {
		byNode[p.Spec.NodeName] = append(byNode[p.Spec.NodeName], p)
	}
	for _, list := range byNode {
		for _, pod := range list {
			if !podMatches(cache, pod) {
				if err := r.Delete(ctx, &pod); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// The status after this reconcile compared with a snapshot taken before
// it: the warm time is stamped once, when warming ends, and sent; it is
// not compared with what the server returned. Silent.
func (r *Reconciler) finishWarming(ctx context.Context, key client.ObjectKey, done bool) error {
	cache := &api.Cache{}
	if err := r.Get(ctx, key, cache); err != nil {
		return err
	}
	before := cache.DeepCopy()
	if done && cache.Status.WarmedAt == nil {
		now := metav1.Now()
		cache.Status.WarmedAt = &now
	}
	if !reflect.DeepEqual(before.Status, cache.Status) {
		return r.Status().Patch(ctx, cache, client.MergeFrom(before))
	}
	return nil
}

// stampWarmed records when the cache was last warmed.
func stampWarmed(cache *api.Cache) {
	now := metav1.Now()
	cache.Status.WarmedAt = &now
}

// finishCache stamps the status once, when the cache is torn down.
func (r *Reconciler) finishCache(ctx context.Context, cache *api.Cache) error {
	now := metav1.Now()
	cache.Status.WarmedAt = &now
	cache.Status.Phase = "Gone"
	return r.Status().Update(ctx, cache)
}

// The status is compared with a snapshot taken before this reconcile
// changed it, and the cache is also handed, on the teardown path, to a
// helper that writes it back: it is still the object read from the
// server, so this is a snapshot diff, which sends a time once and does
// not compare it with what the server returned. Silent.
func (r *Reconciler) syncSnapshot(ctx context.Context, key client.ObjectKey) error {
	cache := &api.Cache{}
	if err := r.Get(ctx, key, cache); err != nil {
		return err
	}
	if !cache.DeletionTimestamp.IsZero() {
		return r.finishCache(ctx, cache)
	}
	saved := cache.Status.DeepCopy()
	cache.Status.Phase = "Warm"
	stampWarmed(cache)
	if !equality.Semantic.DeepEqual(&cache.Status, saved) {
		return r.Status().Update(ctx, cache)
	}
	return nil
}

// A desired status built here, stamped only on the teardown path, which
// returns before the comparison: the status compared carries no time.
// Silent.
func (r *Reconciler) syncBuiltStatus(ctx context.Context, key client.ObjectKey) error {
	cache := &api.Cache{}
	if err := r.Get(ctx, key, cache); err != nil {
		return err
	}
	desired := api.CacheStatus{Phase: "Warm"}
	if !cache.DeletionTimestamp.IsZero() {
		now := metav1.Now()
		desired.WarmedAt = &now
		desired.Phase = "Gone"
		cache.Status = desired
		return r.Status().Update(ctx, cache)
	}
	if !equality.Semantic.DeepEqual(cache.Status, desired) {
		cache.Status = desired
		return r.Status().Update(ctx, cache)
	}
	return nil
}
