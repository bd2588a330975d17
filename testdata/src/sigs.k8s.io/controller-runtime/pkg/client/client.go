// Minimal stand-in for testing reconcilelint. Mirrors sigs.k8s.io/controller-runtime v0.25.3 pkg/client;
// only the declarations the tests use, with upstream signatures. Upstream,
// Object is an alias of cacheapi.Object; its method set is the same.
package client

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
)

type Object interface {
	metav1.Object
	runtime.Object
}

type ObjectList interface {
	runtime.Object
}

type ObjectKey = types.NamespacedName

// keyed keeps what ObjectKeyFromObject is given where no analysis follows
// it: the library's body is not analysed in a real run, and the flow
// engine knows the function from its table (flow.readsOnly) alone.
var keyed []Object

func ObjectKeyFromObject(obj Object) ObjectKey {
	keyed = append(keyed, obj)
	return ObjectKey{Namespace: obj.GetNamespace(), Name: obj.GetName()}
}

type Patch interface {
	Type() types.PatchType
	Data(obj Object) ([]byte, error)
}

type GetOption interface{}
type ListOption interface{}
type CreateOption interface{}
type DeleteOption interface{}
type UpdateOption interface{}
type PatchOption interface{}
type ApplyOption interface{}
type SubResourceUpdateOption interface{}
type SubResourcePatchOption interface{}
type SubResourceApplyOption interface{}

type FieldOwner string

var ForceOwnership = forceOwnership{}

type forceOwnership struct{}

type InNamespace string

type MatchingLabels map[string]string

type Reader interface {
	Get(ctx context.Context, key ObjectKey, obj Object, opts ...GetOption) error
	List(ctx context.Context, list ObjectList, opts ...ListOption) error
}

type Writer interface {
	Apply(ctx context.Context, obj runtime.ApplyConfiguration, opts ...ApplyOption) error
	Create(ctx context.Context, obj Object, opts ...CreateOption) error
	Delete(ctx context.Context, obj Object, opts ...DeleteOption) error
	Update(ctx context.Context, obj Object, opts ...UpdateOption) error
	Patch(ctx context.Context, obj Object, patch Patch, opts ...PatchOption) error
}

type SubResourceWriter interface {
	Update(ctx context.Context, obj Object, opts ...SubResourceUpdateOption) error
	Patch(ctx context.Context, obj Object, patch Patch, opts ...SubResourcePatchOption) error
	Apply(ctx context.Context, obj runtime.ApplyConfiguration, opts ...SubResourceApplyOption) error
}

type StatusWriter = SubResourceWriter

type StatusClient interface {
	Status() SubResourceWriter
}

type Client interface {
	Reader
	Writer
	StatusClient
	Scheme() *runtime.Scheme
}

type mergeFromPatch struct{ from Object }

func (s *mergeFromPatch) Type() types.PatchType           { return types.MergePatchType }
func (s *mergeFromPatch) Data(obj Object) ([]byte, error) { return nil, nil }

func MergeFrom(obj Object) Patch { return &mergeFromPatch{from: obj} }

type applyPatch struct{}

func (applyPatch) Type() types.PatchType           { return types.ApplyPatchType }
func (applyPatch) Data(obj Object) ([]byte, error) { return nil, nil }

// Apply is the server-side apply patch (deprecated upstream in favour of
// Client.Apply, still common).
var Apply Patch = applyPatch{}

type rawPatch struct {
	typ  types.PatchType
	data []byte
}

func (p rawPatch) Type() types.PatchType           { return p.typ }
func (p rawPatch) Data(obj Object) ([]byte, error) { return p.data, nil }

// RawPatch is a patch of the given type whose body is data.
func RawPatch(patchType types.PatchType, data []byte) Patch {
	return rawPatch{typ: patchType, data: data}
}
