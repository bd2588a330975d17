package imports

import (
	. "k8s.io/api/core/v1"
)

func envDot(c *Container, env map[string]string) {
	for k, v := range env { // want `range over map env feeds Container.Env in map order`
		c.Env = append(c.Env, EnvVar{Name: k, Value: v})
	}
}
