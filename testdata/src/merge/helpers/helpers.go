// Package helpers holds map merge helpers, preserving and not.
package helpers

import (
	"maps"
	"strings"
)

// MergeStringMaps returns every entry of both maps; defaults win.
func MergeStringMaps(defaults, overrides map[string]string) map[string]string { // want MergeStringMaps:`merge\(union=\[\[0 1\]\] into=\[\]\)`
	result := make(map[string]string)
	for k, v := range overrides {
		result[k] = v
	}
	for k, v := range defaults {
		result[k] = v
	}
	return result
}

// MergeAnnotations wraps MergeStringMaps, as real operators do.
func MergeAnnotations(desired, live map[string]string) map[string]string { // want MergeAnnotations:`merge\(union=\[\[0 1\]\] into=\[\]\)`
	return MergeStringMaps(desired, live)
}

// Overlay copies src into dst.
func Overlay(dst, src map[string]string) { // want Overlay:`merge\(union=\[\] into=\[\[0 1\]\]\)`
	for k, v := range src {
		dst[k] = v
	}
}

// CopyInto uses maps.Copy.
func CopyInto(dst, src map[string]string) { // want CopyInto:`merge\(union=\[\] into=\[\[0 1\]\]\)`
	maps.Copy(dst, src)
}

// KeepExisting adds missing keys only: it keeps every key too.
func KeepExisting(dst, src map[string]string) { // want KeepExisting:`merge\(union=\[\] into=\[\[0 1\]\]\)`
	for k, v := range src {
		if _, ok := dst[k]; !ok {
			dst[k] = v
		}
	}
}

// CloneThenOverlay clones one map and overlays the other.
func CloneThenOverlay(live, desired map[string]string) map[string]string { // want CloneThenOverlay:`merge\(union=\[\[0 1\]\] into=\[\]\)`
	if live == nil && desired == nil {
		return nil
	}
	out := maps.Clone(live)
	for k, v := range desired {
		out[k] = v
	}
	return out
}

const hashKey = "example.com/config-hash"

// PruneHash deletes one constant key: a preserving merge for every other.
func PruneHash(desired, live map[string]string) map[string]string { // want PruneHash:`merge\(union=\[\[0 1\]\] into=\[\] prunes=\["example.com/config-hash"\]\)`
	merged := MergeStringMaps(desired, live)
	if _, want := desired[hashKey]; !want {
		delete(merged, hashKey)
	}
	return merged
}

// Pruning deletes computed keys the desired map dropped: not preserving.
func Pruning(live, desired map[string]string, owned []string) map[string]string {
	out := MergeStringMaps(desired, live)
	for _, k := range owned {
		if _, want := desired[k]; !want {
			delete(out, k)
		}
	}
	return out
}

// Filtered copies only some keys: not a union of both maps.
func Filtered(live, desired map[string]string) map[string]string {
	out := map[string]string{}
	for k, v := range live {
		if strings.HasPrefix(k, "kubectl.kubernetes.io/") {
			out[k] = v
		}
	}
	for k, v := range desired {
		out[k] = v
	}
	return out
}

// Single takes one map: nothing to merge.
func Single(m map[string]string) map[string]string { return maps.Clone(m) }

// OverlayCounting copies src into dst and counts the keys as it goes:
// every key is still copied.
func OverlayCounting(dst, src map[string]string) int { // want OverlayCounting:`merge\(union=\[\] into=\[\[0 1\]\]\)`
	n := 0
	for k, v := range src {
		dst[k] = v
		n++
	}
	return n
}

// SkipEmpty leaves out the empty values: a filter, not a preserving merge.
func SkipEmpty(dst, src map[string]string) {
	for k, v := range src {
		if v == "" {
			continue
		}
		dst[k] = v
	}
}

// OrEmpty starts from a fresh map when the live one is nil: the union
// still holds both.
func OrEmpty(live, desired map[string]string) map[string]string { // want OrEmpty:`merge\(union=\[\[0 1\]\] into=\[\]\)`
	out := maps.Clone(live)
	if out == nil {
		out = map[string]string{}
	}
	for k, v := range desired {
		out[k] = v
	}
	return out
}
