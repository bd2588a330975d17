// Package mutators: the live Deployment reaches a mutator made by a
// factory method, through a list of mutators handed to a generic
// create-or-update of another package that calls each with the server's
// copy.
package mutators

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"restartrevert/mutators/core"
)

const restartedAt = "kubectl.kubernetes.io/restartedAt"

type app struct {
	name string
	tpl  *appsv1.Deployment
}

// specMutator replaces the spec with the blueprint's, dropping the
// restart kubectl stamped on the running template.
func (a app) specMutator() core.Mutator[*appsv1.Deployment] {
	return func(dep *appsv1.Deployment) error {
		dep.Spec = a.tpl.Spec // want `live Deployment's spec replaced wholesale`
		return nil
	}
}

// keepingMutator saves the stamp before the replacement and puts it
// back: silent.
func (a app) keepingMutator() core.Mutator[*appsv1.Deployment] { // want keepingMutator:"carries restartedAt"
	return func(dep *appsv1.Deployment) error {
		stamp, ok := dep.Spec.Template.Annotations[restartedAt]
		dep.Spec = a.tpl.Spec
		if ok {
			if dep.Spec.Template.Annotations == nil {
				dep.Spec.Template.Annotations = map[string]string{}
			}
			dep.Spec.Template.Annotations[restartedAt] = stamp
		}
		return nil
	}
}

func (a app) sync(ctx context.Context, c client.Client) error {
	mutators := make([]core.Mutator[*appsv1.Deployment], 0)
	mutators = append(mutators,
		a.specMutator(),
		core.Owned[*appsv1.Deployment]("operator"),
	)
	_, err := core.Apply(ctx, c, types.NamespacedName{Name: a.name}, mutators...)
	return err
}

func (a app) syncKeeping(ctx context.Context, c client.Client) error { // want syncKeeping:"carries restartedAt"
	_, err := core.Apply(ctx, c, types.NamespacedName{Name: a.name}, a.keepingMutator())
	return err
}

// buildMutator is handed only to code that builds a new object: silent.
func (a app) buildMutator() func(*appsv1.Deployment) {
	return func(dep *appsv1.Deployment) { dep.Spec = a.tpl.Spec }
}

func (a app) create(ctx context.Context, c client.Client) error {
	dep := &appsv1.Deployment{}
	a.buildMutator()(dep)
	return c.Create(ctx, dep)
}

// copyMutator copies the blueprint's spec over the live one with the
// generated deep copy: the same replacement.
func (a app) copyMutator() core.Mutator[*appsv1.Deployment] {
	return func(dep *appsv1.Deployment) error {
		a.tpl.Spec.DeepCopyInto(&dep.Spec) // want `live Deployment's spec replaced wholesale`
		return nil
	}
}

// copyKeepingMutator saves the stamp before the copy and puts it back:
// silent.
func (a app) copyKeepingMutator() core.Mutator[*appsv1.Deployment] { // want copyKeepingMutator:"carries restartedAt"
	return func(dep *appsv1.Deployment) error {
		stamp := dep.Spec.Template.Annotations[restartedAt]
		a.tpl.Spec.DeepCopyInto(&dep.Spec)
		if stamp != "" {
			if dep.Spec.Template.Annotations == nil {
				dep.Spec.Template.Annotations = map[string]string{}
			}
			dep.Spec.Template.Annotations[restartedAt] = stamp
		}
		return nil
	}
}

func (a app) syncCopies(ctx context.Context, c client.Client) error { // want syncCopies:"carries restartedAt"
	_, err := core.Apply(ctx, c, types.NamespacedName{Name: a.name}, a.copyMutator(), a.copyKeepingMutator())
	return err
}
