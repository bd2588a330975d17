// Minimal stand-in for testing reconcilelint. Mirrors k8s.io/api v0.37.0 rbac/v1;
// only the declarations the tests use, with upstream field names and types.
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

const (
	GroupName          = "rbac.authorization.k8s.io"
	ServiceAccountKind = "ServiceAccount"
	UserKind           = "User"
	GroupKind          = "Group"
)

type Subject struct {
	Kind      string
	APIGroup  string
	Name      string
	Namespace string
}

type RoleRef struct {
	APIGroup string
	Kind     string
	Name     string
}

type RoleBinding struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Subjects []Subject
	RoleRef  RoleRef
}

func (in *RoleBinding) DeepCopyObject() runtime.Object { return in }
