package sorting

import (
	"sort"
	"strings"

	corev1 "k8s.io/api/core/v1"

	"maporder/sorting/argsbuild"
)

// RIGHT: sorted as soon as the extra flags are in; a helper that only
// appends after that keeps the order.
func sortedThenAppended(c *corev1.Container, extra map[string]string, key string, offline bool) { // want sortedThenAppended:`maporder\(param 2 reaches Container.Args \(thenhelper.go:\d+\)\)`
	args := argsbuild.WithExtra([]string{"--port=80"}, extra)
	sort.Strings(args)
	args = argsbuild.WithLicense(args, key)
	if offline {
		for i, a := range args {
			if strings.HasPrefix(a, "--offline=") {
				args[i] = "--offline"
			}
		}
	}
	args = append(args, "--watch")
	c.Args = args
}

// Not sorted: the extra flags go out in the map's order.
func appendedUnsorted(c *corev1.Container, extra map[string]string, key string) { // want appendedUnsorted:`maporder\(param 2 reaches Container.Args \(thenhelper.go:\d+\)\)`
	args := argsbuild.WithExtra([]string{"--port=80"}, extra) // want `argsbuild.WithExtra returns values in the order of map extra`
	args = argsbuild.WithLicense(args, key)
	c.Args = args
}
