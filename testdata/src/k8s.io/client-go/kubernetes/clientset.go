// Minimal stand-in for testing reconcilelint. Mirrors k8s.io/client-go
// v0.37.0 kubernetes; only the declarations the tests use, with upstream
// signatures.
package kubernetes

import corev1 "k8s.io/client-go/kubernetes/typed/core/v1"

type Interface interface {
	CoreV1() corev1.CoreV1Interface
}
