// Package conditions is a condition library that several operators share:
// a module of its own, which the example operator requires. The analyzers
// summarise its functions like the operator's own, so what a helper does
// to the conditions it is handed is seen at the operator's call.
package conditions

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// MarkTrue sets condition typ to True. WRONG: it drops the condition
// and appends a new one, so every reconcile that calls it writes a new
// transition time.
func MarkTrue(conds *[]metav1.Condition, typ, reason string) {
	kept := (*conds)[:0]
	for _, c := range *conds {
		if c.Type != typ {
			kept = append(kept, c)
		}
	}
	*conds = append(kept, metav1.Condition{Type: typ, Status: metav1.ConditionTrue, Reason: reason, LastTransitionTime: metav1.Now()})
}

// SetTrue sets condition typ to True. RIGHT: the time moves only when
// the status does.
func SetTrue(conds *[]metav1.Condition, typ, reason string) {
	for i := range *conds {
		if (*conds)[i].Type == typ {
			if (*conds)[i].Status != metav1.ConditionTrue {
				(*conds)[i].Status = metav1.ConditionTrue
				(*conds)[i].LastTransitionTime = metav1.Now()
			}
			(*conds)[i].Reason = reason
			return
		}
	}
	*conds = append(*conds, metav1.Condition{Type: typ, Status: metav1.ConditionTrue, Reason: reason, LastTransitionTime: metav1.Now()})
}
