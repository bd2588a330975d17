// Minimal stand-in for testing reconcilelint. Mirrors k8s.io/apimachinery v0.37.0 pkg/api/resource;
// only the declarations the tests use, with upstream signatures.
package resource

type Quantity struct{ s string }

func MustParse(str string) Quantity { return Quantity{s: str} }

func (q *Quantity) String() string { return q.s }

type Format string

const (
	DecimalSI = Format("DecimalSI")
	BinarySI  = Format("BinarySI")
)

func NewQuantity(value int64, format Format) *Quantity { return &Quantity{} }

func NewMilliQuantity(value int64, format Format) *Quantity { return &Quantity{} }

func (q *Quantity) Cmp(y Quantity) int { return 0 }

func (q Quantity) Equal(v Quantity) bool { return q.s == v.s }
