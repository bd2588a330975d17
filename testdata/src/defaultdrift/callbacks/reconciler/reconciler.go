// Package reconciler is a framework of callbacks: the caller describes an
// object with a struct of values and functions, and the framework updates
// the live object only when NeedsUpdate says so. Log only reports.
package reconciler

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Params describes one object.
type Params struct {
	Client      client.Client
	Expected    client.Object
	Reconciled  client.Object
	NeedsUpdate func() bool
	Log         func() bool
	Update      func()
}

// ReconcileResource reads the object and updates it when NeedsUpdate says.
func ReconcileResource(ctx context.Context, p *Params) error {
	if err := p.Client.Get(ctx, client.ObjectKeyFromObject(p.Expected), p.Reconciled); err != nil {
		return p.Client.Create(ctx, p.Expected)
	}
	if p.Log() {
		println("drift")
	}
	if !p.NeedsUpdate() {
		return nil
	}
	p.Update()
	return p.Client.Update(ctx, p.Reconciled)
}
