// Package imports reaches the clock and the client under unusual names.
package imports

import (
	"context"
	gotime "time"

	mv1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	crclient "sigs.k8s.io/controller-runtime/pkg/client"

	"timechurn/a"
)

func aliased(ctx context.Context, c crclient.Client, w *a.Widget) error {
	w.Status.LastUpdated = mv1.NewTime(gotime.Now()) // want `w.Status.LastUpdated gets time.Now\(\) on every reconcile and Status\(\).Update sends it`
	return c.Status().Update(ctx, w)
}
