// Package controller gathers, from the cluster, what package render turns
// into a pod template.
package controller

import (
	"maps"
	"slices"

	corev1 "k8s.io/api/core/v1"

	"maporder/channels/render"
)

// gather stores the keys of each ConfigMap in map order: render mounts
// them in that order on every reconcile.
func gather(cms []corev1.ConfigMap, secrets []corev1.Secret, hosts map[string]bool) render.Gathered {
	g := render.Gathered{ConfigFiles: map[string][]string{}, Secrets: map[string]render.SecretKeys{}}
	for _, cm := range cms {
		g.ConfigFiles[cm.Name] = slices.Collect(maps.Keys(cm.Data)) // want `slices.Collect\(maps.Keys\(cm.Data\)\) is in map order and feeds Container.VolumeMounts via Gathered.ConfigFiles; sort it first`
	}
	for _, s := range secrets {
		g.Secrets[s.Name] = render.KeysOf(s.StringData, s.Data)
	}
	for h := range hosts { // want `range over map hosts feeds Container.Args via Gathered.Hosts in map order; sort the keys first`
		g.Hosts = append(g.Hosts, h)
	}
	return g
}

// gatherSorted is gather done right: silent.
func gatherSorted(cms []corev1.ConfigMap, hosts map[string]bool) render.Gathered {
	g := render.Gathered{ConfigFiles: map[string][]string{}}
	for _, cm := range cms {
		g.ConfigFiles[cm.Name] = slices.Sorted(maps.Keys(cm.Data))
	}
	g.Hosts = slices.Sorted(maps.Keys(hosts))
	return g
}
