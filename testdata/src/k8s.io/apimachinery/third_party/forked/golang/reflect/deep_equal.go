// Minimal stand-in for testing reconcilelint. Mirrors k8s.io/apimachinery v0.37.0 third_party/forked/golang/reflect;
// only the declarations the tests use, with upstream signatures.
package reflect

import "reflect"

type Equalities map[reflect.Type]reflect.Value

func (e Equalities) DeepEqual(a1, a2 interface{}) bool { return reflect.DeepEqual(a1, a2) }

func (e Equalities) DeepDerivative(a1, a2 interface{}) bool { return reflect.DeepEqual(a1, a2) }
