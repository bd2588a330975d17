package hash

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"restartrevert/hash/kubeutil"
	"restartrevert/hashutil"
)

// RIGHT: the spec is replaced only when the hash of the desired spec
// differs from the one the live Deployment carries, compared by a helper
// of another package through a second helper and a comma-ok lookup: the
// template changes there, so a rollout happens anyway.
func (r *Reconciler) updateOnHashChange(ctx context.Context, key client.ObjectKey, hash string) error {
	live := &appsv1.Deployment{}
	if err := r.Get(ctx, key, live); err != nil {
		return err
	}
	if hashutil.SameSpecHash(hash, live.Annotations) {
		return nil
	}
	live.Spec = desired().Spec
	return r.Update(ctx, live)
}

// The same helper asked about the desired object's annotations: nothing
// says the live template differs.
func (r *Reconciler) hashOfDesired(ctx context.Context, key client.ObjectKey, hash string) error {
	live := &appsv1.Deployment{}
	if err := r.Get(ctx, key, live); err != nil {
		return err
	}
	want := desired()
	if hashutil.SameSpecHash(hash, want.Annotations) {
		return nil
	}
	live.Spec = want.Spec // want `live Deployment's spec replaced wholesale`
	return r.Update(ctx, live)
}

// The same helper given a constant: a flag, not a hash of the desired
// spec.
func (r *Reconciler) flagNotHash(ctx context.Context, key client.ObjectKey) error {
	live := &appsv1.Deployment{}
	if err := r.Get(ctx, key, live); err != nil {
		return err
	}
	if hashutil.SameSpecHash("pinned", live.Annotations) {
		return nil
	}
	live.Spec = desired().Spec // want `live Deployment's spec replaced wholesale`
	return r.Update(ctx, live)
}

// RIGHT: the helper that says the hashes differ, inside its branch.
func (r *Reconciler) insideDiffering(ctx context.Context, key client.ObjectKey, hash string) error {
	live := &appsv1.Deployment{}
	if err := r.Get(ctx, key, live); err != nil {
		return err
	}
	if hashutil.SpecHashChanged(hash, live.Annotations) {
		live.Spec = desired().Spec
		return r.Update(ctx, live)
	}
	return nil
}

// RIGHT (Datadog's operator): a copy of the desired Deployment takes the
// live one's metadata and is sent over it with Update, only when the hash
// on the live one differs: the template changes there anyway.
func (r *Reconciler) inverseOnHashChange(ctx context.Context, key client.ObjectKey, hash string) error {
	live := &appsv1.Deployment{}
	if err := r.Get(ctx, key, live); err != nil {
		return err
	}
	if hashutil.SameSpecHash(hash, live.Annotations) {
		return nil
	}
	update := desired().DeepCopy()
	update.Spec = desired().Spec
	update.ObjectMeta = live.ObjectMeta
	return r.Update(ctx, update)
}

// The same without the hash: every reconcile writes the desired template
// over the live one.
func (r *Reconciler) inverseAlways(ctx context.Context, key client.ObjectKey) error {
	live := &appsv1.Deployment{}
	if err := r.Get(ctx, key, live); err != nil {
		return err
	}
	update := desired().DeepCopy()
	update.ObjectMeta = live.ObjectMeta
	return r.Update(ctx, update) // want `desired Deployment written over the live one with Update, dropping restartedAt`
}

// RIGHT (Datadog's operator): the same guard with the hash read through a
// getter, and the desired copy written over the live one by a helper of
// another package that takes the live resourceVersion and sends it with
// Update: the engine's summary of the helper says so, and the live
// object's hash guard covers the copy's replacement.
func (r *Reconciler) inverseThroughHelper(ctx context.Context, key client.ObjectKey, hash string) error {
	live := &appsv1.Deployment{}
	if err := r.Get(ctx, key, live); err != nil {
		return err
	}
	if hashutil.SameSpecHash(hash, live.GetAnnotations()) {
		return nil
	}
	update := desired().DeepCopy()
	update.Spec = desired().Spec
	return kubeutil.UpdateFromObject(ctx, r.Client, update, live.ObjectMeta)
}

// The same helper with no hash guard: every reconcile sends the desired
// template over the live one.
func (r *Reconciler) inverseThroughHelperAlways(ctx context.Context, key client.ObjectKey) error {
	live := &appsv1.Deployment{}
	if err := r.Get(ctx, key, live); err != nil {
		return err
	}
	update := desired()
	return kubeutil.UpdateFromObject(ctx, r.Client, update, live.ObjectMeta) // want `desired Deployment written over the live one with Update, dropping restartedAt`
}

// The desired object handed to the helper straight from the call that
// builds it: no variable holds it, and nothing can carry restartedAt into
// it on the way.
func (r *Reconciler) inverseThroughHelperNoLocal(ctx context.Context, key client.ObjectKey) error {
	live := &appsv1.Deployment{}
	if err := r.Get(ctx, key, live); err != nil {
		return err
	}
	return kubeutil.UpdateFromObject(ctx, r.Client, desired(), live.ObjectMeta) // want `desired Deployment written over the live one with Update, dropping restartedAt`
}

// RIGHT: the call that builds the desired object is given the live one and
// takes its template annotations over.
func (r *Reconciler) inverseBuiltKeepingTemplate(ctx context.Context, key client.ObjectKey) error {
	live := &appsv1.Deployment{}
	if err := r.Get(ctx, key, live); err != nil {
		return err
	}
	return kubeutil.UpdateFromObject(ctx, r.Client, desiredKeeping(live), live.ObjectMeta)
}

func desiredKeeping(running *appsv1.Deployment) *appsv1.Deployment {
	d := desired()
	d.Spec.Template.Annotations = running.Spec.Template.Annotations
	return d
}

// RIGHT: a helper that reads the object returns the server's copy, not a
// desired one: handed over, it is the live object written back.
func (r *Reconciler) inverseGivenFetched(ctx context.Context, key client.ObjectKey) error {
	live := &appsv1.Deployment{}
	if err := r.Get(ctx, key, live); err != nil {
		return err
	}
	return kubeutil.UpdateFromObject(ctx, r.Client, r.fetch(ctx, key), live.ObjectMeta)
}

func (r *Reconciler) fetch(ctx context.Context, key client.ObjectKey) *appsv1.Deployment {
	d := &appsv1.Deployment{}
	_ = r.Get(ctx, key, d)
	return d
}

// A desired object built in the call of a merge patch taken against the
// live one: the patch deletes every template annotation it lacks.
func (r *Reconciler) patchBuiltInline(ctx context.Context, key client.ObjectKey) error {
	live := &appsv1.Deployment{}
	if err := r.Get(ctx, key, live); err != nil {
		return err
	}
	return r.Patch(ctx, desired(), client.MergeFrom(live.DeepCopy())) // want `desired Deployment patched with a merge patch taken against the live one, deleting restartedAt`
}

// RIGHT: the same patch of a copy of the live object, changed by the call
// that copies it: the patch holds only the change.
func (r *Reconciler) patchCopyInline(ctx context.Context, key client.ObjectKey) error {
	live := &appsv1.Deployment{}
	if err := r.Get(ctx, key, live); err != nil {
		return err
	}
	return r.Patch(ctx, scaled(live.DeepCopy()), client.MergeFrom(live.DeepCopy()))
}

func scaled(d *appsv1.Deployment) *appsv1.Deployment {
	n := int32(2)
	d.Spec.Replicas = &n
	return d
}

// The same through a helper of this package that takes the whole live
// object.
func (r *Reconciler) inverseThroughLocalHelper(ctx context.Context, key client.ObjectKey) error {
	live := &appsv1.Deployment{}
	if err := r.Get(ctx, key, live); err != nil {
		return err
	}
	want := desired()
	return r.replaceWith(ctx, want, live) // want `desired Deployment written over the live one with Update, dropping restartedAt`
}

func (r *Reconciler) replaceWith(ctx context.Context, obj, current *appsv1.Deployment) error {
	obj.ResourceVersion = current.ResourceVersion
	return r.Update(ctx, obj)
}

// RIGHT: a helper that sends the object first and copies the version
// afterwards does not write over the live object with that copy.
func (r *Reconciler) versionCopiedAfter(ctx context.Context, key client.ObjectKey) error {
	live := &appsv1.Deployment{}
	if err := r.Get(ctx, key, live); err != nil {
		return err
	}
	want := desired()
	return r.sendThenCopy(ctx, want, live)
}

func (r *Reconciler) sendThenCopy(ctx context.Context, obj, current *appsv1.Deployment) error {
	err := r.Update(ctx, obj)
	obj.ResourceVersion = current.ResourceVersion
	return err
}

// RIGHT (Datadog's operator): the live Deployment returned by a helper
// that reads it (nil when it is not found), the hash guard held in a
// local, and the desired copy written over it by the helper of another
// package.
func (r *Reconciler) inverseLiveFromHelper(ctx context.Context, key client.ObjectKey, hash string) error {
	current, err := r.current(ctx, key)
	if err != nil || current == nil {
		return err
	}
	needUpdate := !hashutil.SameSpecHash(hash, current.GetAnnotations())
	if !needUpdate {
		return nil
	}
	update := desired().DeepCopy()
	update.Spec = *desired().Spec.DeepCopy()
	return kubeutil.UpdateFromObject(ctx, r.Client, update, current.ObjectMeta)
}

func (r *Reconciler) current(ctx context.Context, key client.ObjectKey) (*appsv1.Deployment, error) {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		return nil, err
	}
	return dep, nil
}

// The live Deployment returned by a helper, its metadata copied into the
// desired one here, and no hash guard.
func (r *Reconciler) inverseLiveFromHelperAlways(ctx context.Context, key client.ObjectKey) error {
	current, err := r.current(ctx, key)
	if err != nil {
		return err
	}
	update := desired()
	update.ResourceVersion = current.ResourceVersion
	return r.Update(ctx, update) // want `desired Deployment written over the live one with Update, dropping restartedAt`
}

// RIGHT (Mattermost's operator): the helper of another package decides by
// itself whether to send the desired Deployment, from a comparison that a
// restart does not change; the engine does not say it writes over the live
// one, so nothing is reported. (Were its comparison one that a restart
// does change, this would be a false negative.)
func (r *Reconciler) inverseDecidedByHelper(ctx context.Context, key client.ObjectKey) error {
	current := &appsv1.Deployment{}
	if err := r.Get(ctx, key, current); err != nil {
		return err
	}
	want := desired()
	return kubeutil.UpdateIfChanged(ctx, r.Client, current, want)
}

// RIGHT (Datadog's operator): the live Deployment, returned by a helper,
// is itself written back first (its owner references fixed), then the
// desired copy is sent over it under the hash guard.
func (r *Reconciler) inverseAfterOwnerFix(ctx context.Context, key client.ObjectKey, hash string) error {
	current, err := r.current(ctx, key)
	if err != nil {
		return err
	}
	if len(current.OwnerReferences) == 0 {
		current.OwnerReferences = append(current.OwnerReferences, metav1.OwnerReference{Name: "owner"})
		if err := r.Update(ctx, current); err != nil {
			return err
		}
	}
	if hashutil.SameSpecHash(hash, current.GetAnnotations()) {
		return nil
	}
	update := desired().DeepCopy()
	update.Spec = *desired().Spec.DeepCopy()
	return kubeutil.UpdateFromObject(ctx, r.Client, update, current.ObjectMeta)
}

// The same without the hash guard.
func (r *Reconciler) inverseAfterOwnerFixAlways(ctx context.Context, key client.ObjectKey) error {
	current, err := r.current(ctx, key)
	if err != nil {
		return err
	}
	if len(current.OwnerReferences) == 0 {
		current.OwnerReferences = append(current.OwnerReferences, metav1.OwnerReference{Name: "owner"})
		if err := r.Update(ctx, current); err != nil {
			return err
		}
	}
	update := desired().DeepCopy()
	return kubeutil.UpdateFromObject(ctx, r.Client, update, current.ObjectMeta) // want `desired Deployment written over the live one with Update, dropping restartedAt`
}

func labelsHash(labels map[string]string) (string, error) { return labels["app"], nil }

// RIGHT (Datadog's operator): the update is decided in a local, a hash
// comparison or'ed with a comparison of a hash of the live template's
// labels (a restart writes the template's annotations, not its labels),
// and left by an early return when the local is false.
func (r *Reconciler) inverseOrLabels(ctx context.Context, key client.ObjectKey, hash, wantLabels string) error {
	current := &appsv1.Deployment{}
	if err := r.Get(ctx, key, current); err != nil {
		return err
	}
	currentLabels, err := labelsHash(current.Spec.Template.Labels)
	if err != nil {
		return err
	}
	needUpdate := !hashutil.SameSpecHash(hash, current.GetAnnotations()) || currentLabels != wantLabels
	if !needUpdate {
		return nil
	}
	update := desired().DeepCopy()
	update.Spec = *desired().Spec.DeepCopy()
	return kubeutil.UpdateFromObject(ctx, r.Client, update, current.ObjectMeta)
}

// The same or'ed with a hash of the live template's annotations, which a
// restart changes: every restart is followed by an update that undoes it.
func (r *Reconciler) inverseOrTemplateAnnotations(ctx context.Context, key client.ObjectKey, hash, wantAnnotations string) error {
	current := &appsv1.Deployment{}
	if err := r.Get(ctx, key, current); err != nil {
		return err
	}
	currentAnnotations, err := labelsHash(current.Spec.Template.Annotations)
	if err != nil {
		return err
	}
	needUpdate := !hashutil.SameSpecHash(hash, current.GetAnnotations()) || currentAnnotations != wantAnnotations
	if !needUpdate {
		return nil
	}
	update := desired().DeepCopy()
	update.Spec = *desired().Spec.DeepCopy() // one finding, at the write: the copy is the desired object, not the live one
	return kubeutil.UpdateFromObject(ctx, r.Client, update, current.ObjectMeta) // want `desired Deployment written over the live one with Update, dropping restartedAt`
}
