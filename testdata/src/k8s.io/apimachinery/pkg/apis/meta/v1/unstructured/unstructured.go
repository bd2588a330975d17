// Minimal stand-in for testing reconcilelint. Mirrors k8s.io/apimachinery v0.37.0
// pkg/apis/meta/v1/unstructured; only the declarations the tests use, with upstream signatures.
package unstructured

type Unstructured struct {
	Object map[string]interface{}
}

func (u *Unstructured) GetKind() string { return "" }
func (u *Unstructured) GetName() string { return "" }

func SetNestedField(obj map[string]interface{}, value interface{}, fields ...string) error {
	return nil
}

func NestedInt64(obj map[string]interface{}, fields ...string) (int64, bool, error) {
	return 0, false, nil
}
