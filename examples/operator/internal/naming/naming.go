// Package naming builds names and flags for the example operator's
// workloads. It imports no Kubernetes package.
package naming

import "fmt"

// Flags renders the cache's settings as command-line flags.
func Flags(config map[string]string) []string {
	var flags []string
	for k, v := range config {
		flags = append(flags, fmt.Sprintf("--%s=%s", k, v))
	}
	return flags
}

// Headless is the name of the cache's headless Service.
func Headless(name string) string { return name + "-headless" }
