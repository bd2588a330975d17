package sorting

import (
	"sort"

	xmaps "golang.org/x/exp/maps"
	corev1 "k8s.io/api/core/v1"
)

// RIGHT: the keys are sorted by sort.Slice, whose less function captures
// the slice (so it lives in memory, not in a register), before the loop
// that walks them.
func volumesFromSortedKeys(spec *corev1.PodSpec, claims map[string]string) {
	keys := xmaps.Keys(claims)
	sort.Slice(keys, func(i, j int) bool { return keys[i] < keys[j] })
	var vols []corev1.Volume
	for _, k := range keys {
		vols = append(vols, corev1.Volume{Name: k + "-" + claims[k]})
	}
	spec.Volumes = vols
}

// WRONG: the same loop before the sort.
func volumesBeforeSort(spec *corev1.PodSpec, claims map[string]string) {
	keys := xmaps.Keys(claims) // want `xmaps.Keys\(claims\) is in map order and feeds PodSpec.Volumes; sort it first`
	var vols []corev1.Volume
	for _, k := range keys {
		vols = append(vols, corev1.Volume{Name: k + "-" + claims[k]})
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i] < keys[j] })
	spec.Volumes = vols
}
