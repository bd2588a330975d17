// Package build makes the objects of a cache; their labels carry the
// cache's own ExtraLabels.
package build

import (
	"maps"

	appsv1 "k8s.io/api/apps/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"stalekey/crmaps/api"
)

// Objects returns every object the cache owns.
func Objects(cache *api.Cache) []client.Object {
	dep := &appsv1.Deployment{}
	dep.Name = cache.Name
	dep.Labels = map[string]string{"app": "cache"}
	maps.Copy(dep.Labels, cache.Spec.ExtraLabels)
	return []client.Object{dep}
}

// Workload puts the cache's pod annotations on the template, through a
// helper of this package; its labels are the operator's own.
func Workload(cache *api.Cache) *appsv1.Deployment {
	dep := &appsv1.Deployment{}
	dep.Name = cache.Name
	dep.Labels = map[string]string{"app": "cache"}
	dep.Spec.Template.Annotations = podAnnotations(cache)
	return dep
}

func podAnnotations(cache *api.Cache) map[string]string {
	out := map[string]string{"cache.example.com/config": "v1"}
	maps.Copy(out, cache.Spec.PodAnnotations)
	return out
}
