// Package fix holds the condition appends that timechurn rewrites into
// meta.SetStatusCondition, and one it leaves alone.
package fix

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"timechurn/a"
)

func appendReady(ctx context.Context, c client.Client, w *a.Widget) error {
	w.Status.Conditions = append(w.Status.Conditions, metav1.Condition{ // want `condition "Ready" gets LastTransitionTime = metav1.Now\(\) on every reconcile and Status\(\).Update sends it; use meta.SetStatusCondition`
		Type:               "Ready",
		Status:             metav1.ConditionTrue,
		LastTransitionTime: metav1.Now(),
	})
	return c.Status().Update(ctx, w)
}

// Replacing the whole list is not the same as setting one condition: no fix.
func replaceAll(ctx context.Context, c client.Client, w *a.Widget) error {
	w.Status.Conditions = []metav1.Condition{{Type: "Ready", LastTransitionTime: metav1.Now()}} // want `condition "Ready" gets LastTransitionTime`
	return c.Status().Update(ctx, w)
}
