// Package locals: what the engine says of the values locals hold,
// whatever statement gives them.
package locals

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

func computed(any)  {}
func allocated(any) {}
func located(any)   {}

func values(dep *appsv1.Deployment, found bool) {
	anns := dep.GetAnnotations()
	computed(anns) // want `computed by dep.GetAnnotations\(\)`
	var labels map[string]string
	labels = dep.Labels
	computed(labels) // want `computed by dep.Labels`
	var picked map[string]string
	if found {
		picked = dep.Spec.Template.Labels
	}
	computed(picked) // want `computed by dep.Spec.Template.Labels`
	either := dep.Labels
	if found {
		either = dep.Annotations
	}
	computed(either) // want `not known`
	computed(dep)    // want `not known`
	v, ok := dep.Annotations["k"]
	_ = ok
	computed(v) // want `computed by dep.Annotations\["k"\]`
	flag := "true"
	computed(flag) // want `constant`
	stamp := dep.Spec.Template.Annotations
	computed(&stamp) // want `computed by dep.Spec.Template.Annotations`
	twice := dep.Labels
	twice = dep.Annotations
	computed(&twice) // want `not known`
}

func allocations(ctx context.Context, c client.Client, src *appsv1.Deployment, key client.ObjectKey) {
	built := &appsv1.Deployment{}
	allocated(built) // want `built: allocated`
	var later *appsv1.Deployment
	later = new(appsv1.Deployment)
	allocated(later) // want `later: allocated`
	var inPlace appsv1.Deployment
	inPlace.Spec.Replicas = src.Spec.Replicas
	allocated(&inPlace) // want `inPlace: allocated`
	read := &appsv1.Deployment{}
	_ = c.Get(ctx, key, read)
	allocated(read) // want `read: allocated`
	copied := src.DeepCopy()
	allocated(copied) // no allocation of its own: a copy made by a call
	aliased := src
	allocated(aliased)
	var whole appsv1.Deployment
	whole = *src
	allocated(&whole)
	allocated(src)
}

func locations(dep *appsv1.Deployment, name string) {
	var cur *corev1.Container
	for i := range dep.Spec.Template.Spec.Containers {
		if dep.Spec.Template.Spec.Containers[i].Name == name {
			cur = &dep.Spec.Template.Spec.Containers[i]
		}
	}
	located(cur.Resources) // want `at dep; "Spec.Template.Spec.Containers\[\].Resources" from dep`
	first := &dep.Spec.Template.Spec.Containers[0]
	if name != "" {
		first = &dep.Spec.Template.Spec.Containers[1]
	}
	located(first.Image) // want `at dep; "Spec.Template.Spec.Containers\[\].Image" from dep`
	other := &dep.Spec.Template.Spec.Containers[0]
	if name != "" {
		other = &corev1.Container{}
	}
	located(other.Image) // want `at ; "Image" from other`
	var copy *appsv1.Deployment
	copy = dep.DeepCopy()
	located(copy) // want `at dep; "" from dep`
}
