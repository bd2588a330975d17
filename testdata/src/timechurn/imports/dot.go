package imports

import (
	"context"

	. "k8s.io/apimachinery/pkg/apis/meta/v1"
	crclient "sigs.k8s.io/controller-runtime/pkg/client"

	"timechurn/a"
)

func dotted(ctx context.Context, c crclient.Client, w *a.Widget) error {
	w.Status.Conditions = []Condition{{Type: "Synced", LastTransitionTime: Now()}} // want `condition "Synced" gets LastTransitionTime = metav1.Now\(\) on every reconcile and Patch sends it`
	return c.Patch(ctx, w, crclient.MergeFrom(w))
}
