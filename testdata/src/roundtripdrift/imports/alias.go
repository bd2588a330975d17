// Package imports renames the packages roundtripdrift recognises: the
// findings do not depend on the names a file gives them.
package imports

import (
	"context"
	refl "reflect"

	k8sapps "k8s.io/api/apps/v1"
	core "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime/pkg/client"
)

func buildWorker(res core.ResourceRequirements) *k8sapps.Deployment {
	return &k8sapps.Deployment{
		ObjectMeta: metav1.ObjectMeta{Name: "worker"},
		Spec: k8sapps.DeploymentSpec{Template: core.PodTemplateSpec{Spec: core.PodSpec{
			Containers: []core.Container{{Name: "worker", Resources: res}},
		}}},
	}
}

func syncWorker(ctx context.Context, c ctrl.Client, key ctrl.ObjectKey, res core.ResourceRequirements) error {
	live := &k8sapps.Deployment{}
	if err := c.Get(ctx, key, live); err != nil {
		return err
	}
	want := buildWorker(res)
	if !refl.DeepEqual(live.Spec.Template.Spec.Containers[0].Resources, want.Spec.Template.Spec.Containers[0].Resources) { // want `live Deployment's Spec.Template.Spec.Containers\[\].Resources compared with reflect.DeepEqual: the API server returns quantities in canonical form`
		live.Spec.Template.Spec.Containers[0].Resources = res
		return c.Update(ctx, live)
	}
	return nil
}
