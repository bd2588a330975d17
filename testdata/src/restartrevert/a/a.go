package a

import (
	"context"
	"maps"
	"reflect"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/equality"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"restartrevert/restartutil"
)

type Reconciler struct {
	client.Client
}

func desiredDeployment(name string) *appsv1.Deployment {
	dep := &appsv1.Deployment{}
	dep.Name = name
	dep.Spec.Template.Annotations = map[string]string{"config-hash": "abc"} // a new object: fine
	return dep
}

// The seed's shape: Get, rebuild the template from the desired one, Update.
func (r *Reconciler) getThenUpdate(ctx context.Context, key client.ObjectKey) error {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		return err
	}
	desired := desiredDeployment(key.Name)
	if !maps.Equal(dep.Spec.Template.Annotations, desired.Spec.Template.Annotations) { // want `drift check compares the live Deployment's pod template annotations strictly: a restart reads as drift and will be undone`
		dep.Spec.Template = desired.Spec.Template // want `live Deployment's pod template replaced wholesale, dropping restartedAt: .kubectl rollout restart. will be undone`
		return r.Update(ctx, dep)
	}
	return nil
}

// CreateOrUpdate's mutate function sees the server's copy.
func (r *Reconciler) mutate(ctx context.Context, name string) error {
	sts := &appsv1.StatefulSet{}
	sts.Name = name
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, sts, func() error {
		sts.Spec.Template.Annotations = map[string]string{"config-hash": "abc"} // want `live StatefulSet's pod template annotations replaced wholesale`
		return nil
	})
	return err
}

// The whole spec, written back with a merge patch.
func (r *Reconciler) wholeSpec(ctx context.Context, key client.ObjectKey) error {
	ds := &appsv1.DaemonSet{}
	if err := r.Get(ctx, key, ds); err != nil {
		return err
	}
	patch := client.MergeFrom(ds.DeepCopy())
	ds.Spec = appsv1.DaemonSetSpec{Template: corev1.PodTemplateSpec{}} // want `live DaemonSet's spec replaced wholesale`
	return r.Patch(ctx, ds, patch)
}

// Carried over through a helper in another package: silent.
func (r *Reconciler) carried(ctx context.Context, key client.ObjectKey) error { // want carried:"carries restartedAt"
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		return err
	}
	desired := desiredDeployment(key.Name)
	desired.Spec.Template.Annotations = restartutil.KeepRestartedAt(desired.Spec.Template.Annotations, dep.Spec.Template.Annotations)
	dep.Spec.Template = desired.Spec.Template
	return r.Update(ctx, dep)
}

// Carried over inline, every kubectl key: silent.
func (r *Reconciler) carriedInline(ctx context.Context, key client.ObjectKey) error { // want carriedInline:"carries restartedAt"
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		return err
	}
	desired := desiredDeployment(key.Name)
	if v, ok := dep.Spec.Template.Annotations[restartutil.RestartedAtKey]; ok {
		desired.Spec.Template.Annotations[restartutil.RestartedAtKey] = v
	}
	dep.Spec.Template.ObjectMeta = desired.Spec.Template.ObjectMeta
	return r.Update(ctx, dep)
}

// Writing the key to force a restart is not a carry-over.
func (r *Reconciler) stampThenReplace(ctx context.Context, key client.ObjectKey, now string) error {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		return err
	}
	desired := desiredDeployment(key.Name)
	restartutil.Stamp(desired.Spec.Template.Annotations, now)
	dep.Spec.Template = desired.Spec.Template // want `live Deployment's pod template replaced wholesale`
	return r.Update(ctx, dep)
}

// Merges and nil fills keep the live annotations: silent.
func (r *Reconciler) merges(ctx context.Context, key client.ObjectKey) error {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		return err
	}
	if dep.Spec.Template.Annotations == nil {
		dep.Spec.Template.Annotations = map[string]string{}
	}
	dep.Spec.Template.Annotations["config-hash"] = "abc"
	dep.Spec.Template.Annotations = mergeMaps(dep.Spec.Template.Annotations, map[string]string{"a": "b"})
	return r.Update(ctx, dep)
}

func mergeMaps(dst, src map[string]string) map[string]string {
	maps.Copy(dst, src)
	return dst
}

// A subset check is correct: silent. Strict checks are not.
func (r *Reconciler) checks(ctx context.Context, key client.ObjectKey) (bool, error) {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		return false, err
	}
	desired := desiredDeployment(key.Name)
	for k, v := range desired.Spec.Template.Annotations {
		if dep.Spec.Template.Annotations[k] != v {
			return true, nil
		}
	}
	for k, v := range dep.Spec.Template.Annotations { // want `drift check requires every key of the live Deployment's pod template annotations to be desired`
		if desired.Spec.Template.Annotations[k] != v {
			return true, nil
		}
	}
	if !equality.Semantic.DeepEqual(desired.Spec.Template.ObjectMeta, dep.Spec.Template.ObjectMeta) { // want `drift check compares the live Deployment's pod template metadata strictly`
		return true, nil
	}
	return !reflect.DeepEqual(dep.Spec.Template.Labels, desired.Spec.Template.Labels), nil // labels: kubectl does not write them
}

// Two workloads' template annotations, whichever is live.
func templatesDiffer(a, b *appsv1.Deployment) bool {
	return !maps.Equal(a.Spec.Template.Annotations, b.Spec.Template.Annotations) // want `drift check compares the live Deployment's pod template annotations strictly`
}

// A desired-into-live merge helper.
func copyTemplate(dst, src *appsv1.StatefulSet) {
	dst.Spec.Template = src.Spec.Template // want `merge into the live StatefulSet replaces its pod template wholesale, dropping restartedAt`
}

// New workloads given another's template: built here, whatever statement
// allocates them, not merged into: silent.
func cloneStatefulSet(src *appsv1.StatefulSet) *appsv1.StatefulSet {
	var dst *appsv1.StatefulSet
	dst = &appsv1.StatefulSet{}
	dst.Spec.Template = src.Spec.Template
	return dst
}

func cloneStatefulSetValue(src *appsv1.StatefulSet) *appsv1.StatefulSet {
	var dst appsv1.StatefulSet
	dst.Spec.Template = src.Spec.Template
	return &dst
}

// Server-side apply sends a desired object: silent.
func (r *Reconciler) apply(ctx context.Context, name string) error {
	dep := desiredDeployment(name)
	dep.Spec.Template = corev1.PodTemplateSpec{}
	return r.Patch(ctx, dep, client.Apply, client.ForceOwnership)
}

// A new object being created: silent.
func (r *Reconciler) create(ctx context.Context, name string) error {
	dep := &appsv1.Deployment{}
	dep.Spec.Template = corev1.PodTemplateSpec{}
	src := desiredDeployment(name)
	dep.Spec.Template = src.Spec.Template
	return r.Create(ctx, dep)
}

// A template taken from a live workload.
func (r *Reconciler) viaTemplate(ctx context.Context, key client.ObjectKey) error {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		return err
	}
	tmpl := &dep.Spec.Template
	tmpl.Annotations = map[string]string{} // want `live workload's pod template annotations replaced wholesale`
	return r.Update(ctx, dep)
}

// Template variables that are not taken from a live workload: parsing a
// user-supplied template and keeping the result replaces nothing.
func parseUserTemplate(raw []byte) *corev1.PodTemplateSpec {
	var user *corev1.PodTemplateSpec
	if parsed := parse(raw); parsed != nil {
		user = parsed
	}
	return user
}

func parse([]byte) *corev1.PodTemplateSpec { return nil }

// A carry-over helper called after the replacement is too late: reported.
func (r *Reconciler) carriedTooLate(ctx context.Context, key client.ObjectKey) error { // want carriedTooLate:"carries restartedAt"
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		return err
	}
	desired := desiredDeployment(key.Name)
	dep.Spec.Template = desired.Spec.Template // want `live Deployment's pod template replaced wholesale`
	desired.Spec.Template.Annotations = restartutil.KeepRestartedAt(desired.Spec.Template.Annotations, dep.Spec.Template.Annotations)
	return r.Update(ctx, dep)
}

// Known false negative (documented under Limits): reading the key for
// another purpose (here, logging when the last restart was) counts as a
// carry-over, although the value never reaches the desired template.
func (r *Reconciler) keyReadForLogging(ctx context.Context, key client.ObjectKey, log func(string)) error { // want keyReadForLogging:"carries restartedAt"
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		return err
	}
	log(dep.Spec.Template.Annotations[restartutil.RestartedAtKey])
	desired := desiredDeployment(key.Name)
	dep.Spec.Template = desired.Spec.Template
	return r.Update(ctx, dep)
}
