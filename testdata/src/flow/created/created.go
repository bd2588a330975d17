// Package created: parameters that hold live objects only on their way to
// Create.
package created

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

func created(any) {}

// fill is handed the object read by Get only where it was not found,
// and the caller creates it.
func fill(cm *corev1.ConfigMap) {
	created(cm) // want `cm: only created`
	cm.Data = map[string]string{"k": "v"}
}

func ensure(ctx context.Context, c client.Client, key client.ObjectKey) error {
	cm := &corev1.ConfigMap{}
	err := c.Get(ctx, key, cm)
	if apierrors.IsNotFound(err) {
		fill(cm)
		return c.Create(ctx, cm)
	}
	return err
}

// refill is handed a found object too, which is updated: it is live.
func refill(cm *corev1.ConfigMap) {
	created(cm)
	cm.Data = map[string]string{"k": "v"}
}

func ensureOrUpdate(ctx context.Context, c client.Client, key client.ObjectKey) error {
	cm := &corev1.ConfigMap{}
	err := c.Get(ctx, key, cm)
	if apierrors.IsNotFound(err) {
		refill(cm)
		return c.Create(ctx, cm)
	}
	refill(cm)
	return c.Update(ctx, cm)
}
