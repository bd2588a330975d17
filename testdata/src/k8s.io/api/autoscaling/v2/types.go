// Minimal stand-in for testing reconcilelint. Mirrors k8s.io/api v0.37.0 autoscaling/v2;
// only the declarations the tests use, with upstream field names and types.
package v2

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

type CrossVersionObjectReference struct {
	Kind       string
	Name       string
	APIVersion string
}

type HorizontalPodAutoscalerSpec struct {
	ScaleTargetRef CrossVersionObjectReference
	MinReplicas    *int32
	MaxReplicas    int32
}

type HorizontalPodAutoscaler struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec HorizontalPodAutoscalerSpec
}

func (in *HorizontalPodAutoscaler) DeepCopyObject() runtime.Object { return in }
