// Package v1 is a minimal stand-in for k8s.io/client-go/listers/apps/v1:
// the informer cache's StatefulSets.
package v1

import (
	appsv1 "k8s.io/api/apps/v1"
	"k8s.io/apimachinery/pkg/labels"
)

// StatefulSetLister lists StatefulSets from the cache.
type StatefulSetLister interface {
	StatefulSets(namespace string) StatefulSetNamespaceLister
}

// StatefulSetNamespaceLister gets the StatefulSets of one namespace.
type StatefulSetNamespaceLister interface {
	List(selector labels.Selector) ([]*appsv1.StatefulSet, error)
	Get(name string) (*appsv1.StatefulSet, error)
}
