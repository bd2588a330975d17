package prefix

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	meta "stalekey/metautil"
)

// Written unconditionally, but by another function than the one that
// builds this desired map: the owned-prefixes setting makes it owned.
func legacy(pod *corev1.Pod) { pod.Annotations["example.com/legacy"] = "1" }

func sync(ctx context.Context, c client.Client, live *corev1.Pod) error {
	desired := map[string]string{"team": "cache"}
	live.Annotations = meta.MergeAnnotations(desired, live.Annotations) // want `never deletes operator-owned key "example.com/legacy"`
	return c.Update(ctx, live)
}
