package fix

import (
	"context"
	"reflect"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Two findings are the file's only uses of reflect: each fix alone would
// keep the import, both together would leave it unused, so none is
// offered.
func syncFour(ctx context.Context, c client.Client, key client.ObjectKey, res corev1.ResourceRequirements) error {
	live := &appsv1.Deployment{}
	if err := c.Get(ctx, key, live); err != nil {
		return err
	}
	want := withResources(res)
	if !reflect.DeepEqual(live.Spec.Template.Spec.Containers[0].Resources.Limits, want.Spec.Template.Spec.Containers[0].Resources.Limits) { // want `compared with reflect.DeepEqual: the API server returns quantities in canonical form`
		return c.Update(ctx, live)
	}
	if !reflect.DeepEqual(live.Spec.Template.Spec.Containers[0].Resources.Requests, want.Spec.Template.Spec.Containers[0].Resources.Requests) { // want `compared with reflect.DeepEqual: the API server returns quantities in canonical form`
		return c.Update(ctx, live)
	}
	return nil
}
