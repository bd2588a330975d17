package imports

import (
	"context"

	. "k8s.io/api/apps/v1"
	. "k8s.io/apimachinery/pkg/labels"
	cr "sigs.k8s.io/controller-runtime/pkg/client"
	cu "sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// Dot imports of the object's package and of labels.Merge, inside a
// mutate function of an unusually named controllerutil.
func dotMerge(ctx context.Context, c cr.Client, trace bool) error {
	sts := &StatefulSet{}
	_, err := cu.CreateOrUpdate(ctx, c, sts, func() error {
		want := Set{}
		if trace {
			want["example.com/trace"] = "1"
		}
		sts.Labels = Merge(sts.Labels, want) // want `merge into the live StatefulSet labels never deletes operator-owned key "example.com/trace"`
		return nil
	})
	return err
}
