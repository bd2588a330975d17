package fix

import (
	"context"
	"reflect"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	eq "k8s.io/apimachinery/pkg/api/equality"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// equality is already imported under another name, which the fix uses;
// reflect, now unused, goes.
func syncThree(ctx context.Context, c client.Client, key client.ObjectKey, res corev1.ResourceRequirements) error {
	live := &appsv1.Deployment{}
	if err := c.Get(ctx, key, live); err != nil {
		return err
	}
	if eq.Semantic.DeepEqual(live.Spec.Template.Spec.Containers[0].Env, nil) {
		return nil
	}
	want := withResources(res)
	if !reflect.DeepEqual(live.Spec.Template.Spec.Containers[0].Resources, want.Spec.Template.Spec.Containers[0].Resources) { // want `compared with reflect.DeepEqual: the API server returns quantities in canonical form`
		live.Spec.Template.Spec.Containers[0].Resources = res
		return c.Update(ctx, live)
	}
	return nil
}
