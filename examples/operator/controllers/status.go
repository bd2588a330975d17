package controllers

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

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
