// Package helper: a key written on every path of a helper that is called
// in one case of a switch only is written on some paths.
package helper

import (
	"context"
	"maps"

	appsv1 "k8s.io/api/apps/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Reconciler struct{ client.Client }

type Cache struct{ Parent string }

// A helper writes the parent key on every path of its own, but it is
// called in one case of a switch only: for the other kind the key is
// not written, and the merge (of a desired object its caller builds)
// keeps it.
func setParent(d *appsv1.Deployment, c *Cache) {
	if d.Annotations == nil {
		d.Annotations = map[string]string{}
	}
	d.Annotations["example.com/parent"] = c.Parent
}

func desiredFor(c *Cache, kind string) *appsv1.Deployment {
	want := &appsv1.Deployment{}
	switch kind {
	case "gateway":
		setParent(want, c)
	}
	return want
}

func (r *Reconciler) syncParent(ctx context.Context, key client.ObjectKey, want *appsv1.Deployment) error {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		return err
	}
	maps.Copy(dep.Annotations, want.Annotations) // want `merge into the live Deployment annotations never deletes operator-owned key "example.com/parent"`
	return r.Update(ctx, dep)
}
