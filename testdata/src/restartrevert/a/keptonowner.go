package a

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
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
