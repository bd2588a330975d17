// Minimal stand-in for testing reconcilelint. Mirrors k8s.io/apimachinery v0.37.0 pkg/runtime;
// only the declarations the tests use, with upstream signatures.
package runtime

import "k8s.io/apimachinery/pkg/runtime/schema"

type Object interface {
	GetObjectKind() schema.ObjectKind
	DeepCopyObject() Object
}

type ApplyConfiguration interface {
	IsApplyConfiguration()
}

type Scheme struct{}

type RawExtension struct {
	Raw    []byte
	Object Object
}
