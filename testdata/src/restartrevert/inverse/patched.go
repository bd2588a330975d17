package inverse

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

const restartKey = "kubectl.kubernetes.io/restartedAt"

func blueprint(name string) *appsv1.Deployment {
	d := &appsv1.Deployment{}
	d.Name = name
	return d
}

// A Deployment built from scratch is patched with a merge patch taken
// against the running one: the patch is the difference between the two,
// so every template annotation the blueprint lacks, kubectl's restart
// stamp among them, is deleted.
func (r *Reconciler) patchFromBlueprint(ctx context.Context, key client.ObjectKey) error {
	running := &appsv1.Deployment{}
	if err := r.Get(ctx, key, running); err != nil {
		return err
	}
	desired := blueprint(key.Name)
	return r.Patch(ctx, desired, client.MergeFrom(running.DeepCopy())) // want `desired Deployment patched with a merge patch taken against the live one, deleting restartedAt`
}

// The fixed form: the stamp is taken out of the base, so the difference
// leaves it alone.
func (r *Reconciler) patchWithoutStamp(ctx context.Context, key client.ObjectKey) error {
	running := &appsv1.Deployment{}
	if err := r.Get(ctx, key, running); err != nil {
		return err
	}
	delete(running.Spec.Template.Annotations, restartKey)
	desired := blueprint(key.Name)
	base := client.MergeFrom(running.DeepCopy())
	return r.Patch(ctx, desired, base)
}

// The stamp is taken out of the base only on a branch that returns
// first: the patch that follows is taken against a base that has it.
func (r *Reconciler) patchStampDroppedElsewhere(ctx context.Context, key client.ObjectKey, paused bool) error {
	running := &appsv1.Deployment{}
	if err := r.Get(ctx, key, running); err != nil {
		return err
	}
	if paused {
		delete(running.Spec.Template.Annotations, restartKey)
		return nil
	}
	desired := blueprint(key.Name)
	return r.Patch(ctx, desired, client.MergeFrom(running.DeepCopy())) // want `desired Deployment patched with a merge patch taken against the live one, deleting restartedAt`
}

// The usual form patches the running object itself, changed in place
// after the base was taken: silent.
func (r *Reconciler) patchInPlace(ctx context.Context, key client.ObjectKey, image string) error {
	running := &appsv1.Deployment{}
	if err := r.Get(ctx, key, running); err != nil {
		return err
	}
	base := client.MergeFrom(running.DeepCopy())
	running.Spec.Template.Spec.Containers[0].Image = image
	return r.Patch(ctx, running, base)
}
