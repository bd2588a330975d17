// Package testfiles: map order in a test builds an expected object, which
// is compared, never sent to a cluster.
package testfiles

import corev1 "k8s.io/api/core/v1"

func envOf(c *corev1.Container, env map[string]string) {
	for k, v := range env { // want `range over map env feeds Container.Env in map order`
		c.Env = append(c.Env, corev1.EnvVar{Name: k, Value: v})
	}
}
