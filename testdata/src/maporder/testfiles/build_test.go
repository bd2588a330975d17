package testfiles

import (
	"testing"

	corev1 "k8s.io/api/core/v1"
)

func TestEnv(t *testing.T) {
	want := map[string]string{"A": "1", "B": "2"}
	var expected corev1.Container
	for k, v := range want {
		expected.Env = append(expected.Env, corev1.EnvVar{Name: k, Value: v})
	}
	_ = expected
}
