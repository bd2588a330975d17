package controllers

import (
	"context"

	cachev1alpha1 "github.com/reconcilelint/reconcilelint/examples/operator/api/v1alpha1"
	"github.com/reconcilelint/reconcilelint/examples/sets"
)

// cleanupFinalizer lets the operator remove the cache's data before the
// Cache goes away. Other controllers may put finalizers of their own on
// the same object.
const cleanupFinalizer = "cache.example.com/cleanup"

// ensureFinalizer adds the cleanup finalizer beside the others. The set
// lists its members in map order, so each write reshuffles the other
// controllers' finalizers too.
func (r *CacheReconciler) ensureFinalizer(ctx context.Context, cache *cachev1alpha1.Cache) error {
	finalizers := sets.New(cache.GetFinalizers()...)
	if finalizers.Has(cleanupFinalizer) {
		return nil
	}
	finalizers.Insert(cleanupFinalizer)
	cache.SetFinalizers(finalizers.UnsortedList())
	return r.Update(ctx, cache)
}

// releaseFinalizer removes the cleanup finalizer once the data is gone.
// The members are sorted (by the set library's own helper), so the other
// finalizers keep their order: nothing to report.
func (r *CacheReconciler) releaseFinalizer(ctx context.Context, cache *cachev1alpha1.Cache) error {
	finalizers := sets.New(cache.GetFinalizers()...)
	if !finalizers.Has(cleanupFinalizer) {
		return nil
	}
	delete(finalizers, cleanupFinalizer)
	cache.SetFinalizers(sets.SortedList(finalizers))
	return r.Update(ctx, cache)
}
