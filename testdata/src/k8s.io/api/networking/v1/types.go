// Minimal stand-in for testing reconcilelint. Mirrors k8s.io/api v0.37.0 networking/v1;
// only the declarations the tests use, with upstream field names, types and json tags.
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

type NetworkPolicy struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              NetworkPolicySpec `json:"spec,omitempty"`
}

func (in *NetworkPolicy) DeepCopyObject() runtime.Object { return in }

type NetworkPolicySpec struct {
	PodSelector metav1.LabelSelector       `json:"podSelector"`
	Ingress     []NetworkPolicyIngressRule `json:"ingress,omitempty"`
	PolicyTypes []string                   `json:"policyTypes,omitempty"`
}

type NetworkPolicyIngressRule struct {
	Ports []NetworkPolicyPort `json:"ports,omitempty"`
}

type NetworkPolicyPort struct {
	Port *int32 `json:"port,omitempty"`
}
