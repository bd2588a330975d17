// Package inverse builds workloads from scratch and hands them to the
// helpers in kube, which report the Update; this package reports nothing.
package inverse

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"restartrevert/inverse/kube"
)

type Reconciler struct{ client.Client }

func (r *Reconciler) sync(ctx context.Context) error {
	desired := &appsv1.StatefulSet{}
	desired.Name = "db"
	return kube.UpdateStatefulSet(ctx, r.Client, desired)
}

// The same form written inline, through SetResourceVersion.
func (r *Reconciler) syncInline(ctx context.Context, key client.ObjectKey) error {
	current := &appsv1.DaemonSet{}
	if err := r.Get(ctx, key, current); err != nil {
		return err
	}
	desired := &appsv1.DaemonSet{}
	desired.Name = key.Name
	desired.SetResourceVersion(current.GetResourceVersion())
	return r.Update(ctx, desired) // want `desired DaemonSet written over the live one with Update, dropping restartedAt`
}

// The resourceVersion taken into a local first, and a metadata copy made
// of the live object's: the same inverse form.
func (r *Reconciler) syncThroughLocals(ctx context.Context, key client.ObjectKey) error {
	current := &appsv1.DaemonSet{}
	if err := r.Get(ctx, key, current); err != nil {
		return err
	}
	version := current.ResourceVersion
	desired := &appsv1.DaemonSet{}
	desired.Name = key.Name
	desired.ResourceVersion = version
	return r.Update(ctx, desired) // want `desired DaemonSet written over the live one with Update, dropping restartedAt`
}

func (r *Reconciler) syncMetaCopy(ctx context.Context, key client.ObjectKey) error {
	current := &appsv1.DaemonSet{}
	if err := r.Get(ctx, key, current); err != nil {
		return err
	}
	meta := current.ObjectMeta
	desired := &appsv1.DaemonSet{}
	desired.ObjectMeta = meta
	return r.Update(ctx, desired) // want `desired DaemonSet written over the live one with Update, dropping restartedAt`
}

// RIGHT: the version is the desired object's own, read from a local that
// holds nothing of the live one.
func (r *Reconciler) syncOwnVersion(ctx context.Context, key client.ObjectKey, version string) error {
	current := &appsv1.DaemonSet{}
	if err := r.Get(ctx, key, current); err != nil {
		return err
	}
	v := version
	desired := &appsv1.DaemonSet{}
	desired.Name = current.Name
	desired.ResourceVersion = v
	return r.Update(ctx, desired)
}
