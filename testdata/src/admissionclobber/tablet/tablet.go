// Package tablet builds and updates the Pods of a database tablet. One
// function serves both: NewPod builds a fresh Pod and UpdatePod brings an
// existing one up to date, in the shape of a directly managed Pod.
package tablet

import (
	corev1 "k8s.io/api/core/v1"

	"admissionclobber/podmerge"
)

type Spec struct {
	Image          string
	PullSecrets    []corev1.LocalObjectReference
	ServiceAccount string
	RunAsUser      *int64
}

// NewPod builds a fresh Pod: nothing here is reported.
func NewPod(name string, spec *Spec) *corev1.Pod {
	pod := &corev1.Pod{}
	pod.Name = name
	UpdatePod(pod, spec)
	return pod
}

// UpdatePod replaces pull secrets and merges containers through a helper
// that replaces their security contexts. The report is at callers that
// pass a live Pod.
func UpdatePod(obj *corev1.Pod, spec *Spec) { // want UpdatePod:`replaces\(param 0 Container.SecurityContext at podmerge/podmerge.go:13; param 0 Container at podmerge/podmerge.go:88; param 0 PodSpec.ImagePullSecrets at tablet/tablet.go:37; param 0 SecurityContext at podmerge/podmerge.go:22\)`
	containers := []corev1.Container{{
		Name:            "tablet",
		Image:           spec.Image,
		SecurityContext: &corev1.SecurityContext{RunAsUser: spec.RunAsUser},
	}}
	podmerge.Containers(&obj.Spec.Containers, containers)
	obj.Spec.ImagePullSecrets = spec.PullSecrets
	if spec.ServiceAccount != "" {
		obj.Spec.ServiceAccountName = spec.ServiceAccount // set only when non-empty: admission leaves it alone
	}
	if obj.Spec.SecurityContext == nil {
		obj.Spec.SecurityContext = &corev1.PodSecurityContext{} // fills an empty field
	}
}

// UpdatePodMerging is the fixed form: every admission-mutated field is
// merged, so callers are silent.
func UpdatePodMerging(obj *corev1.Pod, spec *Spec) {
	for i := range obj.Spec.Containers {
		c := &obj.Spec.Containers[i]
		podmerge.SecurityContextFieldwise(&c.SecurityContext, &corev1.SecurityContext{RunAsUser: spec.RunAsUser})
	}
	podmerge.LocalObjectReferences(&obj.Spec.ImagePullSecrets, spec.PullSecrets)
}
