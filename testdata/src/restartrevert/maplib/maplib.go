// Package maplib carries the live template's system annotations over
// with a generic map library: the desired annotations united with the
// live ones a predicate keeps.
package maplib

import (
	"context"
	"strings"

	appsv1 "k8s.io/api/apps/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"restartrevert/maplib/kv"
)

type Reconciler struct{ client.Client }

func build() *appsv1.Deployment { return &appsv1.Deployment{} }

func isSystemKey(k, _ string) bool { return strings.HasPrefix(k, "kubectl.kubernetes.io/") } // want isSystemKey:"carries restartedAt"

func isOwnKey(k, _ string) bool { return strings.HasPrefix(k, "example.com/") }

// The desired template takes the live system keys, then replaces the
// live spec.
func (r *Reconciler) desiredFirst(ctx context.Context, key client.ObjectKey) error {
	current := &appsv1.Deployment{}
	if err := r.Get(ctx, key, current); err != nil {
		return err
	}
	desired := build()
	live := current.Spec.Template.Annotations
	tmpl := &desired.Spec.Template
	tmpl.Annotations = kv.Union(tmpl.Annotations, kv.Filter(live, isSystemKey))
	current.Spec = desired.Spec
	return r.Update(ctx, current)
}

// The live template itself is given the union after the replacement.
func (r *Reconciler) liveAfter(ctx context.Context, key client.ObjectKey) error {
	current := &appsv1.Deployment{}
	if err := r.Get(ctx, key, current); err != nil {
		return err
	}
	live := current.Spec.Template.Annotations
	desired := build()
	current.Spec = desired.Spec
	current.Spec.Template.Annotations = kv.Union(desired.Spec.Template.Annotations, kv.Filter(live, isSystemKey))
	return r.Update(ctx, current)
}

// The predicate written in place.
func (r *Reconciler) inlinePredicate(ctx context.Context, key client.ObjectKey) error { // want inlinePredicate:"carries restartedAt"
	current := &appsv1.Deployment{}
	if err := r.Get(ctx, key, current); err != nil {
		return err
	}
	desired := build()
	system := kv.Filter(current.Spec.Template.Annotations, func(k, _ string) bool {
		return strings.HasPrefix(k, "kubectl.kubernetes.io/")
	})
	desired.Spec.Template.Annotations = kv.Union(desired.Spec.Template.Annotations, system)
	current.Spec = desired.Spec
	return r.Update(ctx, current)
}

// Keeping only the operator's own keys drops restartedAt.
func (r *Reconciler) ownKeysOnly(ctx context.Context, key client.ObjectKey) error {
	current := &appsv1.Deployment{}
	if err := r.Get(ctx, key, current); err != nil {
		return err
	}
	live := current.Spec.Template.Annotations
	desired := build()
	current.Spec = desired.Spec // want `live Deployment's spec replaced wholesale`
	current.Spec.Template.Annotations = kv.Union(desired.Spec.Template.Annotations, kv.Filter(live, isOwnKey))
	return r.Update(ctx, current)
}

// No carry-over at all.
func (r *Reconciler) noCarry(ctx context.Context, key client.ObjectKey) error {
	current := &appsv1.Deployment{}
	if err := r.Get(ctx, key, current); err != nil {
		return err
	}
	desired := build()
	desired.Spec.Template.Annotations = kv.Union(desired.Spec.Template.Annotations, map[string]string{"a": "b"})
	current.Spec = desired.Spec // want `live Deployment's spec replaced wholesale`
	return r.Update(ctx, current)
}

// A predicate that rejects one key of the operator's keeps every other
// one, restartedAt included: a carry-over.
func (r *Reconciler) rejectingPredicate(ctx context.Context, key client.ObjectKey) error {
	current := &appsv1.Deployment{}
	if err := r.Get(ctx, key, current); err != nil {
		return err
	}
	live := current.Spec.Template.Annotations
	desired := build()
	current.Spec = desired.Spec
	current.Spec.Template.Annotations = kv.Union(desired.Spec.Template.Annotations, kv.Filter(live, func(k, _ string) bool {
		return k != "example.com/last-applied"
	}))
	return r.Update(ctx, current)
}

// A predicate that selects the operator's keys and the kubectl ones.
func (r *Reconciler) ownAndSystem(ctx context.Context, key client.ObjectKey) error { // want ownAndSystem:"carries restartedAt"
	current := &appsv1.Deployment{}
	if err := r.Get(ctx, key, current); err != nil {
		return err
	}
	live := current.Spec.Template.Annotations
	desired := build()
	current.Spec = desired.Spec
	current.Spec.Template.Annotations = kv.Union(desired.Spec.Template.Annotations, kv.Filter(live, func(k, _ string) bool {
		return strings.HasPrefix(k, "example.com/") || strings.HasPrefix(k, "kubectl.kubernetes.io/")
	}))
	return r.Update(ctx, current)
}

// Every live annotation copied into the desired template, one key at a
// time, before the replacement: restartedAt among them.
func (r *Reconciler) copyLoop(ctx context.Context, key client.ObjectKey) error {
	current := &appsv1.Deployment{}
	if err := r.Get(ctx, key, current); err != nil {
		return err
	}
	desired := build()
	if desired.Spec.Template.Annotations == nil {
		desired.Spec.Template.Annotations = map[string]string{}
	}
	for k, v := range current.Spec.Template.Annotations {
		desired.Spec.Template.Annotations[k] = v
	}
	current.Spec = desired.Spec
	return r.Update(ctx, current)
}
