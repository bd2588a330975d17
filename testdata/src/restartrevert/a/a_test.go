package a

import (
	"context"
	"maps"
	"testing"

	appsv1 "k8s.io/api/apps/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// A subtest compares the template annotations it expects after an update
// exactly: an assertion in a test, not a drift check.
func TestRolloutAnnotations(t *testing.T) {
	for _, want := range []map[string]string{{"a": "b"}, nil} {
		t.Run("annotations", func(t *testing.T) {
			var c client.Client
			dep := &appsv1.Deployment{}
			if err := c.Get(context.Background(), client.ObjectKey{Name: "x"}, dep); err != nil {
				t.Skip(err)
			}
			if !maps.Equal(dep.Spec.Template.Annotations, want) {
				t.Errorf("annotations = %v, want %v", dep.Spec.Template.Annotations, want)
			}
		})
	}
}

// A test that puts a live Deployment back to a known template and updates
// it: a one-off reset in a test, not a reconcile that undoes restarts.
func TestResetTemplate(t *testing.T) {
	var c client.Client
	dep := &appsv1.Deployment{}
	_ = c.Get(context.Background(), client.ObjectKey{Name: "x"}, dep)
	dep.Spec.Template.Annotations = map[string]string{"a": "b"}
	_ = c.Update(context.Background(), dep)
}
