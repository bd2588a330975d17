package a

import (
	"context"
	"reflect"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// RIGHT: a copy of the mirrored Secret takes the source's Data and its
// StringData, which a Secret read from the server never has: the copy's
// StringData is empty, and Data is compared as it comes back.
func (r *Reconciler) mirrorSecret(ctx context.Context, source, mirror client.ObjectKey) error {
	src := &corev1.Secret{}
	if err := r.Get(ctx, source, src); err != nil {
		return err
	}
	dst := &corev1.Secret{}
	if err := r.Get(ctx, mirror, dst); err != nil {
		return err
	}
	next := dst.DeepCopy()
	next.Data = src.Data
	next.StringData = src.StringData
	if reflect.DeepEqual(next.Data, dst.Data) && reflect.DeepEqual(next.StringData, dst.StringData) {
		return nil
	}
	return r.Update(ctx, next)
}
