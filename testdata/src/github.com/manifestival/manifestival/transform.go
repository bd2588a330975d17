// Minimal stand-in for testing reconcilelint. Mirrors github.com/manifestival/manifestival v0.7.2;
// only the declarations the tests use, with upstream signatures.
package manifestival

import "k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"

// Transformer transforms a resource of a manifest before it is applied.
type Transformer func(u *unstructured.Unstructured) error
