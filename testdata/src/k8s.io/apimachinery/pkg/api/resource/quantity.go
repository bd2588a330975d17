// Minimal stand-in for testing reconcilelint. Mirrors k8s.io/apimachinery v0.37.0 pkg/api/resource;
// only the declarations the tests use, with upstream signatures.
package resource

type Quantity struct{ s string }

func MustParse(str string) Quantity { return Quantity{s: str} }

func (q *Quantity) String() string { return q.s }
