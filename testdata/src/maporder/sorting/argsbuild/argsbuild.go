// Package argsbuild builds command lines for the containers the
// controllers render.
package argsbuild

import "fmt"

// WithExtra returns base followed by the extra flags, in the map's order.
func WithExtra(base []string, extra map[string]string) []string { // want WithExtra:`maporder\(result 0 in order of map extra \(argsbuild.go:\d+\); param 0 reaches result 0\)`
	for k, v := range extra {
		base = append(base, fmt.Sprintf("--%s=%s", k, v))
	}
	return base
}

// WithLicense appends the license flag when there is a key.
func WithLicense(args []string, key string) []string { // want WithLicense:`maporder\(param 0 reaches result 0; param 1 reaches result 0\)`
	if key != "" {
		args = append(args, "--license="+key)
	}
	return args
}
