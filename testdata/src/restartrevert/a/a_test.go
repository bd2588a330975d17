package a

import (
	"context"
	"reflect"
	"testing"

	appsv1 "k8s.io/api/apps/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// A test asserts the exact annotations it expects after an update: that
// is not a drift check.
func TestAnnotationsAfterUpdate(t *testing.T) {
	var c client.Client
	got := &appsv1.Deployment{}
	_ = c.Get(context.Background(), client.ObjectKey{Name: "x"}, got)
	if !reflect.DeepEqual(map[string]string{"a": "b"}, got.Spec.Template.Annotations) {
		t.Fatal("unexpected annotations")
	}
}
