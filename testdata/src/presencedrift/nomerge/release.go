package nomerge

import (
	"context"
	"fmt"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

const activeKey = "example.com/active"

// RIGHT: the key's presence decides a patch that removes it (a merge
// patch, written as text, setting the label to null): once it is gone the
// check is stable.
func (r *Reconciler) releaseActive(ctx context.Context, key client.ObjectKey) error {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, key, pod); err != nil {
		return err
	}
	if _, active := pod.Labels[activeKey]; active {
		body := fmt.Sprintf(`{"metadata":{%q:{%q:null}}}`, "labels", activeKey)
		return r.Patch(ctx, pod, client.RawPatch(types.MergePatchType, []byte(body)))
	}
	return nil
}

const drainKey = "example.com/drain"

// RIGHT: the same with a JSON patch's remove operation, the key's slash
// escaped as a JSON pointer wants it.
func (r *Reconciler) releaseDrain(ctx context.Context, key client.ObjectKey) error {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, key, pod); err != nil {
		return err
	}
	if _, drain := pod.Labels[drainKey]; drain {
		body := `[{"op":"remove","path":"/metadata/labels/example.com~1drain"}]`
		return r.Patch(ctx, pod, client.RawPatch(types.JSONPatchType, []byte(body)))
	}
	return nil
}

const holdKey = "example.com/hold"

// A patch written as text that sets the label to a value does not remove
// it: the presence check fires again on the next reconcile.
func (r *Reconciler) markHeld(ctx context.Context, key client.ObjectKey) error {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, key, pod); err != nil {
		return err
	}
	if _, held := pod.Labels[holdKey]; held { // want `drift decided by presence of label key "example.com/hold" on a live object; compare its value with the desired one`
		body := fmt.Sprintf(`{"metadata":{"labels":{%q:"true"}}}`, holdKey)
		return r.Patch(ctx, pod, client.RawPatch(types.MergePatchType, []byte(body)))
	}
	return nil
}
