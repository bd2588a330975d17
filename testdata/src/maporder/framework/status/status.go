// Package status is a module's status framework: the caller hands it a
// callback that builds the Deployment's conditions, and it writes what
// the callback returns into the status it updates.
package status

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Hooks are what a caller plugs in.
type Hooks struct {
	Conditions func() []appsv1.DeploymentCondition
	Describe   func() []string
}

// Sync stores the conditions the hook returns and updates the status;
// what Describe returns is only logged.
func Sync(ctx context.Context, c client.Client, dep *appsv1.Deployment, h Hooks, log func(...any)) error {
	dep.Status.Conditions = h.Conditions()
	log(h.Describe())
	return c.Status().Update(ctx, dep)
}

// Store keeps the conditions f returns: the framework passes them on
// as an argument.
func Store(ctx context.Context, c client.Client, dep *appsv1.Deployment, f func() []appsv1.DeploymentCondition) error {
	dep.Status.Conditions = f()
	return c.Status().Update(ctx, dep)
}
