// Package usesframework reconciles Deployments through the framework
// package, with desired objects built here.
package usesframework

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"defaultdrift/framework"
)

// web sets probes but not their server defaults, and no strategy.
func web(name string) *appsv1.Deployment { // want web:`builds\(result sets \d+\)`
	return &appsv1.Deployment{Spec: appsv1.DeploymentSpec{Template: corev1.PodTemplateSpec{Spec: corev1.PodSpec{
		Containers: []corev1.Container{{Name: name, Image: "example.com/web:1",
			LivenessProbe: &corev1.Probe{InitialDelaySeconds: 3}}},
	}}}}
}

// webFilled sets every default the checks look at.
func webFilled(name string) *appsv1.Deployment { // want webFilled:`builds\(result sets \d+\)`
	return &appsv1.Deployment{Spec: appsv1.DeploymentSpec{
		Strategy: appsv1.DeploymentStrategy{Type: "RollingUpdate"},
		Template: corev1.PodTemplateSpec{Spec: corev1.PodSpec{
			Containers: []corev1.Container{{Name: name, Image: "example.com/web:1",
				LivenessProbe: &corev1.Probe{InitialDelaySeconds: 3, TimeoutSeconds: 1, PeriodSeconds: 10}}},
		}},
	}}
}

type Reconciler struct {
	client.Client
	strict bool
}

// The checks in a local list, one of them added on a condition.
func (r *Reconciler) reconcileWeb(ctx context.Context) error {
	checks := []framework.DeploymentCheck{framework.Images, framework.Probes}
	if r.strict {
		checks = append(checks, framework.Strategy)
	}
	desired := web("web")
	return framework.Ensure(ctx, r, &appsv1.Deployment{}, desired, framework.Deployments(checks...)) // want `desired Deployment handed to mutator Probes, which compares it strictly with the live one \(framework.go:\d+\), leaves 2 server-defaulted fields unset \(Spec.Template.Spec.Containers\[\].LivenessProbe.TimeoutSeconds, Spec.Template.Spec.Containers\[\].LivenessProbe.PeriodSeconds\): never equal, so the Deployment is updated on every reconcile \(and 1 more strict comparisons in its mutators\)`
}

// The same checks on a builder that sets the defaults: silent.
func (r *Reconciler) reconcileFilled(ctx context.Context) error {
	sync := framework.Deployments(framework.Images, framework.Probes, framework.Strategy)
	return framework.Ensure(ctx, r, &appsv1.Deployment{}, webFilled("web"), sync)
}

// Checks of strings only, of probes the builder leaves nil, or no mutator
// at all: silent.
func (r *Reconciler) reconcileQuiet(ctx context.Context) error {
	if err := framework.Ensure(ctx, r, &appsv1.Deployment{}, web("a"), framework.Deployments(framework.Images)); err != nil {
		return err
	}
	bare := &appsv1.Deployment{}
	if err := framework.Ensure(ctx, r, &appsv1.Deployment{}, bare, framework.Deployments(framework.Probes)); err != nil {
		return err
	}
	return framework.Ensure(ctx, r, &appsv1.Deployment{}, web("b"), framework.Deployments(framework.Report))
}

// A desired object from the caller: what it sets is not known. Silent.
func (r *Reconciler) reconcileGiven(ctx context.Context, desired *appsv1.Deployment) error { // want reconcileGiven:`builds\(param 1 sets 0\)`
	return framework.Ensure(ctx, r, &appsv1.Deployment{}, desired, framework.Deployments(framework.Strategy))
}
