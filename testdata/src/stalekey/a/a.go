package a

import (
	"context"
	"maps"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/labels"
	"sigs.k8s.io/controller-runtime/pkg/client"
	ctrlutil "sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	meta "stalekey/metautil"
)

type Reconciler struct{ client.Client }

// The seed's shape: a key written only when a field is set, merged into
// the live Deployment with a helper from another package, never deleted.
func (r *Reconciler) ensureDeployment(ctx context.Context, spec CacheSpec, key client.ObjectKey) error {
	live := buildDeployment(spec)
	if err := r.Get(ctx, key, live); err != nil {
		return err
	}
	desired := buildDeployment(spec)
	live.Annotations = meta.MergeAnnotations(desired.Annotations, live.Annotations) // want `merge into the live Deployment annotations never deletes operator-owned key "example.com/template-hash"; it strands once not desired`
	return r.Update(ctx, live)
}

// Pruned after the merge: silent.
func (r *Reconciler) ensurePruned(ctx context.Context, spec CacheSpec, live *corev1.Pod) error {
	desired := buildDeployment(spec)
	merged := meta.MergeAnnotations(desired.Annotations, live.Annotations)
	if _, want := desired.Annotations[templateHashKey]; !want {
		delete(merged, templateHashKey)
	}
	live.Annotations = merged
	return r.Update(ctx, live)
}

// An overlay loop into the live object, and the template's annotations.
func (r *Reconciler) overlay(ctx context.Context, spec CacheSpec, key client.ObjectKey) error {
	existing := buildDeployment(spec)
	if err := r.Get(ctx, key, existing); err != nil {
		return err
	}
	desired := buildDeployment(spec)
	for k, v := range desired.Annotations { // want `merge into the live Deployment annotations never deletes operator-owned key "example.com/template-hash"`
		existing.Annotations[k] = v
	}
	maps.Copy(existing.Spec.Template.Annotations, desired.Spec.Template.Annotations) // want `merge into the live Deployment pod template annotations never deletes operator-owned key "example.com/config-hash"`
	return r.Update(ctx, existing)
}

// A helper that prunes the key it owns: silent.
func (r *Reconciler) prunedByHelper(ctx context.Context, spec CacheSpec, key client.ObjectKey) error {
	live := buildDeployment(spec)
	_ = r.Get(ctx, key, live)
	desired := buildDeployment(spec)
	live.Spec.Template.Annotations = meta.MergeWithoutHash(desired.Spec.Template.Annotations, live.Spec.Template.Annotations)
	return r.Update(ctx, live)
}

// labels.Merge inside a CreateOrUpdate mutate function.
func (r *Reconciler) mutate(ctx context.Context, version string) error {
	pod := &corev1.Pod{}
	_, err := ctrlutil.CreateOrUpdate(ctx, r.Client, pod, func() error {
		podLabels := map[string]string{"app": "cache"}
		if version != "" {
			podLabels["example.com/version"] = version
		}
		pod.Labels = labels.Merge(pod.Labels, podLabels) // want `merge into the live Pod labels never deletes operator-owned key "example.com/version"`
		return nil
	})
	return err
}

// Keys always written: nothing can strand.
func (r *Reconciler) alwaysWritten(ctx context.Context, key client.ObjectKey) error {
	svc := &corev1.Service{}
	_ = r.Get(ctx, key, svc)
	desired := buildService()
	svc.Annotations = meta.MergeAnnotations(desired.Annotations, svc.Annotations)
	return r.Update(ctx, svc)
}

// A merge into a desired object that is then created: silent.
func (r *Reconciler) create(ctx context.Context, spec CacheSpec, defaults map[string]string) error {
	dep := buildDeployment(spec)
	dep.Annotations = meta.MergeAnnotations(dep.Annotations, defaults)
	return r.Create(ctx, dep)
}

// The fix case: plain identifiers for desired and merged.
func (r *Reconciler) fixable(ctx context.Context, spec CacheSpec, key client.ObjectKey) error {
	live := buildDeployment(spec)
	_ = r.Get(ctx, key, live)
	desired := deploymentMetadata(spec)
	merged := meta.MergeAnnotations(desired, live.Annotations) // want `never deletes operator-owned key "example.com/template-hash"`
	live.Annotations = merged
	return r.Update(ctx, live)
}

// A desired map from the caller cannot be traced: every object annotation
// key the package writes only sometimes may be missing (config-hash is a
// pod template key, so not here). The paused key is only read, never
// written by the operator, so it is not owned.
func (r *Reconciler) untraced(ctx context.Context, live *corev1.Pod, desired map[string]string) error {
	if _, ok := live.Annotations[pausedKey]; ok {
		return nil
	}
	maps.Copy(live.Annotations, desired) // want `merge into the live Pod annotations never deletes operator-owned key "example.com/template-hash"`
	return r.Update(ctx, live)
}
