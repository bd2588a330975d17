package controllers

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/log"

	cachev1alpha1 "github.com/reconcilelint/reconcilelint/examples/operator/api/v1alpha1"
)

// CacheReconciler reconciles a Cache object.
type CacheReconciler struct {
	client.Client
}

// Reconcile brings the cache's StatefulSet and Service to the desired state.
func (r *CacheReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cache := &cachev1alpha1.Cache{}
	if err := r.Get(ctx, req.NamespacedName, cache); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	log.FromContext(ctx).Info("reconciling", "env", len(cache.Spec.Env))
	if !cache.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, r.releaseFinalizer(ctx, cache)
	}
	if err := r.ensureFinalizer(ctx, cache); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.ensureConfigMap(ctx, cache); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.ensureService(ctx, cache); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.applyStatefulSet(ctx, cache); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.ensureWarmer(ctx, cache, nil); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.markWarm(ctx, cache); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.ensureExporter(ctx, cache); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.ensureExporterAutoscaler(ctx, cache); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.scaleExporter(ctx, cache); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.sizeExporter(ctx, cache); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.ensureMetricsService(ctx, cache); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.markServed(ctx, cache); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.markReady(ctx, cache)
}
