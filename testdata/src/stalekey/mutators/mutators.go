// Package mutators: the server's copy of a Deployment goes through a
// list of mutators, each one aspect of it. One replaces the whole spec
// from a blueprint, one merges extra template annotations whose keys
// cannot be traced, one writes a key straight into the live template
// only while a licence exists, and one puts kubectl's restart stamp
// back when the running template had one.
package mutators

import (
	"context"
	"maps"

	appsv1 "k8s.io/api/apps/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

const restartedAt = "kubectl.kubernetes.io/restartedAt"

type mutator func(*appsv1.Deployment) error

// apply runs every mutator on the server's copy and writes it back.
func apply(ctx context.Context, c client.Client, dep *appsv1.Deployment, mutators ...mutator) error {
	_, err := controllerutil.CreateOrUpdate(ctx, c, dep, func() error {
		for _, m := range mutators {
			if err := m(dep); err != nil {
				return err
			}
		}
		return nil
	})
	return err
}

type app struct {
	tpl     *appsv1.Deployment
	licence string
}

func (a app) spec() mutator {
	return func(dep *appsv1.Deployment) error {
		stamp := ""
		if v, ok := dep.Spec.Template.Annotations[restartedAt]; ok {
			stamp = v
		}
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

// extra merges annotations from the caller: their keys are not traced.
// The keys written only on some paths in this package are written into
// the live template itself, not into a desired map, so none of them is
// one this merge keeps: silent.
func (a app) extra(annotations map[string]string) mutator {
	return func(dep *appsv1.Deployment) error {
		if dep.Spec.Template.Annotations == nil {
			dep.Spec.Template.Annotations = map[string]string{}
		}
		maps.Copy(dep.Spec.Template.Annotations, annotations)
		return nil
	}
}

func (a app) licensed() mutator {
	return func(dep *appsv1.Deployment) error {
		if a.licence != "" {
			if dep.Spec.Template.Annotations == nil {
				dep.Spec.Template.Annotations = map[string]string{}
			}
			dep.Spec.Template.Annotations["example.com/licence-hash"] = a.licence
		}
		return nil
	}
}

func (a app) sync(ctx context.Context, c client.Client, extra map[string]string) error {
	dep := &appsv1.Deployment{}
	dep.Name = a.tpl.Name
	return apply(ctx, c, dep, a.spec(), a.extra(extra), a.licensed())
}
