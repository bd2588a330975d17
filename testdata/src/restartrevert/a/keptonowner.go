package a

import (
	"context"
	"maps"

	appsv1 "k8s.io/api/apps/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

func statefulSetSpec() appsv1.StatefulSetSpec {
	var spec appsv1.StatefulSetSpec
	spec.Template.Annotations = map[string]string{"config-hash": "abc"}
	return spec
}

// The operator records the last restart on its own resource and writes it
// back after replacing the spec: the live object now shares the new spec's
// annotations map, so the key it writes there is carried over.
func (r *Reconciler) restartKeptOnOwner(ctx context.Context, key client.ObjectKey, lastRestart string) error {
	sts := &appsv1.StatefulSet{}
	if err := r.Get(ctx, key, sts); err != nil {
		return err
	}
	spec := statefulSetSpec()
	sts.Spec = spec
	if lastRestart != "" {
		spec.Template.Annotations["kubectl.kubernetes.io/restartedAt"] = lastRestart
	}
	return r.Update(ctx, sts)
}

// The same key written afterwards into another object's template carries
// nothing over to this one.
func (r *Reconciler) restartWrittenElsewhere(ctx context.Context, key client.ObjectKey, other *appsv1.StatefulSet, lastRestart string) error {
	sts := &appsv1.StatefulSet{}
	if err := r.Get(ctx, key, sts); err != nil {
		return err
	}
	sts.Spec = statefulSetSpec() // want `live StatefulSet's spec replaced wholesale`
	other.Spec.Template.Annotations["kubectl.kubernetes.io/restartedAt"] = lastRestart
	return r.Update(ctx, sts)
}

// The key written back through a local that holds the live template's
// annotations map, after the replacement.
func (r *Reconciler) restartThroughMapLocal(ctx context.Context, key client.ObjectKey, lastRestart string) error {
	sts := &appsv1.StatefulSet{}
	if err := r.Get(ctx, key, sts); err != nil {
		return err
	}
	sts.Spec = statefulSetSpec()
	ann := sts.Spec.Template.Annotations
	ann["kubectl.kubernetes.io/restartedAt"] = lastRestart
	return r.Update(ctx, sts)
}

// The same through a pointer to the new template.
func (r *Reconciler) restartThroughTemplatePointer(ctx context.Context, key client.ObjectKey, lastRestart string) error {
	sts := &appsv1.StatefulSet{}
	if err := r.Get(ctx, key, sts); err != nil {
		return err
	}
	sts.Spec = statefulSetSpec()
	tmpl := &sts.Spec.Template
	tmpl.Annotations["kubectl.kubernetes.io/restartedAt"] = lastRestart
	return r.Update(ctx, sts)
}

// The same with apimachinery's annotation helper.
func (r *Reconciler) restartWithHelper(ctx context.Context, key client.ObjectKey, lastRestart string) error { // want restartWithHelper:"carries restartedAt"
	sts := &appsv1.StatefulSet{}
	if err := r.Get(ctx, key, sts); err != nil {
		return err
	}
	sts.Spec = statefulSetSpec()
	metav1.SetMetaDataAnnotation(&sts.Spec.Template.ObjectMeta, "kubectl.kubernetes.io/restartedAt", lastRestart)
	return r.Update(ctx, sts)
}

// The key is written only on the path that does not replace the spec:
// the replacement returns first.
func (r *Reconciler) restartWrittenOnOtherPath(ctx context.Context, key client.ObjectKey, lastRestart string) error {
	sts := &appsv1.StatefulSet{}
	if err := r.Get(ctx, key, sts); err != nil {
		return err
	}
	if lastRestart == "" {
		sts.Spec = statefulSetSpec() // want `live StatefulSet's spec replaced wholesale`
		return r.Update(ctx, sts)
	}
	sts.Spec.Template.Annotations["kubectl.kubernetes.io/restartedAt"] = lastRestart
	return r.Update(ctx, sts)
}

// Written into a clone of the annotations, which the live object does not
// hold.
func (r *Reconciler) restartWrittenIntoClone(ctx context.Context, key client.ObjectKey, lastRestart string) error {
	sts := &appsv1.StatefulSet{}
	if err := r.Get(ctx, key, sts); err != nil {
		return err
	}
	sts.Spec = statefulSetSpec() // want `live StatefulSet's spec replaced wholesale`
	ann := maps.Clone(sts.Spec.Template.Annotations)
	ann["kubectl.kubernetes.io/restartedAt"] = lastRestart
	r.remember(ann)
	return r.Update(ctx, sts)
}

func (r *Reconciler) remember(map[string]string) {}
