// Package v1 has the shape of a typed client that client-gen writes for an
// operator's own kind: <clientset>/versioned/typed/<group>/<version>.
package v1

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	cachev1 "flow/gen/apis/cache/v1"
)

// CacheInterface has methods to work with Cache resources.
type CacheInterface interface {
	Get(ctx context.Context, name string, opts metav1.GetOptions) (*cachev1.Cache, error)
	Update(ctx context.Context, cache *cachev1.Cache, opts metav1.UpdateOptions) (*cachev1.Cache, error)
}
