// Package imports: the Kubernetes packages under unusual names.
package imports

import (
	kcore "k8s.io/api/core/v1"
)

func envAlias(c *kcore.Container, env map[string]string) {
	for k, v := range env { // want `range over map env feeds Container.Env in map order`
		c.Env = append(c.Env, kcore.EnvVar{Name: k, Value: v})
	}
}
