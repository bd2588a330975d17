// Package lookalike declares types named like Kubernetes ones; kubectl
// rollout restart knows nothing of them.
package lookalike

type PodTemplateSpec struct{ Annotations map[string]string }

type DeploymentSpec struct{ Template PodTemplateSpec }

type Deployment struct{ Spec DeploymentSpec }

// CreateOrUpdate has the name and the shape of controllerutil's.
func CreateOrUpdate(obj *Deployment, mutate func() error) error { return mutate() }

func replace(dep *Deployment, tmpl PodTemplateSpec) error {
	return CreateOrUpdate(dep, func() error {
		dep.Spec.Template = tmpl
		return nil
	})
}

// A method named DeepCopy that is not a deep copy of its receiver.
type Snapshot struct{ Annotations map[string]string }

func (Deployment) DeepCopy() *Snapshot { return &Snapshot{} }
