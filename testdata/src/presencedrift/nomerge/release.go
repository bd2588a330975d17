package nomerge

import (
	"context"
	"fmt"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

const activeKey = "example.com/active"

// Known false positive: the key's presence decides a patch that removes
// it (a merge patch setting the label to null), after which the check is
// stable. A deletion by a patch body built as text is not read, so the
// check is reported.
func (r *Reconciler) releaseActive(ctx context.Context, key client.ObjectKey) error {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, key, pod); err != nil {
		return err
	}
	if _, active := pod.Labels[activeKey]; active { // want `drift decided by presence of label key "example.com/active" on a live object; compare its value with the desired one`
		body := fmt.Sprintf(`{"metadata":{"labels":{%q:null}}}`, activeKey)
		return r.Patch(ctx, pod, client.RawPatch(types.MergePatchType, []byte(body)))
	}
	return nil
}
