// Package v1alpha1 is an operator's own API: it declares a struct that
// embeds metav1.TypeMeta, so its struct types count as API types.
package v1alpha1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

type WidgetSpec struct {
	Replicas int32
	Hosts    []string
}

type WidgetStatus struct {
	Endpoints  []string
	Conditions []metav1.Condition
	ConfigHash string
	Selector   string
}

type Widget struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec   WidgetSpec
	Status WidgetStatus
}

// HookRequest is a request sent to an extension: a top-level kind whose
// Items is a collection, not a stored list.
type HookRequest struct {
	metav1.TypeMeta
	Items []string
}
