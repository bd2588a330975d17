// Package lookalike has names like the clock's that are not the clock, and
// a generated file.
package lookalike

import (
	"context"

	mv1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"timechurn/a"
)

// clock is the operator's own fake clock.
type clock struct{}

func (clock) Now() mv1.Time { return mv1.Time{} }

// Now is a local function of the same name as metav1's.
func Now() mv1.Time { return mv1.Time{} }

func fixedClock(ctx context.Context, c client.Client, w *a.Widget) error {
	w.Status.LastUpdated = Now()
	w.Status.LastUpdated = clock{}.Now()
	return c.Status().Update(ctx, w)
}
