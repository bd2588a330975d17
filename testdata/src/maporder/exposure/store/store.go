// Package store reads ConfigMaps from the cluster; it also has generated
// code.
package store

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Load reads a ConfigMap.
func Load(ctx context.Context, c client.Client, key client.ObjectKey) (*corev1.ConfigMap, error) {
	cm := &corev1.ConfigMap{}
	err := c.Get(ctx, key, cm)
	return cm, err
}
