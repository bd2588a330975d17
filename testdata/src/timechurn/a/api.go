package a

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// Widget is the operator's own kind.
type Widget struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Status WidgetStatus
}

type WidgetStatus struct {
	Conditions   []metav1.Condition
	LastUpdated  metav1.Time
	LastSyncTime *metav1.Time
	Phase        string
}

func (w *Widget) DeepCopyObject() runtime.Object { return w }
