package a

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	metav1ac "k8s.io/client-go/applyconfigurations/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"timechurn/applyconfiguration/widget"
)

// Server-side apply of a condition with a fresh time: the applied field
// changes on every reconcile, and so does the object.
func (r *Reconciler) applyReady(ctx context.Context, name string) error {
	cond := metav1ac.Condition().WithType("Ready").WithLastTransitionTime(metav1.Now()) // want `ConditionApplyConfiguration.WithLastTransitionTime gets metav1.Now\(\) on every reconcile and Status\(\).Apply sends it; apply the live condition.s time while its status is unchanged`
	status := widget.WidgetStatus().WithConditions(cond)
	return r.Status().Apply(ctx, widget.Widget(name).WithStatus(status), client.FieldOwner("widget-controller"))
}

// The time kept from the live condition while its status is unchanged: silent.
func (r *Reconciler) applyKeepingTime(ctx context.Context, w *Widget, name string) error {
	t := metav1.Now()
	for _, c := range w.Status.Conditions {
		if c.Type == "Ready" && c.Status == metav1.ConditionTrue {
			t = c.LastTransitionTime
		}
	}
	cond := metav1ac.Condition().WithType("Ready").WithStatus(metav1.ConditionTrue).WithLastTransitionTime(t)
	return r.Status().Apply(ctx, widget.Widget(name).WithStatus(widget.WidgetStatus().WithConditions(cond)))
}
