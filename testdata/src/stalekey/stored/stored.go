// Package stored: which merge reaches a live object's map is the value
// stored there, followed through the locals that hand it on, not the
// name of the variable that once held it.
package stored

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	"k8s.io/apimachinery/pkg/labels"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Reconciler struct{ client.Client }

type Cache struct {
	Metrics bool
}

// The scrape key is written only when metrics are on: owned, and
// stranded by a merge that keeps the live keys.
func podAnnotations(c *Cache) map[string]string {
	anns := map[string]string{"example.com/app": "cache"}
	if c.Metrics {
		anns["example.com/scrape"] = "true"
	}
	return anns
}

// The merge reaches the live annotations through a second local, chosen
// on one branch: reported.
func (r *Reconciler) throughCopy(ctx context.Context, key client.ObjectKey, c *Cache, keep bool) error {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		return err
	}
	merged := labels.Merge(dep.Annotations, podAnnotations(c)) // want `merge into the live Deployment annotations never deletes operator-owned key "example.com/scrape"`
	out := dep.Annotations
	if !keep {
		out = merged
	}
	dep.Annotations = out
	return r.Update(ctx, dep)
}

// The same through a setter.
func (r *Reconciler) throughSetter(ctx context.Context, key client.ObjectKey, c *Cache) error {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		return err
	}
	merged := labels.Merge(dep.GetAnnotations(), podAnnotations(c)) // want `merge into the live Deployment annotations never deletes operator-owned key "example.com/scrape"`
	final := merged
	dep.SetAnnotations(final)
	return r.Update(ctx, dep)
}

// The variable that held the merge is given the desired map before it is
// stored: the merge is only logged, the desired map replaces the live
// one, and a key no longer desired goes with it. Silent.
func (r *Reconciler) mergeOnlyLogged(ctx context.Context, key client.ObjectKey, c *Cache, log func(map[string]string)) error {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		return err
	}
	merged := labels.Merge(dep.Annotations, podAnnotations(c))
	log(merged)
	merged = podAnnotations(c)
	dep.Annotations = merged
	return r.Update(ctx, dep)
}

// fixedLabels are the labels every sidecar Deployment carries.
var fixedLabels = map[string]string{
	"example.com/component": "sidecar",
	"example.com/tier":      "backend",
}

// A key the operator writes on some paths only, into another object's
// labels: owned, in the package.
func jobLabels(c *Cache) map[string]string {
	l := map[string]string{}
	if c.Metrics {
		l["example.com/tier"] = "metrics"
	}
	return l
}

// Known false positive: the desired labels are a package-level map whose
// every key is a constant of its literal, written at each merge, so no key
// of it can strand. A package variable is not traced (trace in
// internal/strand takes locals and builders' results), and an untraced
// map is taken to hold any label key the package writes on some paths
// only: jobLabels's, written into other objects.
func (r *Reconciler) fixedMerged(ctx context.Context, key client.ObjectKey) error {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		return err
	}
	current := dep.GetLabels()
	for k, v := range fixedLabels { // want `merge into the live Deployment labels never deletes operator-owned key "example.com/tier"`
		current[k] = v
	}
	dep.SetLabels(current)
	return r.Update(ctx, dep)
}

func (r *Reconciler) createJob(ctx context.Context, c *Cache) error {
	job := &appsv1.Deployment{}
	job.Labels = jobLabels(c)
	return r.Create(ctx, job)
}
