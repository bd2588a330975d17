// Package main wires the controller to its sources.
package main

import (
	"maporder/wiring/controller"
	"maporder/wiring/secretenv"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

func setup(c client.Client, s *corev1.Secret) []*controller.Reconciler {
	return []*controller.Reconciler{
		// WRONG: the source's order reaches the Deployment's env.
		controller.New(c, secretenv.FromSecret{Secret: s}), // want `secretenv.FromSecret.Env returns values in the order of map f.Secret.Data \(secretenv.go:\d+\); handed over here as controller.EnvSource, they feed Container.Env \(controller.go:\d+\); sort them first`
		// RIGHT: this source sorts.
		controller.New(c, &secretenv.Sorted{Secret: s}),
		// WRONG: the same, as a field; RIGHT: the mounts, which the
		// controller sorts.
		{Client: c, Source: secretenv.FromSecret{Secret: s}, Mounts: secretenv.Volumes{Secret: s}}, // want `secretenv.FromSecret.Env returns values in the order of map f.Secret.Data`
	}
}

// WRONG: the source assigned to the field after the reconciler is made.
func late(c client.Client, s *corev1.Secret) *controller.Reconciler {
	r := controller.New(c, nil)
	r.Source = secretenv.FromSecret{Secret: s} // want `secretenv.FromSecret.Env returns values in the order of map f.Secret.Data`
	return r
}

// WRONG: a variable of the interface's type; RIGHT: the sorted source.
func vars(c client.Client, s *corev1.Secret) []*controller.Reconciler {
	var src controller.EnvSource = secretenv.FromSecret{Secret: s} // want `secretenv.FromSecret.Env returns values in the order of map f.Secret.Data`
	var sorted controller.EnvSource = &secretenv.Sorted{Secret: s}
	return []*controller.Reconciler{controller.New(c, src), controller.New(c, sorted)}
}

// WRONG: an explicit conversion to the interface.
func converted(c client.Client, s *corev1.Secret) *controller.Reconciler {
	return controller.New(c, controller.EnvSource(secretenv.FromSecret{Secret: s})) // want `secretenv.FromSecret.Env returns values in the order of map f.Secret.Data`
}

func main() {}
