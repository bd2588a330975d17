// Package merge makes a live CRD match a required one. Whether the object
// it is handed is live, and where the required one comes from, only its
// callers know: the replacement is their finding.
package merge

import (
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
)

// EnsureCRD stomps the whole spec, and the caBundle of a conversion webhook
// with it.
func EnsureCRD(modified *bool, existing *apiextv1.CustomResourceDefinition, required apiextv1.CustomResourceDefinition) { // want EnsureCRD:"replaces\\(replaces param 1's CustomResourceDefinition Spec with param 2 at merge.go:15\\)"
	if existing.Spec.Group != required.Spec.Group || existing.Spec.Conversion != required.Spec.Conversion {
		*modified = true
		existing.Spec = required.Spec
	}
}

// snapshot replaces the spec of a copy it makes itself: nothing a caller
// hands over is changed.
func snapshot(existing *apiextv1.CustomResourceDefinition, required apiextv1.CustomResourceDefinition) apiextv1.CustomResourceDefinition {
	out := *existing
	out.Spec = required.Spec
	return out
}
