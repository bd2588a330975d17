// Package metautil holds metadata merge helpers used by controllers in
// other packages.
package metautil

import "maps"

// MergeStringMaps returns all entries of both maps; defaults win.
func MergeStringMaps(defaults, overrides map[string]string) map[string]string {
	out := make(map[string]string, len(defaults)+len(overrides))
	maps.Copy(out, overrides)
	maps.Copy(out, defaults)
	return out
}

// MergeAnnotations overlays desired annotations on the live ones.
func MergeAnnotations(desired, live map[string]string) map[string]string {
	return MergeStringMaps(desired, live)
}

// MergeWithoutHash merges, then drops the config hash when not desired.
func MergeWithoutHash(desired, live map[string]string) map[string]string {
	merged := MergeStringMaps(desired, live)
	if _, ok := desired["example.com/config-hash"]; !ok {
		delete(merged, "example.com/config-hash")
	}
	return merged
}
