package a

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// Widget is the operator's own kind.
type Widget struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec   WidgetSpec
	Status WidgetStatus
}

type WidgetSpec struct {
	RefreshRequested bool // set by a user, cleared by the operator
	Paused           bool
}

type WidgetStatus struct {
	Conditions   []metav1.Condition
	LastUpdated  metav1.Time
	LastSyncTime *metav1.Time
	Phase        string
}

func (w *Widget) DeepCopyObject() runtime.Object { return w }

// AddCondition puts c in place of the condition of its type, or appends
// it: whatever time c carries is stored as it is.
func (s *WidgetStatus) AddCondition(c metav1.Condition) {
	for i := range s.Conditions {
		if s.Conditions[i].Type == c.Type {
			s.Conditions[i] = c
			return
		}
	}
	s.Conditions = append(s.Conditions, c)
}
