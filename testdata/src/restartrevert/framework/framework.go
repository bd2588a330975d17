// Package framework: Deployments reconciled through a framework of
// callbacks in another package. The template replaced in UpdateReconciled
// runs only when the sibling NeedsUpdate says the operator's template hash
// differs, so a restart is never undone there; the same replacement under
// a NeedsUpdate that also compares the template itself, or under a
// framework that never asks, is reported.
package framework

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	"k8s.io/apimachinery/pkg/api/equality"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"restartrevert/framework/reconciler"
)

const hashLabel = "example.com/template-hash"

func sameLabels(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

func hashOf(labels map[string]string) string { return labels[hashLabel] }

func sameHash(a, b appsv1.Deployment) bool { return a.Labels[hashLabel] == b.Labels[hashLabel] }

func subset(small, big map[string]string) bool {
	for k, v := range small {
		if big[k] != v {
			return false
		}
	}
	return true
}

// The hash read through helpers, beside subset checks of the object's own
// labels and annotations: silent.
func byHelpers(ctx context.Context, c client.Client, expected appsv1.Deployment) error {
	reconciled := &appsv1.Deployment{}
	return reconciler.ReconcileResource(ctx, reconciler.Params{
		Client:     c,
		Expected:   &expected,
		Reconciled: reconciled,
		NeedsUpdate: func() bool {
			return !subset(expected.Labels, reconciled.Labels) ||
				!subset(expected.Annotations, reconciled.Annotations) ||
				hashOf(reconciled.Labels) != hashOf(expected.Labels) ||
				!sameHash(expected, *reconciled)
		},
		UpdateReconciled: func() {
			reconciled.Spec = expected.Spec
		},
	})
}

// Guarded by the template hash in NeedsUpdate: silent.
func byHash(ctx context.Context, c client.Client, expected appsv1.Deployment) error {
	reconciled := &appsv1.Deployment{}
	return reconciler.ReconcileResource(ctx, reconciler.Params{
		Client:     c,
		Expected:   &expected,
		Reconciled: reconciled,
		NeedsUpdate: func() bool {
			return reconciled.Labels[hashLabel] != expected.Labels[hashLabel]
		},
		UpdateReconciled: func() {
			reconciled.Labels = expected.Labels
			reconciled.Spec = expected.Spec
		},
	})
}

// The hash, or the object's own labels, differ: a restart changes neither,
// so it is not undone. Silent.
func byHashOrLabels(ctx context.Context, c client.Client, expected appsv1.Deployment) error {
	reconciled := &appsv1.Deployment{}
	return reconciler.ReconcileResource(ctx, reconciler.Params{
		Client:     c,
		Expected:   &expected,
		Reconciled: reconciled,
		NeedsUpdate: func() bool {
			hashDiffers := reconciled.Labels[hashLabel] != expected.Labels[hashLabel]
			return hashDiffers || !sameLabels(reconciled.Labels, expected.Labels)
		},
		UpdateReconciled: func() {
			reconciled.Spec = expected.Spec
		},
	})
}

// NeedsUpdate also compares the templates, which a restart makes differ:
// the update then drops restartedAt, and the next reconcile finds them
// equal again. Reported.
func byTemplate(ctx context.Context, c client.Client, expected appsv1.Deployment) error {
	reconciled := &appsv1.Deployment{}
	return reconciler.ReconcileResource(ctx, reconciler.Params{
		Client:     c,
		Expected:   &expected,
		Reconciled: reconciled,
		NeedsUpdate: func() bool {
			return reconciled.Labels[hashLabel] != expected.Labels[hashLabel] ||
				!equality.Semantic.DeepEqual(reconciled.Spec.Template, expected.Spec.Template)
		},
		UpdateReconciled: func() {
			reconciled.Spec = expected.Spec // want `live Deployment's spec replaced wholesale`
		},
	})
}

// A framework that never asks NeedsUpdate: the hash guards nothing.
// Reported.
func unasked(ctx context.Context, c client.Client, expected appsv1.Deployment) error {
	reconciled := &appsv1.Deployment{}
	return reconciler.Always(ctx, reconciler.Params{
		Client:     c,
		Expected:   &expected,
		Reconciled: reconciled,
		NeedsUpdate: func() bool {
			return reconciled.Labels[hashLabel] != expected.Labels[hashLabel]
		},
		UpdateReconciled: func() {
			reconciled.Spec = expected.Spec // want `live Deployment's spec replaced wholesale`
		},
	})
}
