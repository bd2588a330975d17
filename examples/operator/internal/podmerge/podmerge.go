// Package podmerge brings a Pod's containers up to date with desired ones.
package podmerge

import corev1 "k8s.io/api/core/v1"

// Containers updates the containers of dst that have a desired
// counterpart in src, by name, and keeps containers it does not know
// (sidecars injected by a mesh).
func Containers(dst []corev1.Container, src []corev1.Container) {
	for i := range dst {
		for j := range src {
			if dst[i].Name != src[j].Name {
				continue
			}
			dst[i].Image = src[j].Image
			dst[i].SecurityContext = src[j].SecurityContext
		}
	}
}
