// Package v1alpha1 is an operator's own API: it declares a struct that
// embeds metav1.TypeMeta, so its struct types count as API types.
package v1alpha1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

type WidgetSpec struct {
	Replicas int32    `json:"replicas,omitempty"`
	Hosts    []string `json:"hosts,omitempty"`
}

type WidgetStatus struct {
	Endpoints  []string           `json:"endpoints,omitempty"`
	Conditions []metav1.Condition `json:"conditions,omitempty"`
	ConfigHash string             `json:"configHash,omitempty"`
	Selector   string             `json:"selector,omitempty"`
}

type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              WidgetSpec   `json:"spec,omitempty"`
	Status            WidgetStatus `json:"status,omitempty"`
}

// HookRequest is a request sent to an extension: a top-level kind whose
// Items is a collection, not a stored list.
type HookRequest struct {
	metav1.TypeMeta `json:",inline"`
	Items           []string `json:"items"`
}
