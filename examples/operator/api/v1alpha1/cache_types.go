// Package v1alpha1 holds the Cache API of the example operator.
package v1alpha1

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// GroupVersion is the API group and version of Cache.
var GroupVersion = schema.GroupVersion{Group: "cache.example.com", Version: "v1alpha1"}

// CacheSpec is the desired state of a Cache.
type CacheSpec struct {
	Image    string            `json:"image"`
	Replicas int32             `json:"replicas,omitempty"`
	Env      map[string]string `json:"env,omitempty"`
	Ports    map[string]int32  `json:"ports,omitempty"`
	Config   map[string]string `json:"config,omitempty"`
	// ExporterResources sizes the metrics exporter, as the user wrote
	// them ("500m", "0.5Gi").
	ExporterResources corev1.ResourceRequirements `json:"exporterResources,omitempty"`
}

// CacheStatus is the observed state of a Cache.
type CacheStatus struct {
	Endpoints  []string           `json:"endpoints,omitempty"`
	Conditions []metav1.Condition `json:"conditions,omitempty"`
}

// Cache runs an in-memory cache as a StatefulSet with a Service.
type Cache struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   CacheSpec   `json:"spec,omitempty"`
	Status CacheStatus `json:"status,omitempty"`
}

// CacheList is a list of Caches.
type CacheList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Cache `json:"items"`
}

var _ runtime.Object = (*Cache)(nil)
