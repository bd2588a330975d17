// Package reconciler is a reconcile framework of the kind large operators
// keep in a package of their own: the caller describes one object with a
// struct of values and callbacks, and the framework reads the live object,
// creates it when it is missing, and otherwise updates it only when the
// caller's NeedsUpdate says so, after UpdateReconciled has changed it.
package reconciler

import (
	"context"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Params describes one object to reconcile.
type Params struct {
	Client client.Client
	// Expected is the desired object; Reconciled receives the live one.
	Expected   client.Object
	Reconciled client.Object
	// NeedsUpdate compares Expected with Reconciled.
	NeedsUpdate func() bool
	// UpdateReconciled copies what must change from Expected into
	// Reconciled.
	UpdateReconciled func()
}

// ReconcileResource reads, then creates or updates, the object of p.
func ReconcileResource(ctx context.Context, p Params) error {
	err := p.Client.Get(ctx, client.ObjectKeyFromObject(p.Expected), p.Reconciled)
	if apierrors.IsNotFound(err) {
		return p.Client.Create(ctx, p.Expected)
	}
	if err != nil {
		return err
	}
	if !p.NeedsUpdate() {
		return nil
	}
	p.UpdateReconciled()
	return p.Client.Update(ctx, p.Reconciled)
}

// Always runs UpdateReconciled and updates on every call: NeedsUpdate is
// not asked.
func Always(ctx context.Context, p Params) error {
	if err := p.Client.Get(ctx, client.ObjectKeyFromObject(p.Expected), p.Reconciled); err != nil {
		return err
	}
	p.UpdateReconciled()
	return p.Client.Update(ctx, p.Reconciled)
}
