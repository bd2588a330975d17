package a

import (
	"context"
	"testing"

	appsv1 "k8s.io/api/apps/v1"
)

// A test calls the restart helper directly: that is not a reconcile, and
// the helper stays guarded by its one caller in the package.
func TestRollingRestart(t *testing.T) {
	var r Reconciler
	_ = r.rollingRestart(context.Background(), &appsv1.Deployment{})
}
