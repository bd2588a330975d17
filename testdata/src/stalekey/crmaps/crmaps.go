// Package crmaps: the custom resource's own maps passed through to the
// workload, then merged with the live object's. A key the user removes
// from the custom resource is never deleted.
package crmaps

import (
	"context"
	"maps"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"stalekey/crmaps/api"
)

type Reconciler struct{ client.Client }

func desired(cache *api.Cache) *appsv1.Deployment {
	dep := &appsv1.Deployment{}
	dep.Spec.Template = corev1.PodTemplateSpec{
		ObjectMeta: metav1.ObjectMeta{Annotations: cache.Spec.PodAnnotations},
	}
	dep.Labels = labels.Merge(map[string]string{"app": "cache"}, cache.Spec.ExtraLabels)
	return dep
}

// Desired into live, both maps.
func (r *Reconciler) sync(ctx context.Context, cache *api.Cache, key client.ObjectKey) error {
	live := &appsv1.Deployment{}
	_ = r.Get(ctx, key, live)
	want := desired(cache)
	maps.Copy(live.Spec.Template.Annotations, want.Spec.Template.Annotations) // want `merge into the live Deployment pod template annotations keeps keys copied from the Cache after they are removed there`
	live.Labels = labels.Merge(live.Labels, want.Labels)                      // want `merge into the live Deployment labels keeps keys copied from the Cache after they are removed there`
	return r.Update(ctx, live)
}

// A three-way merge: keys applied before and no longer wanted are deleted.
func (r *Reconciler) syncThreeWay(ctx context.Context, cache *api.Cache, key client.ObjectKey, applied []string) error {
	live := &appsv1.Deployment{}
	_ = r.Get(ctx, key, live)
	want := desired(cache)
	for _, k := range applied {
		if _, ok := want.Spec.Template.Annotations[k]; !ok {
			delete(live.Spec.Template.Annotations, k)
		}
	}
	maps.Copy(live.Spec.Template.Annotations, want.Spec.Template.Annotations)
	return r.Update(ctx, live)
}

// A map of the custom resource that is not metadata (settings for a
// ConfigMap's data) does not reach annotations or labels.
func (r *Reconciler) config(ctx context.Context, cache *api.Cache, key client.ObjectKey) error {
	cm := &corev1.ConfigMap{}
	_ = r.Get(ctx, key, cm)
	maps.Copy(cm.Data, cache.Spec.Settings)
	return r.Update(ctx, cm)
}

// The inverse form: the live labels merged into the desired object's,
// which is then written over the live one.
func (r *Reconciler) syncInverse(ctx context.Context, cache *api.Cache, key client.ObjectKey) error {
	live := &appsv1.Deployment{}
	_ = r.Get(ctx, key, live)
	want := desired(cache)
	want.ResourceVersion = live.ResourceVersion
	want.Labels = labels.Merge(live.Labels, want.Labels) // want `merge into the live Deployment labels keeps keys copied from the Cache after they are removed there`
	return r.Update(ctx, want)
}

// The user's pod annotations handed back by a small helper, then copied
// into the live template: the helper's result goes to the template, so
// what it returns is the custom resource's map.
func podAnnotations(cache *api.Cache) map[string]string {
	return cache.Spec.PodAnnotations
}

func (r *Reconciler) syncThroughHelper(ctx context.Context, cache *api.Cache, key client.ObjectKey) error {
	live := &appsv1.Deployment{}
	_ = r.Get(ctx, key, live)
	maps.Copy(live.Spec.Template.Annotations, podAnnotations(cache)) // want `merge into the live Deployment pod template annotations keeps keys copied from the Cache after they are removed there`
	return r.Update(ctx, live)
}

// A helper returning the operator's own constant map: nothing of the
// user's.
func fixedAnnotations(_ *api.Cache) map[string]string {
	return map[string]string{"example.com/managed": "true"}
}

func (r *Reconciler) syncFixed(ctx context.Context, cache *api.Cache, key client.ObjectKey) error {
	live := &appsv1.Deployment{}
	_ = r.Get(ctx, key, live)
	maps.Copy(live.Spec.Template.Annotations, fixedAnnotations(cache))
	return r.Update(ctx, live)
}

// withExtras gives the desired object the custom resource's extra pod
// annotations as its own annotations.
func withExtras(d *appsv1.Deployment, cache *api.Cache) {
	d.Annotations = cache.Spec.PodAnnotations
}

// The helper runs only when the user set extras: the merge keeps keys
// copied from the Cache, and names no operator-owned key (the custom
// resource's map has no key of its own).
func (r *Reconciler) syncExtras(ctx context.Context, cache *api.Cache, key client.ObjectKey) error {
	live := &appsv1.Deployment{}
	_ = r.Get(ctx, key, live)
	want := &appsv1.Deployment{}
	if len(cache.Spec.PodAnnotations) > 0 {
		withExtras(want, cache)
	}
	maps.Copy(live.Annotations, want.Annotations) // want `merge into the live Deployment annotations keeps keys copied from the Cache after they are removed there`
	return r.Update(ctx, live)
}
