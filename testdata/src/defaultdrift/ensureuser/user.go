// Package ensureuser builds desired objects and hands them to the
// reconcile helpers of package ensure.
package ensureuser

import (
	"context"
	"log"

	appsv1 "k8s.io/api/apps/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"defaultdrift/ensure"
)

// deployment sets a strategy without its type, which the server fills in.
func deployment(name string) *appsv1.Deployment { // want deployment:`builds\(result sets \d+\)`
	return &appsv1.Deployment{
		ObjectMeta: metav1.ObjectMeta{Name: name},
		Spec:       appsv1.DeploymentSpec{Strategy: appsv1.DeploymentStrategy{}},
	}
}

// recreated names the strategy's type.
func recreated(name string) *appsv1.Deployment { // want recreated:`builds\(result sets \d+\)`
	d := deployment(name)
	d.Spec.Strategy.Type = "Recreate"
	return d
}

func Reconcile(ctx context.Context, c client.Client, name string) error {
	if err := ensure.Rollout(ctx, c, deployment(name)); err != nil { // want `desired Deployment handed to ensure.Rollout, which reads the live one and compares its Spec.Strategy strictly with it \(ensure.go:\d+\), leaves 1 server-defaulted field unset \(Spec.Strategy.Type\)`
		return err
	}
	if err := ensure.Rollout(ctx, c, recreated(name)); err != nil {
		return err
	}
	// Known false negative (see ensure.Recreate): the builder leaves
	// RevisionHistoryLimit unset, and the helper recreates on every call.
	if err := ensure.Recreate(ctx, c, deployment(name)); err != nil {
		return err
	}
	d := &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: name}}
	if !ensure.Logged(ctx, c, d) {
		log.Printf("deployment %s drifted", name)
	}
	return ensure.Deployment(ctx, c, d)
}
