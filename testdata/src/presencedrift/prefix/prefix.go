// Package prefix: whether a merge keeps a key can hang on the
// owned-prefixes setting, which stalekey and presencedrift share.
package prefix

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	meta "stalekey/metautil"
)

const legacyKey = "example.com/legacy"

// The key is written only sometimes, but by another function than the one
// that builds the merged map: only the prefix makes it operator-owned there.
func markLegacy(pod *corev1.Pod, on bool) {
	if on {
		pod.Annotations[legacyKey] = "1"
	}
}

func legacyChanged(live *corev1.Pod) bool {
	_, had := live.Annotations[legacyKey] // want `presence of annotation key "example.com/legacy" on a live object, and a merge keeps the key`
	return had
}

func sync(ctx context.Context, c client.Client, live *corev1.Pod) error {
	if !legacyChanged(live) {
		return nil
	}
	desired := map[string]string{"team": "cache"}
	live.Annotations = meta.MergeAnnotations(desired, live.Annotations)
	return c.Update(ctx, live)
}
