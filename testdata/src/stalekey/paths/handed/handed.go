// Package handed: a desired object built in the merging function and
// handed to a helper of the package that writes a key into it.
package handed

import (
	"context"
	"maps"

	appsv1 "k8s.io/api/apps/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Reconciler struct{ client.Client }

type Cache struct{ Parent string }

func setParent(d *appsv1.Deployment, c *Cache) {
	if d.Annotations == nil {
		d.Annotations = map[string]string{}
	}
	d.Annotations["example.com/parent"] = c.Parent
}

// The desired object built in the merging function and handed to the
// helper in one case only: the helper's write is traced through its
// parameter, and it runs on some paths to the merge.
func (r *Reconciler) syncParentHere(ctx context.Context, key client.ObjectKey, c *Cache, kind string) error {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		return err
	}
	want := &appsv1.Deployment{}
	want.Annotations = map[string]string{"example.com/app": "cache"}
	if kind == "gateway" {
		setParent(want, c)
	}
	maps.Copy(dep.Annotations, want.Annotations) // want `merge into the live Deployment annotations never deletes operator-owned key "example.com/parent"`
	return r.Update(ctx, dep)
}

// The same helper called on every path to the merge: silent.
func (r *Reconciler) syncParentAlways(ctx context.Context, key client.ObjectKey, c *Cache) error {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		return err
	}
	want := &appsv1.Deployment{}
	want.Annotations = map[string]string{"example.com/app": "cache"}
	setParent(want, c)
	maps.Copy(dep.Annotations, want.Annotations)
	return r.Update(ctx, dep)
}
