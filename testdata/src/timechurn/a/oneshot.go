package a

import (
	"context"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
)

// A bounce that waits for the previous one: the early return on "recently
// bounced" means the stamp is written once per bounce, not per reconcile.
func (r *Reconciler) bounce(ctx context.Context, dep *appsv1.Deployment) error {
	if bouncedWithin(dep, time.Minute) {
		return nil
	}
	dep.Spec.Template.Annotations["example.com/bounced-at"] = time.Now().UTC().Format(time.RFC3339)
	return r.Update(ctx, dep)
}

func bouncedWithin(dep *appsv1.Deployment, d time.Duration) bool {
	t, err := time.Parse(time.RFC3339, dep.Spec.Template.Annotations["example.com/bounced-at"])
	return err == nil && time.Since(t) < d
}

// An expiry extended only when it is close: silent.
func (r *Reconciler) extendExpiry(ctx context.Context, s *corev1.Secret, ttl time.Duration) error {
	if v := string(s.Data["expiration"]); v != "" {
		exp, err := time.Parse(time.RFC3339, v)
		if err != nil {
			return err
		}
		if exp.After(time.Now().Add(ttl / 2)) {
			return nil
		}
	}
	s.Data["expiration"] = []byte(time.Now().Add(ttl).Format(time.RFC3339))
	return r.Update(ctx, s)
}

// A restart helper called only when a restart request is newer than the
// last one handled: the stamp is written once per request.
func (r *Reconciler) restartOnRequest(ctx context.Context, w *Widget, dep *appsv1.Deployment, strategy string) error {
	requested, handled := w.Annotations["example.com/restart"], w.Annotations["example.com/restart-handled"]
	if requested == handled {
		return nil
	}
	switch strategy {
	case "rolling":
		return r.rollingRestart(ctx, dep)
	default:
		return r.rollingRestart(ctx, dep)
	}
}

func (r *Reconciler) rollingRestart(ctx context.Context, dep *appsv1.Deployment) error {
	dep.Spec.Template.Annotations["example.com/restarted-at"] = time.Now().Format(time.RFC3339)
	return r.Update(ctx, dep)
}

// The same kind of helper called on every reconcile is reported.
func (r *Reconciler) reconcileDeployment(ctx context.Context, dep *appsv1.Deployment) error {
	return r.stampAndUpdate(ctx, dep)
}

func (r *Reconciler) stampAndUpdate(ctx context.Context, dep *appsv1.Deployment) error {
	dep.Spec.Template.Annotations["example.com/synced-at"] = time.Now().Format(time.RFC3339) // want `dep.Spec.Template.Annotations\["example.com/synced-at"\] gets time.Now\(\) on every reconcile and Update sends it: a rollout each time`
	return r.Update(ctx, dep)
}

// A restart done in a retry callback, behind an early return when the
// last restart is newer than the configuration: once per change.
func (r *Reconciler) restartIfConfigChanged(ctx context.Context, dep *appsv1.Deployment, configUpdatedAt string) error {
	if last, ok := dep.Spec.Template.Annotations["example.com/restarted"]; ok && last > configUpdatedAt {
		return nil
	}
	return retry(func() error {
		dep.Spec.Template.Annotations["example.com/restarted"] = time.Now().Format(time.RFC3339)
		return r.Update(ctx, dep)
	})
}

func retry(fn func() error) error { return fn() }
