// Minimal stand-in for testing reconcilelint. Mirrors k8s.io/apimachinery v0.37.0 pkg/util/intstr;
// only the declarations the tests use, with upstream signatures.
package intstr

type Type int64

type IntOrString struct {
	Type   Type
	IntVal int32
	StrVal string
}

func FromInt32(val int32) IntOrString { return IntOrString{IntVal: val} }

func FromString(val string) IntOrString { return IntOrString{Type: 1, StrVal: val} }
