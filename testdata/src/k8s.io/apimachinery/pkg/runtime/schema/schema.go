// Minimal stand-in for testing reconcilelint. Mirrors k8s.io/apimachinery v0.37.0 pkg/runtime/schema;
// only the declarations the tests use, with upstream signatures.
package schema

type GroupVersionKind struct {
	Group   string
	Version string
	Kind    string
}

type ObjectKind interface {
	SetGroupVersionKind(kind GroupVersionKind)
	GroupVersionKind() GroupVersionKind
}
