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

func SetControllerReference(owner, controlled metav1.Object, scheme *runtime.Scheme, opts ...OwnerReferenceOption) error {
	return nil
}

func AddFinalizer(o client.Object, finalizer string) (finalizersUpdated bool) { return false }

func ContainsFinalizer(o client.Object, finalizer string) bool { return false }
