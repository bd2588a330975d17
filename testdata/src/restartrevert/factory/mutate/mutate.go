// Package mutate holds mutate-function factories for another package's
// CreateOrUpdate calls. Nothing here makes obj live: liveness comes from
// the callers, in another package, so the replacements are exported as
// facts and reported at the callers that hand over a live object.
package mutate

import appsv1 "k8s.io/api/apps/v1"

const restartedAt = "kubectl.kubernetes.io/restartedAt"

// Spec returns a mutate function that replaces obj's spec.
func Spec(obj *appsv1.Deployment, spec appsv1.DeploymentSpec) func() error { // want Spec:"replaces param 0's Deployment spec"
	return func() error {
		obj.Spec = spec
		return nil
	}
}

// SpecKeepingRestart carries the restart over: silent, no fact.
func SpecKeepingRestart(obj *appsv1.Deployment, spec appsv1.DeploymentSpec) func() error { // want SpecKeepingRestart:"carries restartedAt"
	return func() error {
		last := obj.Spec.Template.Annotations[restartedAt]
		obj.Spec = spec
		if last != "" {
			if obj.Spec.Template.Annotations == nil {
				obj.Spec.Template.Annotations = map[string]string{}
			}
			obj.Spec.Template.Annotations[restartedAt] = last
		}
		return nil
	}
}

// Replicas sets what the caller asks and leaves the template alone.
func Replicas(obj *appsv1.Deployment, n int32) func() error {
	return func() error {
		obj.Spec.Replicas = &n
		return nil
	}
}
