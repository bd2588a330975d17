package fix

import (
	"context"
	"reflect"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// reflect is used elsewhere in the file: it stays, and equality is added.
func syncTwo(ctx context.Context, c client.Client, key client.ObjectKey, res corev1.ResourceRequirements) error {
	live := &appsv1.Deployment{}
	if err := c.Get(ctx, key, live); err != nil {
		return err
	}
	want := withResources(res)
	if reflect.TypeOf(live) == nil {
		return nil
	}
	if !reflect.DeepEqual(live.Spec.Template.Spec.Containers[0].Resources, want.Spec.Template.Spec.Containers[0].Resources) { // want `compared with reflect.DeepEqual: the API server returns quantities in canonical form`
		live.Spec.Template.Spec.Containers[0].Resources = res
		return c.Update(ctx, live)
	}
	return nil
}
