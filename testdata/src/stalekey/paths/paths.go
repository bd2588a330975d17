// Package paths: whether a key is written only on some paths is read off
// the control-flow graph, not off how deeply its statement is nested.
package paths

import (
	"context"
	"maps"

	appsv1 "k8s.io/api/apps/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Reconciler struct{ client.Client }

type Cache struct {
	Metrics bool
	Tier    string
	Parent  string
}

// A builder that returns before it writes the scrape key when metrics are
// off: the key is written on some paths only, though no if encloses it.
func metricsAnnotations(c *Cache) map[string]string {
	anns := map[string]string{"example.com/app": "cache"}
	if !c.Metrics {
		return anns
	}
	anns["example.com/scrape"] = "true"
	return anns
}

func (r *Reconciler) syncMetrics(ctx context.Context, key client.ObjectKey, c *Cache) error {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		return err
	}
	maps.Copy(dep.Annotations, metricsAnnotations(c)) // want `merge into the live Deployment annotations never deletes operator-owned key "example.com/scrape"`
	return r.Update(ctx, dep)
}

// The tier key is written on both branches: always written, never
// stranded.
func (r *Reconciler) syncTier(ctx context.Context, key client.ObjectKey, c *Cache) error {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		if apierrors.IsNotFound(err) {
			return nil // nothing to merge into: not a path that skips the key
		}
		return err
	}
	want := map[string]string{}
	if c.Tier != "" {
		want["example.com/tier"] = c.Tier
	} else {
		want["example.com/tier"] = "default"
	}
	maps.Copy(dep.Labels, want)
	return r.Update(ctx, dep)
}

// The function returns early when nothing changed, before the key is
// written and before the merge: on every path that reaches the merge the
// key was written.
func (r *Reconciler) syncUnlessUnchanged(ctx context.Context, key client.ObjectKey, c *Cache, changed bool) error {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		return err
	}
	if !changed {
		return nil
	}
	want := map[string]string{"example.com/owner": c.Parent}
	maps.Copy(dep.Annotations, want)
	return r.Update(ctx, dep)
}

// The key written in a function literal declared with var and called
// before the merge: its statements are read as any function literal's,
// and the write is on one branch of it.
func (r *Reconciler) syncDeclaredFill(ctx context.Context, key client.ObjectKey, debug bool) error {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		return err
	}
	want := map[string]string{"example.com/app": "cache"}
	var fill = func() {
		if debug {
			want["example.com/debug"] = "true"
		}
	}
	fill()
	maps.Copy(dep.Annotations, want) // want `merge into the live Deployment annotations never deletes operator-owned key "example.com/debug"`
	return r.Update(ctx, dep)
}

// ownerAnnotations always writes the owner key.
func ownerAnnotations(c *Cache) map[string]string {
	return map[string]string{"example.com/owner": c.Parent}
}

// The builder runs only when the object is stale, and so does the merge,
// in the same branch: on every path to the merge the key is written.
func (r *Reconciler) syncWhenStale(ctx context.Context, key client.ObjectKey, c *Cache, stale bool) error {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		return err
	}
	if stale {
		maps.Copy(dep.Annotations, ownerAnnotations(c))
		return r.Update(ctx, dep)
	}
	return nil
}

// parentAnnotations always writes the parent key.
func parentAnnotations(c *Cache) map[string]string {
	return map[string]string{"example.com/parent": c.Parent}
}

// The same in a helper that merges and leaves the write to its caller:
// no write follows in the helper, so only the paths to the merge tell that
// the builder runs before it (its one call is on a branch).
func applyParentWhenStale(dep *appsv1.Deployment, c *Cache, stale bool) {
	if stale {
		maps.Copy(dep.Annotations, parentAnnotations(c))
	}
}

func (r *Reconciler) syncThroughHelper(ctx context.Context, key client.ObjectKey, c *Cache, stale bool) error {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		return err
	}
	applyParentWhenStale(dep, c, stale)
	return r.Update(ctx, dep)
}
