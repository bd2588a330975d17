// Minimal stand-in for testing reconcilelint. Mirrors k8s.io/api v0.37.0 batch/v1;
// only the declarations the tests use, with upstream field names and types.
package v1

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

type JobSpec struct {
	Parallelism    *int32
	Selector       *metav1.LabelSelector
	ManualSelector *bool
	Template       corev1.PodTemplateSpec
}

type Job struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec JobSpec
}

func (in *Job) DeepCopyObject() runtime.Object { return in }
