// Minimal stand-in for testing reconcilelint. Mirrors k8s.io/apiserver v0.34.0 pkg/quota/v1;
// only the declarations the tests use, with upstream signatures.
package v1

import corev1 "k8s.io/api/core/v1"

// Add returns the result of a + b for each named resource.
func Add(a corev1.ResourceList, b corev1.ResourceList) corev1.ResourceList {
	result := corev1.ResourceList{}
	for k, v := range a {
		result[k] = v
	}
	for k, v := range b {
		result[k] = v
	}
	return result
}
