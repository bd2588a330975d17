// Package apply wraps apply configuration builders.
package apply

import ac "k8s.io/client-go/applyconfigurations/core/v1"

// Configure puts env on the container.
func Configure(c *ac.ContainerApplyConfiguration, env []*ac.EnvVarApplyConfiguration) *ac.ContainerApplyConfiguration { // want Configure:`maporder\(param 1 reaches ContainerApplyConfiguration.WithEnv \(apply.go:8\)\)`
	return c.WithEnv(env...)
}
