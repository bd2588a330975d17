package a

import (
	"context"
	"reflect"
	"testing"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// A test asserts the exact pull secrets it expects: not a drift check.
func TestPullSecretsAfterUpdate(t *testing.T) {
	var c client.Client
	got := &corev1.Pod{}
	_ = c.Get(context.Background(), client.ObjectKey{Name: "x"}, got)
	if !reflect.DeepEqual([]corev1.LocalObjectReference{{Name: "s"}}, got.Spec.ImagePullSecrets) {
		t.Fatal("unexpected pull secrets")
	}
}

// A test that resets a live Pod's tolerations, directly and through a
// helper of the package, then updates it: a one-off in a test, not a
// reconcile that fights admission on every pass.
func TestResetTolerations(t *testing.T) {
	var c client.Client
	pod := &corev1.Pod{}
	_ = c.Get(context.Background(), client.ObjectKey{Name: "x"}, pod)
	pod.Spec.Tolerations = nil
	setTolerations(pod, []corev1.Toleration{{Key: "k"}})
	_ = c.Update(context.Background(), pod)
}
