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
