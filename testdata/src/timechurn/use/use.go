// Package use calls the condition helpers of another package.
package use

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"timechurn/a"
	"timechurn/conds"
)

type Reconciler struct{ client.Client }

func (r *Reconciler) stampedHelper(ctx context.Context, w *a.Widget) error {
	w.Status.Conditions = append(w.Status.Conditions[:0], conds.Ready("Reconciled")) // want `condition "Ready" gets LastTransitionTime = metav1.Now\(\) on every reconcile and Status\(\).Update sends it`
	return r.Status().Update(ctx, w)
}

func (r *Reconciler) markHelper(ctx context.Context, w *a.Widget) error {
	conds.MarkReady(&w.Status.Conditions) // want `condition "Ready" gets LastTransitionTime = metav1.Now\(\) on every reconcile and Update sends it`
	return r.Update(ctx, w)
}

func (r *Reconciler) keepingHelper(ctx context.Context, w *a.Widget) error {
	w.Status.Conditions = []metav1.Condition{conds.ReadyKeepingTime("Reconciled", w.Status.Conditions)}
	return r.Status().Update(ctx, w)
}

func (r *Reconciler) setHelper(ctx context.Context, w *a.Widget) error {
	conds.SetReady(&w.Status.Conditions)
	return r.Status().Update(ctx, w)
}

type marker interface {
	Mark(conds *[]metav1.Condition)
}

type updater interface {
	Update(conds *[]metav1.Condition)
}

// Marking holds its condition strategies behind interfaces; the module's
// only implementations are in conds.
type Marking struct {
	client.Client
	mark   marker
	update updater
}

func NewMarking(c client.Client) *Marking {
	return &Marking{Client: c, mark: conds.Stamper{}, update: conds.ChangeOnly{}}
}

func (r *Marking) markThrough(ctx context.Context, w *a.Widget) error {
	r.mark.Mark(&w.Status.Conditions) // want `condition "Ready" gets LastTransitionTime = metav1.Now\(\) on every reconcile and Update sends it`
	return r.Update(ctx, w)
}

func (r *Marking) updateThrough(ctx context.Context, w *a.Widget) error {
	r.update.Update(&w.Status.Conditions)
	return r.Status().Update(ctx, w)
}

// The caller stamps the condition and a method of the API package stores
// it in the status as it is, on every reconcile.
func (r *Reconciler) addCondition(ctx context.Context, w *a.Widget) error {
	ready := metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, Reason: "Reconciled", LastTransitionTime: metav1.Now()}
	w.Status.AddCondition(ready) // want `condition "Ready" gets LastTransitionTime = metav1.Now\(\) on every reconcile and Status\(\).Update sends it`
	return r.Status().Update(ctx, w)
}

// The method that keeps the time while the status is unchanged: silent.
func (r *Reconciler) setCondition(ctx context.Context, w *a.Widget) error {
	w.Status.SetCondition(metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, Reason: "Reconciled", LastTransitionTime: metav1.Now()})
	return r.Status().Update(ctx, w)
}

// Stored only when the phase changes: silent.
func (r *Reconciler) addConditionOnChange(ctx context.Context, w *a.Widget, phase string) error {
	if w.Status.Phase != phase {
		w.Status.Phase = phase
		w.Status.AddCondition(metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, Reason: phase, LastTransitionTime: metav1.Now()})
	}
	return r.Status().Update(ctx, w)
}

// The lookup written with continue keeps the time: silent.
func (r *Reconciler) upsertCondition(ctx context.Context, w *a.Widget) error {
	w.Status.UpsertCondition(metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, Reason: "Reconciled", LastTransitionTime: metav1.Now()})
	return r.Status().Update(ctx, w)
}

// A loop that does not return at the match guards nothing.
func (r *Reconciler) pushCondition(ctx context.Context, w *a.Widget) error {
	w.Status.PushCondition(metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, Reason: "Reconciled", LastTransitionTime: metav1.Now()}) // want `condition "Ready" gets LastTransitionTime = metav1.Now\(\) on every reconcile and Status\(\).Update sends it`
	return r.Status().Update(ctx, w)
}

// The condition's type is given again after the literal: the message does
// not name the literal's.
func (r *Reconciler) retypedCondition(ctx context.Context, w *a.Widget, state string) error {
	cond := metav1.Condition{Type: "Initializing", Status: metav1.ConditionTrue, LastTransitionTime: metav1.Now()}
	cond.Type = state
	w.Status.AddCondition(cond) // want `AddCondition\(w.Status\) gets LastTransitionTime = metav1.Now\(\) on every reconcile and Status\(\).Update sends it`
	return r.Status().Update(ctx, w)
}
