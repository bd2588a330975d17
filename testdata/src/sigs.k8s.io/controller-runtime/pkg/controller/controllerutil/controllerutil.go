// Minimal stand-in for testing reconcilelint. Mirrors sigs.k8s.io/controller-runtime v0.25.3 pkg/controller/controllerutil;
// only the declarations the tests use, with upstream signatures.
package controllerutil

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type OperationResult string

const (
	OperationResultNone    OperationResult = "unchanged"
	OperationResultCreated OperationResult = "created"
	OperationResultUpdated OperationResult = "updated"
)

type MutateFn func() error

type OwnerReferenceOption func(*metav1.OwnerReference)

func CreateOrUpdate(ctx context.Context, c client.Client, obj client.Object, f MutateFn) (OperationResult, error) {
	if err := c.Get(ctx, client.ObjectKeyFromObject(obj), obj); err != nil {
		return OperationResultNone, err
	}
	if err := f(); err != nil {
		return OperationResultNone, err
	}
	return OperationResultUpdated, c.Update(ctx, obj)
}

func CreateOrPatch(ctx context.Context, c client.Client, obj client.Object, f MutateFn) (OperationResult, error) {
	return CreateOrUpdate(ctx, c, obj, f)
}

// The library's bodies are not analysed in a real run: these keep what
// they are given where no analysis follows it, as if they were unknown.
var kept []any

func SetControllerReference(owner, controlled metav1.Object, scheme *runtime.Scheme, opts ...OwnerReferenceOption) error {
	kept = append(kept, owner, controlled)
	return nil
}

func AddFinalizer(o client.Object, finalizer string) (finalizersUpdated bool) {
	kept = append(kept, o)
	return false
}

func ContainsFinalizer(o client.Object, finalizer string) bool { return false }
