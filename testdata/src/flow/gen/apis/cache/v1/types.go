// Package v1 declares an operator's own kind, for the typed client that
// client-gen writes for it (gen/clientset).
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

type Cache struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              CacheSpec `json:"spec,omitempty"`
}

type CacheSpec struct {
	Mode string `json:"mode,omitempty"`
}
