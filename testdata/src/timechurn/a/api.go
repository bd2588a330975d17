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
func (s *WidgetStatus) AddCondition(c metav1.Condition) { // want AddCondition:`timechurn\(receiver given param 0\)`
	for i := range s.Conditions {
		if s.Conditions[i].Type == c.Type {
			s.Conditions[i] = c
			return
		}
	}
	s.Conditions = append(s.Conditions, c)
}

// SetCondition appends c only when no condition of its type is there, and
// takes c's time only when the status changes: nothing to summarise.
func (s *WidgetStatus) SetCondition(c metav1.Condition) {
	for i := range s.Conditions {
		have := &s.Conditions[i]
		if have.Type == c.Type {
			if have.Status != c.Status {
				have.Status = c.Status
				have.LastTransitionTime = c.LastTransitionTime
			}
			have.Reason, have.Message = c.Reason, c.Message
			return
		}
	}
	s.Conditions = append(s.Conditions, c)
}

// UpsertCondition is SetCondition with its lookup written with continue:
// the loop returns at the condition of c's type, so the append after it
// runs only when there is none. Nothing to summarise.
func (s *WidgetStatus) UpsertCondition(c metav1.Condition) {
	for i := range s.Conditions {
		have := &s.Conditions[i]
		if have.Type != c.Type {
			continue
		}
		if have.Status != c.Status {
			have.Status = c.Status
			have.LastTransitionTime = c.LastTransitionTime
		}
		return
	}
	s.Conditions = append(s.Conditions, c)
}

// PushCondition skips the other types the same way but does not return
// at a match: the append runs on every call.
func (s *WidgetStatus) PushCondition(c metav1.Condition) { // want PushCondition:`timechurn\(receiver given param 0\)`
	for i := range s.Conditions {
		if s.Conditions[i].Type != c.Type {
			continue
		}
		s.Conditions[i].Reason = c.Reason
	}
	s.Conditions = append(s.Conditions, c)
}
