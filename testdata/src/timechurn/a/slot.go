package a

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// The condition is built with a fresh time, the loop finds the slot of
// the Ready condition by its type and puts it there: the type test only
// says where it goes, so every reconcile writes a new time.
func (r *Reconciler) reportReady(ctx context.Context, w *Widget, ready bool, reason string) error {
	cond := metav1.Condition{Type: "Ready", Status: metav1.ConditionFalse, Reason: reason, LastTransitionTime: metav1.Now()}
	if ready {
		cond.Status = metav1.ConditionTrue
	}
	placed := false
	for i, c := range w.Status.Conditions {
		if c.Type == "Ready" {
			w.Status.Conditions[i] = cond // want `condition "Ready" gets LastTransitionTime = metav1.Now\(\) on every reconcile and Status\(\).Update sends it`
			placed = true
			break
		}
	}
	if !placed {
		w.Status.Conditions = append(w.Status.Conditions, cond)
	}
	return r.Status().Update(ctx, w)
}

// RIGHT: the same slot lookup, keeping the previous time while the status
// stays what it was.
func (r *Reconciler) reportReadyKeepingTime(ctx context.Context, w *Widget, ready bool, reason string) error {
	cond := metav1.Condition{Type: "Ready", Status: metav1.ConditionFalse, Reason: reason, LastTransitionTime: metav1.Now()}
	if ready {
		cond.Status = metav1.ConditionTrue
	}
	for i, c := range w.Status.Conditions {
		if c.Type == "Ready" {
			if c.Status == cond.Status {
				cond.LastTransitionTime = c.LastTransitionTime
			}
			w.Status.Conditions[i] = cond
			return r.Status().Update(ctx, w)
		}
	}
	w.Status.Conditions = append(w.Status.Conditions, cond)
	return r.Status().Update(ctx, w)
}
