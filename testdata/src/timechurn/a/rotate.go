package a

import (
	"context"
	"errors"
	"time"
)

// expiredError says a certificate has expired.
type expiredError struct{ name string }

func (e *expiredError) Error() string { return e.name + " expired" }

// checkExpiry returns an *expiredError when w's certificate has expired.
func checkExpiry(w *Widget) error {
	if w.Annotations["example.com/cert-expired"] == "true" {
		return &expiredError{name: w.Name}
	}
	return nil
}

// requestRotation stamps the time a rotation was asked for.
func (r *Reconciler) requestRotation(ctx context.Context, w *Widget) error {
	w.Annotations["example.com/rotate-requested-at"] = time.Now().Format(time.RFC3339) // want `w.Annotations\["example.com/rotate-requested-at"\] gets time.Now\(\) on every reconcile and Update sends it`
	return r.Update(ctx, w)
}

// Known false positive: the rotation is asked for only while a
// certificate has expired, and the rotation it starts ends that. A
// condition on an error is not taken as a change guard (most errors
// persist from one reconcile to the next), so the stamp is reported.
func (r *Reconciler) rotateIfExpired(ctx context.Context, w *Widget) error {
	var expired *expiredError
	if err := checkExpiry(w); errors.As(err, &expired) {
		return r.requestRotation(ctx, w)
	}
	return nil
}
