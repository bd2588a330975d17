package a

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	meta "stalekey/metautil"
)

const (
	templateHashKey = "example.com/template-hash"
	scrapeKey       = "example.com/scrape"
	pausedKey       = "example.com/paused"
	prunedKey       = "example.com/pruned"
)

type Spec struct {
	Template []byte
	Scrape   bool
}

type Reconciler struct{ client.Client }

// desired writes the template hash only when a template is set.
func desired(spec Spec) *appsv1.Deployment {
	dep := &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Annotations: map[string]string{}}}
	if len(spec.Template) > 0 {
		dep.Annotations[templateHashKey] = "h"
	}
	return dep
}

// The seed's shape: presence decides drift, and the merge keeps the key.
func templateNeedsUpdate(live *appsv1.Deployment, spec Spec) bool {
	if len(spec.Template) == 0 {
		_, had := live.Annotations[templateHashKey] // want `drift decided by presence of annotation key "example.com/template-hash" on a live object, and a merge keeps the key: a hot loop once it is no longer desired`
		return had
	}
	return live.Annotations[templateHashKey] != "h"
}

func (r *Reconciler) reconcile(ctx context.Context, spec Spec, key client.ObjectKey) error {
	live := &appsv1.Deployment{}
	if err := r.Get(ctx, key, live); err != nil {
		return err
	}
	if templateNeedsUpdate(live, spec) || scrapeChanged(live) || differs(live) || pullSecretsNeedsUpdate(live, nil) || generatedNeedsUpdate(live) {
		want := desired(spec)
		live.Annotations = meta.MergeAnnotations(want.Annotations, live.Annotations)
		return r.Update(ctx, live)
	}
	return nil
}

// Presence alone, with no stranding merge: still drift by presence.
func scrapeChanged(live *appsv1.Deployment) bool {
	_, ok := live.GetAnnotations()[scrapeKey] // want `drift decided by presence of annotation key "example.com/scrape" on a live object; compare its value with the desired one`
	return !ok
}

// The value is compared too: silent.
func differs(live *appsv1.Deployment) bool {
	v, ok := live.Annotations[scrapeKey]
	return !ok || v != "true"
}

// Presence for control flow: a paused annotation skips the reconcile.
func (r *Reconciler) paused(ctx context.Context, key client.ObjectKey) (bool, error) {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, key, pod); err != nil {
		return false, err
	}
	if _, ok := pod.Annotations[pausedKey]; ok {
		return true, nil
	}
	return false, nil
}

// Presence directly guarding a write when the key is there.
func (r *Reconciler) refresh(ctx context.Context, pod *corev1.Pod) error {
	if _, ok := pod.Labels["example.com/refresh"]; ok { // want `drift decided by presence of label key "example.com/refresh" on a live object`
		return r.Update(ctx, pod)
	}
	return nil
}

// Adding a missing key is stable once done: silent.
func (r *Reconciler) ensureOwner(ctx context.Context, pod *corev1.Pod) error {
	if _, ok := pod.Labels["example.com/owner"]; !ok {
		pod.Labels["example.com/owner"] = "cache"
		return r.Update(ctx, pod)
	}
	return nil
}

// A key that the write path deletes by name: presence is harmless.
func prunedNeedsUpdate(live *appsv1.Deployment) bool {
	_, ok := live.Annotations[prunedKey]
	return ok
}

func (r *Reconciler) prune(ctx context.Context, live *appsv1.Deployment) error {
	delete(live.Annotations, prunedKey)
	return r.Update(ctx, live)
}

// Presence on a desired object is not drift: silent.
func desiredHasHashNeedsUpdate(spec Spec) bool {
	_, ok := desired(spec).Annotations[templateHashKey]
	return ok
}

// The expected value is at hand: it is computed before the presence check
// and compared on the other path. The fix compares it on both.
func pullSecretsNeedsUpdate(live *appsv1.Deployment, secrets []string) bool {
	expected := ""
	if len(secrets) > 0 {
		expected = secrets[0]
	}
	_, present := live.Annotations["example.com/pull-secrets"] // want `drift decided by presence of annotation key "example.com/pull-secrets"`
	if expected == "" {
		return present
	}
	return live.Annotations["example.com/pull-secrets"] != expected
}
