package controllers

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/reconcilelint/reconcilelint/examples/conditions"

	cachev1alpha1 "github.com/reconcilelint/reconcilelint/examples/operator/api/v1alpha1"
)

// markReady records that the cache's objects are in place.
func (r *CacheReconciler) markReady(ctx context.Context, cache *cachev1alpha1.Cache) error {
	cache.Status.Conditions = []metav1.Condition{{
		Type:               "Ready",
		Status:             metav1.ConditionTrue,
		Reason:             "Reconciled",
		LastTransitionTime: metav1.Now(),
	}}
	return r.Status().Update(ctx, cache)
}

// markWarm records that the warmer ran, with the shared condition library.
func (r *CacheReconciler) markWarm(ctx context.Context, cache *cachev1alpha1.Cache) error {
	conditions.MarkTrue(&cache.Status.Conditions, "Warm", "WarmerRan")
	return r.Status().Update(ctx, cache)
}

// markServed records that the service is in place; the time moves only
// when the status does.
func (r *CacheReconciler) markServed(ctx context.Context, cache *cachev1alpha1.Cache) error {
	conditions.SetTrue(&cache.Status.Conditions, "Served", "ServiceReady")
	return r.Status().Update(ctx, cache)
}
