//go:build go1.22

// Package oldgo is built at go1.22, before slices.Sorted: reported, no fix.
package oldgo

import corev1 "k8s.io/api/core/v1"

func env(c *corev1.Container, env map[string]string) {
	for k, v := range env { // want `range over map env feeds Container.Env in map order`
		c.Env = append(c.Env, corev1.EnvVar{Name: k, Value: v})
	}
}
