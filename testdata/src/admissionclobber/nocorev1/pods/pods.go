// Package pods hands out Pods and their pull secrets, so that its callers
// need not import k8s.io/api/core/v1 themselves.
package pods

import corev1 "k8s.io/api/core/v1"

// Empty returns a Pod to read into.
func Empty() *corev1.Pod { return &corev1.Pod{} }

// PullSecrets returns the pull secrets the operator wants.
func PullSecrets() []corev1.LocalObjectReference {
	return []corev1.LocalObjectReference{{Name: "registry"}}
}

// SetPullSecrets replaces the Pod's pull secrets wholesale.
func SetPullSecrets(pod *corev1.Pod) { // want SetPullSecrets:`replaces\(param 0 PodSpec.ImagePullSecrets`
	pod.Spec.ImagePullSecrets = PullSecrets()
}
