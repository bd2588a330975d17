// Package restartutil carries kubectl's restart annotation from a live
// template into a desired one, for controllers in other packages.
package restartutil

import (
	"maps"
	"strings"
)

// RestartedAtKey is written by `kubectl rollout restart`.
const RestartedAtKey = "kubectl.kubernetes.io/restartedAt"

// KeepRestartedAt returns desired with the live restartedAt value, if any.
func KeepRestartedAt(desired, live map[string]string) map[string]string { // want KeepRestartedAt:"carries restartedAt"
	v, ok := live[RestartedAtKey]
	if !ok {
		return desired
	}
	out := maps.Clone(desired)
	if out == nil {
		out = map[string]string{}
	}
	out[RestartedAtKey] = v
	return out
}

// KeepKubectlKeys copies every kubectl.kubernetes.io/ key of live into desired.
func KeepKubectlKeys(desired, live map[string]string) { // want KeepKubectlKeys:"carries restartedAt"
	for k, v := range live {
		if strings.HasPrefix(k, "kubectl.kubernetes.io/") {
			desired[k] = v
		}
	}
}

// Stamp writes the annotation to force a restart: a write, not a carry-over.
func Stamp(annotations map[string]string, now string) {
	annotations[RestartedAtKey] = now
}
