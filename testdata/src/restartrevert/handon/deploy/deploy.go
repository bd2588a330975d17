// Package deploy replaces the spec of the Deployment it is handed, one
// helper below the functions and methods another package calls. Nothing
// here is live: the callers decide, so the summaries go up as facts and
// the finding is made where a live Deployment is handed over.
package deploy

import appsv1 "k8s.io/api/apps/v1"

const restartedAt = "kubectl.kubernetes.io/restartedAt"

// overwrite is where the spec is replaced; it is not exported, so the
// functions that hand it their parameter carry the summary.
func overwrite(dep *appsv1.Deployment, spec appsv1.DeploymentSpec) { // want overwrite:"replaces param 0's Deployment spec"
	dep.Spec = spec
}

// Sync hands its parameter to overwrite.
func Sync(dep *appsv1.Deployment, spec appsv1.DeploymentSpec) { // want Sync:"replaces param 0's Deployment spec"
	if spec.Replicas == nil {
		one := int32(1)
		spec.Replicas = &one
	}
	overwrite(dep, spec)
}

// Applier is a controller's strategy for its Deployment, reached through
// an interface of the controller's package.
type Applier struct{ Spec appsv1.DeploymentSpec }

// Apply replaces the spec through overwrite.
func (a *Applier) Apply(dep *appsv1.Deployment) { // want Apply:"replaces param 0's Deployment spec"
	overwrite(dep, a.Spec)
}

// Keep reads the restart first and puts it back: silent, no summary.
func Keep(dep *appsv1.Deployment, spec appsv1.DeploymentSpec) { // want Keep:"carries restartedAt"
	last := dep.Spec.Template.Annotations[restartedAt]
	overwrite(dep, spec)
	if last != "" {
		if dep.Spec.Template.Annotations == nil {
			dep.Spec.Template.Annotations = map[string]string{}
		}
		dep.Spec.Template.Annotations[restartedAt] = last
	}
}
