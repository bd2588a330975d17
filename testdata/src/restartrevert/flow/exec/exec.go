// Package exec queues writes for a reconciler to make later: the object
// handed to QueueUpdate is sent with Update when the queue is flushed, so
// it must be the server's copy.
package exec

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Executor is what a reconciler holds; the implementation below is the
// only one in the module.
type Executor interface {
	QueueUpdate(obj client.Object)
	QueueCreate(obj client.Object)
	Flush(ctx context.Context) error
}

type queued struct {
	c   client.Client
	ops []func(context.Context) error
}

// New returns the module's Executor.
func New(c client.Client) Executor { return &queued{c: c} }

func (q *queued) QueueUpdate(obj client.Object) {
	q.ops = append(q.ops, func(ctx context.Context) error { return q.c.Update(ctx, obj) })
}

func (q *queued) QueueCreate(obj client.Object) {
	q.ops = append(q.ops, func(ctx context.Context) error { return q.c.Create(ctx, obj) })
}

func (q *queued) Flush(ctx context.Context) error {
	for _, op := range q.ops {
		if err := op(ctx); err != nil {
			return err
		}
	}
	q.ops = nil
	return nil
}
