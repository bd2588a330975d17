package locals

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

func built(any) {}

type owner struct{ name string }

func blueprint(o owner) *appsv1.Deployment {
	d := &appsv1.Deployment{}
	d.Name = o.name
	return d
}

func (o owner) blueprint() *appsv1.Deployment { return blueprint(o) }

func lookUp(ctx context.Context, c client.Client, key client.ObjectKey) *appsv1.Deployment {
	d := &appsv1.Deployment{}
	_ = c.Get(ctx, key, d)
	return d
}

func passThrough(d *appsv1.Deployment) *appsv1.Deployment { return d }

func asObject(o client.Object) client.Object { return o }

// Built: a call that makes the object it returns, given nothing it could
// hand back.
func builtOrNot(ctx context.Context, c client.Client, key client.ObjectKey, o owner, live *appsv1.Deployment, make func() *appsv1.Deployment) {
	built(blueprint(o))           // want `^built$`
	built(o.blueprint())          // want `^built$`
	built(lookUp(ctx, c, key))    // want `not built`
	built(passThrough(live))      // want `not built`
	built(asObject(blueprint(o))) // want `not built`
	built(make())                 // want `not built`
	built(live)                   // want `not built`
}
