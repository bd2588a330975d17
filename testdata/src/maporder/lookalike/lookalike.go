// Package lookalike declares types named like Kubernetes ones: they are
// not API types, and their lists in map order are nobody's drift.
package lookalike

type EnvVar struct{ Name, Value string }

type Container struct{ Env []EnvVar }

func env(c *Container, env map[string]string) {
	for k, v := range env {
		c.Env = append(c.Env, EnvVar{Name: k, Value: v})
	}
}
