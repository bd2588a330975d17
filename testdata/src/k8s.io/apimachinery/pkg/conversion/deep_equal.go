// Minimal stand-in for testing reconcilelint. Mirrors k8s.io/apimachinery v0.37.0 pkg/conversion;
// only the declarations the tests use, with upstream signatures.
package conversion

import "k8s.io/apimachinery/third_party/forked/golang/reflect"

type Equalities struct {
	reflect.Equalities
}

func EqualitiesOrDie(funcs ...interface{}) Equalities {
	return Equalities{reflect.Equalities{}}
}
