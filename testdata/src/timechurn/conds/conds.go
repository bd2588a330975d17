// Package conds holds condition helpers, as operators write them, for use
// from another package.
package conds

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Ready returns a Ready condition with a fresh time on every call.
func Ready(reason string) metav1.Condition { // want Ready:`timechurn\(result 0 stamped with metav1.Now\(\)\)`
	return metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, Reason: reason, LastTransitionTime: metav1.Now()}
}

// MarkReady replaces the conditions of the list it is given, stamping them.
func MarkReady(conds *[]metav1.Condition) { // want MarkReady:`timechurn\(param 0 stamped with metav1.Now\(\)\)`
	*conds = []metav1.Condition{Ready("Reconciled")}
}

// ReadyKeepingTime keeps the previous time when the status is unchanged.
func ReadyKeepingTime(reason string, previous []metav1.Condition) metav1.Condition {
	return metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, Reason: reason,
		LastTransitionTime: transitionTime(metav1.ConditionTrue, previous)}
}

func transitionTime(status string, previous []metav1.Condition) metav1.Time {
	for _, c := range previous {
		if c.Type == "Ready" && c.Status == status {
			return c.LastTransitionTime
		}
	}
	return metav1.Now()
}

// SetReady stamps the list only when the status changes.
func SetReady(conds *[]metav1.Condition) {
	for i := range *conds {
		if (*conds)[i].Type == "Ready" {
			if (*conds)[i].Status != metav1.ConditionTrue {
				(*conds)[i].Status = metav1.ConditionTrue
				(*conds)[i].LastTransitionTime = metav1.Now()
			}
			return
		}
	}
	*conds = append(*conds, metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, LastTransitionTime: metav1.Now()})
}

// Stamper marks the list through MarkReady: a strategy a reconciler holds
// behind an interface of its own.
type Stamper struct{}

// Mark stamps the list it is given, through MarkReady.
func (Stamper) Mark(conds *[]metav1.Condition) { // want Mark:`timechurn\(param 0 stamped with metav1.Now\(\)\)`
	MarkReady(conds)
}

// ChangeOnly marks the list only when the status changes.
type ChangeOnly struct{}

// Update stamps only on change, through SetReady: no summary.
func (ChangeOnly) Update(conds *[]metav1.Condition) {
	SetReady(conds)
}
