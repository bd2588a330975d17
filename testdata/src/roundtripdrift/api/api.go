// Package api declares a custom resource, as an operator's API package
// does, with the json tags the server reads.
package api

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// +kubebuilder:object:root=true
type Cache struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              CacheSpec   `json:"spec,omitempty"`
	Status            CacheStatus `json:"status,omitempty"`
}

type CacheStatus struct {
	// +optional
	WarmedAt *metav1.Time `json:"warmedAt,omitempty"`
	Phase    string       `json:"phase,omitempty"`
}

type CacheSpec struct {
	Resources corev1.ResourceRequirements `json:"resources,omitempty"`
	// +optional
	Shards []Shard `json:"shards,omitempty"`
	// Always sent, even empty.
	Zones   []string          `json:"zones"`
	Options map[string]string `json:"options,omitempty"`
}

type Shard struct {
	Name string `json:"name"`
}

func (in *Cache) DeepCopyObject() runtime.Object { return in }
func (in *Cache) DeepCopy() *Cache               { out := *in; return &out }

func (in *CacheSpec) DeepCopyInto(out *CacheSpec) { *out = *in }

func (in *CacheStatus) DeepCopy() *CacheStatus { out := *in; return &out }
