// Package kube lists objects for the module's reconcilers.
package kube

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Pods returns the Pods matching opts.
func Pods(ctx context.Context, c client.Client, opts ...client.ListOption) ([]corev1.Pod, error) {
	var list corev1.PodList
	if err := c.List(ctx, &list, opts...); err != nil {
		return nil, err
	}
	return list.Items, nil
}

// List lists into the list it is given and returns its items, taken out
// by items: one helper for every kind.
func List[L client.ObjectList, T any](ctx context.Context, c client.Client, list L, items func(L) []T, opts ...client.ListOption) ([]T, error) {
	if err := c.List(ctx, list, opts...); err != nil {
		return nil, err
	}
	return items(list), nil
}
