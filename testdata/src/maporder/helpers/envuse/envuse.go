// Package envuse builds a Deployment from a model and sets the env of its
// containers through envmerge, then hands it to an executor.
package envuse

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"maporder/helpers/envmerge"
)

// executor sends objects later; which implementation runs is not known here.
type executor interface {
	Queue(ctx context.Context, obj client.Object) error
}

type proxy struct {
	namespace string
	exec      executor
}

// model is the Deployment as the operator ships it: built anew each time.
func model() *appsv1.Deployment {
	return &appsv1.Deployment{Spec: appsv1.DeploymentSpec{Template: corev1.PodTemplateSpec{Spec: corev1.PodSpec{
		Containers: []corev1.Container{{Name: "proxy", Env: []corev1.EnvVar{{Name: "LOG_LEVEL"}}}},
	}}}}
}

func (p *proxy) envFor(given []corev1.EnvVar) []corev1.EnvVar { // want envFor:`maporder\(result 0 in order of map wanted \(envmerge.go:23\); param 0 reaches result 0\)`
	wanted := map[string]string{
		"NAMESPACE": p.namespace,
		"LOG_LEVEL": "info",
		"PORT":      "7777",
	}
	return envmerge.Overlay(given, wanted) // want `envmerge.Overlay returns values in the order of map wanted \(envmerge.go:23\) and they feed Container.Env; sort them first`
}

// The wanted variables the model lacks go after its own, in map order, on
// every reconcile: the Deployment's template changes and it rolls.
func (p *proxy) reconcile(ctx context.Context) error {
	dep := model().DeepCopy()
	for i, c := range dep.Spec.Template.Spec.Containers {
		if c.Name == "proxy" {
			c.Env = p.envFor(dep.Spec.Template.Spec.Containers[0].Env)
		}
		dep.Spec.Template.Spec.Containers[i] = c
	}
	return p.exec.Queue(ctx, dep)
}

func (p *proxy) envListFor(given []corev1.EnvVar) []corev1.EnvVar { // want envListFor:`maporder\(param 0 reaches result 0\)`
	wanted := []corev1.EnvVar{
		{Name: "NAMESPACE", Value: p.namespace},
		{Name: "LOG_LEVEL", Value: "info"},
		{Name: "PORT", Value: "7777"},
	}
	return envmerge.OverlayList(given, wanted)
}

// The fixed form: the wanted variables are a list, appended in its order.
func (p *proxy) reconcileFixed(ctx context.Context) error {
	dep := model().DeepCopy()
	for i, c := range dep.Spec.Template.Spec.Containers {
		if c.Name == "proxy" {
			c.Env = p.envListFor(dep.Spec.Template.Spec.Containers[0].Env)
		}
		dep.Spec.Template.Spec.Containers[i] = c
	}
	return p.exec.Queue(ctx, dep)
}

// Given the container's own variables and assigned back to them: the
// variables of the map that it lacks are added once, after its own.
func keepOwn(c *corev1.Container, wanted map[string]string) {
	c.Env = envmerge.Overlay(c.Env, wanted)
}
