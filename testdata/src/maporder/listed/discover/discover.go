// Package discover finds the Pods of a group for a controller of another
// package: the list comes out of the informer cache in its order.
package discover

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Finder lists the members of a group.
type Finder interface {
	Members(ctx context.Context, group string) ([]string, error)
}

// CacheFinder reads the members from the manager's cache.
type CacheFinder struct {
	Client client.Client
}

// Members returns the names in the order the cache lists them.
func (f *CacheFinder) Members(ctx context.Context, group string) ([]string, error) { // want Members:`maporder\(result 0 in order of the informer cache.s list pods \(discover.go:25\)\)`
	pods := &corev1.PodList{}
	if err := f.Client.List(ctx, pods, client.InNamespace(group)); err != nil {
		return nil, err
	}
	var names []string
	for i := range pods.Items {
		names = append(names, pods.Items[i].Name)
	}
	return names, nil
}

// Into fills list with the group's objects, in the order the cache lists
// them: a generic helper, for any list type.
func Into(ctx context.Context, c client.Reader, group string, list client.ObjectList) error { // want Into:`maporder\(fills param 3 in order of the informer cache.s list list \(discover.go:\d+\)\)`
	return c.List(ctx, list, client.InNamespace(group))
}
