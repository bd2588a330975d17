package a

import (
	"context"
	"reflect"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/equality"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"roundtripdrift/api"
)

// The live container is looked up by name in a loop and held in a
// pointer declared before it: its resources are still the StatefulSet's.
func (r *Reconciler) syncFoundContainer(ctx context.Context, cache *api.Cache) error {
	live := &appsv1.StatefulSet{}
	if err := r.Get(ctx, client.ObjectKeyFromObject(cache), live); err != nil {
		return err
	}
	desired := statefulSet(cache)
	var cur *corev1.Container
	for i := range live.Spec.Template.Spec.Containers {
		if live.Spec.Template.Spec.Containers[i].Name == "cache" {
			cur = &live.Spec.Template.Spec.Containers[i]
		}
	}
	if cur == nil {
		return nil
	}
	if !reflect.DeepEqual(cur.Resources, desired.Spec.Template.Spec.Containers[0].Resources) { // want `live StatefulSet's Spec.Template.Spec.Containers\[\].Resources compared with reflect.DeepEqual: the API server returns quantities in canonical form`
		cur.Resources = desired.Spec.Template.Spec.Containers[0].Resources
		return r.Update(ctx, live)
	}
	return nil
}

// The same lookup, the quantities compared by value.
func (r *Reconciler) syncFoundContainerSemantic(ctx context.Context, cache *api.Cache) error {
	live := &appsv1.StatefulSet{}
	if err := r.Get(ctx, client.ObjectKeyFromObject(cache), live); err != nil {
		return err
	}
	desired := statefulSet(cache)
	var cur *corev1.Container
	for i := range live.Spec.Template.Spec.Containers {
		if live.Spec.Template.Spec.Containers[i].Name == "cache" {
			cur = &live.Spec.Template.Spec.Containers[i]
		}
	}
	if cur == nil {
		return nil
	}
	if !equality.Semantic.DeepEqual(cur.Resources, desired.Spec.Template.Spec.Containers[0].Resources) {
		cur.Resources = desired.Spec.Template.Spec.Containers[0].Resources
		return r.Update(ctx, live)
	}
	return nil
}

// A local given the live container with = rather than :=.
func (r *Reconciler) syncAssignedContainer(ctx context.Context, cache *api.Cache) error {
	live := &appsv1.StatefulSet{}
	if err := r.Get(ctx, client.ObjectKeyFromObject(cache), live); err != nil {
		return err
	}
	desired := statefulSet(cache)
	var got corev1.Container
	got = live.Spec.Template.Spec.Containers[0]
	if !reflect.DeepEqual(got.Resources, desired.Spec.Template.Spec.Containers[0].Resources) { // want `live StatefulSet's Spec.Template.Spec.Containers\[\].Resources compared with reflect.DeepEqual`
		live.Spec.Template.Spec.Containers[0].Resources = desired.Spec.Template.Spec.Containers[0].Resources
		return r.Update(ctx, live)
	}
	return nil
}
