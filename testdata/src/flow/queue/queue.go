// Package queue holds an executor that writes later what it is queued,
// and helpers whose destinations reach their callers as facts.
package queue

import (
	"context"
	"encoding/json"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Executor queues writes.
type Executor interface {
	QueueUpdate(obj client.Object)
}

type executor struct {
	c   client.Client
	ops []func(context.Context) error
}

// New returns the module's Executor.
func New(c client.Client) Executor { return &executor{c: c} }

func (e *executor) QueueUpdate(obj client.Object) { // want QueueUpdate:`sends\[\{0 written\}\]`
	e.ops = append(e.ops, func(ctx context.Context) error { return e.c.Update(ctx, obj) })
}

// Dump prints an object for a user: exported, never sent.
func Dump(obj any) []byte { // want Dump:`sends\[\{0 exported\}\]`
	b, _ := json.Marshal(obj)
	return b
}
