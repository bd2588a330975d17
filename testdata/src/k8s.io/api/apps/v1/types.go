// Minimal stand-in for testing reconcilelint. Mirrors k8s.io/api v0.37.0 apps/v1;
// only the declarations the tests use, with upstream field names and types.
package v1

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

type DeploymentStrategy struct {
	Type string
}

type DeploymentSpec struct {
	Replicas                *int32
	Selector                *metav1.LabelSelector
	Template                corev1.PodTemplateSpec
	Strategy                DeploymentStrategy
	RevisionHistoryLimit    *int32
	ProgressDeadlineSeconds *int32
}

type DeploymentStatus struct {
	ObservedGeneration int64
	ReadyReplicas      int32
	Conditions         []DeploymentCondition
}

type DeploymentConditionType string

type DeploymentCondition struct {
	Type    DeploymentConditionType
	Status  corev1.ConditionStatus
	Reason  string
	Message string
}

type Deployment struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec   DeploymentSpec
	Status DeploymentStatus
}

func (in *Deployment) DeepCopyObject() runtime.Object { return in }
func (in *Deployment) DeepCopy() *Deployment          { out := *in; return &out }
func (in *DeploymentSpec) DeepCopy() *DeploymentSpec  { out := *in; return &out }

// DeepCopyInto copies in into out (the generated function copies deeply).
func (in *DeploymentSpec) DeepCopyInto(out *DeploymentSpec) { *out = *in }

type DeploymentList struct {
	metav1.TypeMeta
	metav1.ListMeta
	Items []Deployment
}

func (in *DeploymentList) DeepCopyObject() runtime.Object { return in }

type StatefulSetSpec struct {
	Replicas            *int32
	Selector            *metav1.LabelSelector
	Template            corev1.PodTemplateSpec
	ServiceName         string
	PodManagementPolicy string
}

type StatefulSet struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec StatefulSetSpec
}

func (in *StatefulSet) DeepCopyObject() runtime.Object { return in }
func (in *StatefulSet) DeepCopy() *StatefulSet         { out := *in; return &out }

type DaemonSetSpec struct {
	Selector *metav1.LabelSelector
	Template corev1.PodTemplateSpec
}

type DaemonSet struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec DaemonSetSpec
}

func (in *DaemonSet) DeepCopyObject() runtime.Object { return in }
func (in *DaemonSet) DeepCopy() *DaemonSet           { out := *in; return &out }

type ReplicaSetSpec struct {
	Replicas *int32
	Selector *metav1.LabelSelector
	Template corev1.PodTemplateSpec
}

type ReplicaSet struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec ReplicaSetSpec
}

func (in *ReplicaSet) DeepCopyObject() runtime.Object { return in }
