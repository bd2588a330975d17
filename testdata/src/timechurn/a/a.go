package a

import (
	"context"
	"fmt"
	"reflect"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type Reconciler struct {
	client.Client
	lastRun time.Time
}

// The classic form: a condition literal with a fresh time, assigned and
// sent on every reconcile.
func (r *Reconciler) readyLiteral(ctx context.Context, w *Widget) error {
	w.Status.Conditions = []metav1.Condition{{ // want `condition "Ready" gets LastTransitionTime = metav1.Now\(\) on every reconcile and Status\(\).Update sends it; use meta.SetStatusCondition`
		Type:               "Ready",
		Status:             metav1.ConditionTrue,
		LastTransitionTime: metav1.Now(),
	}}
	return r.Status().Update(ctx, w)
}

// The same condition through meta.SetStatusCondition: it keeps the old
// time while the status is unchanged.
func (r *Reconciler) readySet(ctx context.Context, w *Widget) error {
	meta.SetStatusCondition(&w.Status.Conditions, metav1.Condition{
		Type:               "Ready",
		Status:             metav1.ConditionTrue,
		LastTransitionTime: metav1.Now(),
	})
	return r.Status().Update(ctx, w)
}

// A condition built by a method of the reconciler, appended in a local
// list and returned: the result holds the stamp.
func (r *Reconciler) buildConditions(w *Widget, ready bool) []metav1.Condition { // want buildConditions:`timechurn\(result 0 stamped with metav1.Now\(\)\)`
	conds := []metav1.Condition{}
	available := metav1.Condition{
		Type:               "Available",
		ObservedGeneration: w.Generation,
		LastTransitionTime: metav1.Now(),
	}
	if ready {
		available.Status = metav1.ConditionTrue
	} else {
		available.Status = metav1.ConditionFalse
	}
	conds = append(conds, available)
	return conds
}

func (r *Reconciler) updateStatus(ctx context.Context, w *Widget, ready bool) error {
	w.Status.Conditions = r.buildConditions(w, ready) // want `condition "Available" gets LastTransitionTime = metav1.Now\(\) on every reconcile and Status\(\).Patch sends it`
	patch := &Widget{ObjectMeta: metav1.ObjectMeta{Name: w.Name}, Status: w.Status}
	return r.Status().Patch(ctx, patch, client.Apply)
}

// A plain timestamp field of the status.
func (r *Reconciler) lastUpdated(ctx context.Context, w *Widget) error {
	w.Status.LastUpdated = metav1.Now() // want `w.Status.LastUpdated gets metav1.Now\(\) on every reconcile and Status\(\).Update sends it`
	return r.Status().Update(ctx, w)
}

// A pointer to a local time, and a formatted one in an annotation.
func (r *Reconciler) derived(ctx context.Context, w *Widget) error {
	now := metav1.NewTime(time.Now())
	w.Status.LastSyncTime = &now                                                   // want `w.Status.LastSyncTime gets time.Now\(\) on every reconcile and Update sends it`
	w.Annotations["example.com/last-reconciled"] = time.Now().Format(time.RFC3339) // want `w.Annotations\["example.com/last-reconciled"\] gets time.Now\(\) on every reconcile and Update sends it`
	return r.Update(ctx, w)
}

// A template annotation stamped in a CreateOrUpdate mutate function: an
// update and a rollout on every reconcile.
func (r *Reconciler) mutate(ctx context.Context, name string) error {
	dep := &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: name}}
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, dep, func() error {
		if dep.Spec.Template.Annotations == nil {
			dep.Spec.Template.Annotations = map[string]string{}
		}
		dep.Spec.Template.Annotations["example.com/reconciled-at"] = fmt.Sprint(time.Now().Unix()) // want `dep.Spec.Template.Annotations\["example.com/reconciled-at"\] gets time.Now\(\) on every reconcile and CreateOrUpdate sends it: a rollout each time`
		return nil
	})
	return err
}

// Stamped only when the status changed: silent.
func (r *Reconciler) guarded(ctx context.Context, w *Widget, status string) error {
	c := meta.FindStatusCondition(w.Status.Conditions, "Ready")
	if c != nil && c.Status != status {
		c.Status = status
		c.LastTransitionTime = metav1.Now()
	}
	return r.Status().Update(ctx, w)
}

// An early return when nothing changed guards what follows: silent.
func (r *Reconciler) earlyReturn(ctx context.Context, w *Widget, phase string) error {
	if w.Status.Phase == phase {
		return nil
	}
	w.Status.Phase = phase
	w.Status.LastUpdated = metav1.Now()
	return r.Status().Update(ctx, w)
}

// A changed flag, and a time kept unless the spec hash differs: silent.
func (r *Reconciler) changedFlag(ctx context.Context, w *Widget, old *Widget) error {
	changed := !reflect.DeepEqual(old.Status.Conditions, w.Status.Conditions)
	if changed {
		w.Status.LastUpdated = metav1.Now()
	}
	t := old.Status.LastUpdated
	if old.Annotations["hash"] != w.Annotations["hash"] {
		t = metav1.Now()
	}
	w.Status.LastUpdated = t
	return r.Status().Update(ctx, w)
}

// Error paths are not change guards: a persistent error stamps a new time
// on every retry.
func (r *Reconciler) onError(ctx context.Context, w *Widget, err error) error {
	if err != nil {
		w.Status.Conditions = []metav1.Condition{{Type: "Ready", Status: metav1.ConditionFalse, LastTransitionTime: metav1.Now()}} // want `condition "Ready" gets LastTransitionTime`
		return r.Status().Update(ctx, w)
	}
	return nil
}

// A new object is created once: its timestamp is not churn.
func (r *Reconciler) created(ctx context.Context, name string) error {
	job := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: name}}
	job.Annotations = map[string]string{"example.com/created-at": time.Now().String()}
	return r.Create(ctx, job)
}

// Events, logs, the reconciler's own fields and requeue durations are not
// stored in an object.
func (r *Reconciler) notStored(ctx context.Context, w *Widget) (time.Duration, error) {
	r.lastRun = time.Now()
	fmt.Printf("reconciled %s at %s\n", w.Name, time.Now())
	elapsed := time.Since(w.CreationTimestamp.Time)
	w.Status.Phase = "Ready"
	return elapsed, r.Status().Update(ctx, w)
}

// A stamp in an object that is never sent: silent.
func (r *Reconciler) neverSent(w *Widget) *Widget {
	out := &Widget{}
	out.Status.LastUpdated = metav1.Now()
	return out
}

// A request flag on the object that the same branch clears before the
// write: the next reconcile does not enter the branch, so the time is
// stamped once per request: silent.
func (r *Reconciler) refreshOnRequest(ctx context.Context, w *Widget) error {
	if w.Spec.RefreshRequested {
		w.Status.LastUpdated = metav1.Now()
		w.Spec.RefreshRequested = false
		return r.Update(ctx, w)
	}
	return nil
}

// A flag that the branch leaves set guards nothing: while it is set, every
// reconcile stamps a new time.
func (r *Reconciler) stampWhilePaused(ctx context.Context, w *Widget) error {
	if w.Spec.Paused {
		w.Status.LastUpdated = metav1.Now() // want `w.Status.LastUpdated gets metav1.Now\(\) on every reconcile and Update sends it`
		return r.Update(ctx, w)
	}
	return nil
}

// The clock wrapped in a metav1.Time literal is the same stamp.
func (r *Reconciler) stampsInLiteral(ctx context.Context, w *Widget) error {
	w.Status.LastSyncTime = &metav1.Time{Time: time.Now()} // want `w.Status.LastSyncTime gets time.Now\(\) on every reconcile and Status\(\).Update sends it`
	return r.Status().Update(ctx, w)
}

// The early returns here are steps of their own: each sends the object
// (a finalizer added, a phase initialised) and the next reconcile goes
// past them, to the stamp, every time.
func (r *Reconciler) afterSetupSteps(ctx context.Context, w *Widget) error {
	if len(w.Finalizers) == 0 {
		w.Finalizers = append(w.Finalizers, "example.com/cleanup")
		return r.Update(ctx, w)
	}
	if w.Status.Phase == "" {
		w.Status.Phase = "Pending"
		return r.Status().Update(ctx, w)
	}
	w.Status.LastUpdated = metav1.Now() // want `w.Status.LastUpdated gets metav1.Now\(\) on every reconcile and Status\(\).Update sends it`
	return r.Status().Update(ctx, w)
}

// An early return nested in an error's branch ends only that rare path:
// on every other reconcile the stamp runs.
func (r *Reconciler) afterErrorBranch(ctx context.Context, w *Widget) error {
	if err := r.Get(ctx, client.ObjectKeyFromObject(w), w); err != nil {
		if w.Status.Phase == "Deleting" {
			return nil
		}
		return err
	}
	w.Status.LastUpdated = metav1.Now() // want `w.Status.LastUpdated gets metav1.Now\(\) on every reconcile and Status\(\).Update sends it`
	return r.Status().Update(ctx, w)
}

// The early return is on a branch that ends in an Update of its own: the
// path that goes on to the stamp never passes it, so the stamp runs on
// every reconcile that finds the phase set.
func (r *Reconciler) earlyReturnElsewhere(ctx context.Context, w *Widget, phase string, old *Widget) error {
	if w.Status.Phase != phase {
		if old.Status.Phase == phase {
			return nil
		}
		w.Status.Phase = phase
		return r.Status().Update(ctx, w)
	}
	w.Status.LastUpdated = metav1.Now() // want `w.Status.LastUpdated gets metav1.Now\(\) on every reconcile and Status\(\).Update sends it`
	return r.Status().Update(ctx, w)
}

// The early return in a loop that finds the condition already there
// guards the stamp after the loop: silent.
func (r *Reconciler) earlyReturnInLoop(ctx context.Context, w *Widget, phase string) error {
	for _, c := range w.Status.Conditions {
		if c.Type == "Ready" && c.Reason == phase {
			return nil
		}
	}
	w.Status.Phase = phase
	w.Status.LastUpdated = metav1.Now()
	return r.Status().Update(ctx, w)
}
