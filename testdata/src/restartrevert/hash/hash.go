// Package hash: a template replaced only when the operator's own hash of
// its desired spec differs from the one on the live object changes the
// template anyway; dropping restartedAt there undoes no restart.
package hash

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"restartrevert/hashapply"
)

const specHashKey = "example.com/spec-hash"

type Reconciler struct{ client.Client }

func specHash(dep *appsv1.Deployment) string { return "h" }

func desired() *appsv1.Deployment { return &appsv1.Deployment{} }

func (r *Reconciler) insideHashBranch(ctx context.Context, key client.ObjectKey) error {
	dep := &appsv1.Deployment{}
	_ = r.Get(ctx, key, dep)
	want := desired()
	hash := specHash(want)
	if dep.Annotations[specHashKey] != hash {
		dep.Spec.Template = want.Spec.Template
		dep.Annotations[specHashKey] = hash
		return r.Update(ctx, dep)
	}
	return nil
}

func (r *Reconciler) afterEqualHashReturns(ctx context.Context, key client.ObjectKey) error {
	dep := &appsv1.Deployment{}
	_ = r.Get(ctx, key, dep)
	want := desired()
	if specHash(want) == dep.Spec.Template.Annotations[specHashKey] {
		return nil
	}
	dep.Spec.Template = want.Spec.Template
	return r.Update(ctx, dep)
}

// A flag compared with a constant is not a hash: every reconcile that is
// not paused replaces the template.
func (r *Reconciler) flagBranch(ctx context.Context, key client.ObjectKey) error {
	dep := &appsv1.Deployment{}
	_ = r.Get(ctx, key, dep)
	if dep.Annotations["example.com/paused"] != "true" {
		dep.Spec.Template = desired().Spec.Template // want `live Deployment's pod template replaced wholesale`
		return r.Update(ctx, dep)
	}
	return nil
}

// Either the hash differs or a resync is forced: on a forced resync the
// template may be unchanged, and restartedAt is dropped.
func (r *Reconciler) hashOrForced(ctx context.Context, key client.ObjectKey, force bool) error {
	dep := &appsv1.Deployment{}
	_ = r.Get(ctx, key, dep)
	want := desired()
	if force || dep.Annotations[specHashKey] != specHash(want) {
		dep.Spec.Template = want.Spec.Template // want `live Deployment's pod template replaced wholesale`
		return r.Update(ctx, dep)
	}
	return nil
}

func (r *Reconciler) reconcileFetched(ctx context.Context, key client.ObjectKey, keepPods bool) error {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		return err
	}
	if err := r.patchCopyOnHashChange(ctx, dep, keepPods); err != nil {
		return err
	}
	if err := r.patchCopyDeclaredFirst(ctx, dep); err != nil {
		return err
	}
	if err := r.patchCopyOnVersionLocal(ctx, dep); err != nil {
		return err
	}
	return r.patchCopyOnVersion(ctx, dep)
}

// The hashes are read into locals first, the live one from the object as
// fetched while the change goes to a copy of it, and the early return is in
// a case of a switch: still the operator's hash guarding the replacement.
func (r *Reconciler) patchCopyOnHashChange(ctx context.Context, current *appsv1.Deployment, keepPods bool) error {
	want := desired()
	want.Annotations = map[string]string{specHashKey: specHash(want)}
	switch {
	case current == nil:
		return r.Create(ctx, want)
	default:
		have := current.Annotations[specHashKey]
		next := want.Annotations[specHashKey]
		if have == next {
			return nil
		}
		dep := current.DeepCopy()
		if !keepPods {
			dep.Spec = want.Spec
		}
		return r.Patch(ctx, dep, client.MergeFrom(current))
	}
}

// The same guard with the locals declared first and given their values
// with =: the hash and the copy are still those of the fetched object.
func (r *Reconciler) patchCopyDeclaredFirst(ctx context.Context, current *appsv1.Deployment) error {
	want := desired()
	var have string
	var dep *appsv1.Deployment
	have = current.Annotations[specHashKey]
	if have == specHash(want) {
		return nil
	}
	dep = current.DeepCopy()
	dep.Spec = want.Spec
	return r.Patch(ctx, dep, client.MergeFrom(current))
}

// The version flag held in a local first is still a constant, not a
// hash of the desired spec.
func (r *Reconciler) patchCopyOnVersionLocal(ctx context.Context, current *appsv1.Deployment) error {
	want := "v2"
	if current.Annotations[specHashKey] == want {
		return nil
	}
	dep := current.DeepCopy()
	dep.Spec = desired().Spec // want `live Deployment's spec replaced wholesale`
	return r.Patch(ctx, dep, client.MergeFrom(current))
}

// The same shape, but the local read from the live object is compared with
// a constant: a version flag, not a hash of the desired spec, so a restart
// made while the flag stays the same is undone by the next change.
func (r *Reconciler) patchCopyOnVersion(ctx context.Context, current *appsv1.Deployment) error {
	switch {
	case current == nil:
		return nil
	default:
		have := current.Annotations[specHashKey]
		if have == "v2" {
			return nil
		}
		dep := current.DeepCopy()
		dep.Spec = desired().Spec // want `live Deployment's spec replaced wholesale`
		return r.Patch(ctx, dep, client.MergeFrom(current))
	}
}

// RIGHT: the spec is replaced on every reconcile but sent through
// hashapply.Apply, which reads the server's copy and updates only when the
// hash kept in its annotation differs from the one of what it is given:
// after a restart alone the hashes agree, and nothing is sent.
func (r *Reconciler) replacedThenHashApplied(ctx context.Context, key client.ObjectKey) error {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		return err
	}
	dep.Spec = desired().Spec
	return hashapply.Apply(ctx, r.Client, dep, &appsv1.Deployment{})
}

// The same through a helper of that package that also updates when the
// hashes agree: the replacement reaches the server on every reconcile.
func (r *Reconciler) replacedThenAlwaysApplied(ctx context.Context, key client.ObjectKey) error {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		return err
	}
	dep.Spec = desired().Spec // want `live Deployment's spec replaced wholesale`
	return hashapply.ApplyAlways(ctx, r.Client, dep, &appsv1.Deployment{})
}

// RIGHT: the replacement is unguarded, but the only write of the object
// is, under the comparison of the hash on the live Deployment.
func (r *Reconciler) replacedThenSentOnHashChange(ctx context.Context, key client.ObjectKey) error {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		return err
	}
	hash := specHash(desired())
	stored := dep.Annotations[specHashKey]
	dep.Spec = desired().Spec
	if stored != hash {
		return r.Update(ctx, dep)
	}
	return nil
}

// RIGHT: the same with the gated write in a helper of this package.
func (r *Reconciler) replacedThenLocalHashSend(ctx context.Context, key client.ObjectKey) error {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		return err
	}
	dep.Spec = desired().Spec
	return r.sendOnHashChange(ctx, dep, specHash(desired()))
}

func (r *Reconciler) sendOnHashChange(ctx context.Context, dep *appsv1.Deployment, hash string) error { // want sendOnHashChange:`writes params \[2\] only when a hash on the server differs`
	onServer := &appsv1.Deployment{}
	if err := r.Get(ctx, client.ObjectKeyFromObject(dep), onServer); err != nil {
		return err
	}
	if onServer.Annotations[specHashKey] != hash {
		return r.Update(ctx, dep)
	}
	return nil
}

// The gated write and, on the other path, an ungated one: the replacement
// is sent on every reconcile where the hashes agree.
func (r *Reconciler) replacedThenOneGatedWrite(ctx context.Context, key client.ObjectKey) error {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		return err
	}
	hash := specHash(desired())
	stored := dep.Annotations[specHashKey]
	dep.Spec = desired().Spec // want `live Deployment's spec replaced wholesale`
	if stored != hash {
		return r.Update(ctx, dep)
	}
	return r.Patch(ctx, dep, client.MergeFrom(&appsv1.Deployment{}))
}

func sameLabels(a, b map[string]string) bool { return len(a) == len(b) }

// The hash, or the object's own labels, differ: a restart changes neither,
// so nothing is undone on its account.
func (r *Reconciler) hashOrLabels(ctx context.Context, key client.ObjectKey) error {
	dep := &appsv1.Deployment{}
	_ = r.Get(ctx, key, dep)
	want := desired()
	hashDiffers := dep.Annotations[specHashKey] != specHash(want)
	if hashDiffers || !sameLabels(dep.Labels, want.Labels) {
		dep.Spec.Template = want.Spec.Template
		return r.Update(ctx, dep)
	}
	return nil
}

// The hash, or the template's own annotations, differ: a restart makes the
// second true, and the update drops restartedAt.
func (r *Reconciler) hashOrTemplateAnnotations(ctx context.Context, key client.ObjectKey) error {
	dep := &appsv1.Deployment{}
	_ = r.Get(ctx, key, dep)
	want := desired()
	if dep.Annotations[specHashKey] != specHash(want) || !sameLabels(dep.Spec.Template.Annotations, want.Spec.Template.Annotations) {
		dep.Spec.Template = want.Spec.Template // want `live Deployment's pod template replaced wholesale`
		return r.Update(ctx, dep)
	}
	return nil
}
