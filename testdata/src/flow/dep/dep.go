// Package dep holds helpers that another package calls with its objects;
// what they do with them reaches the callers as facts.
package dep

import (
	"context"
	"errors"

	appsv1 "k8s.io/api/apps/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Fetch reads into the object it is given.
func Fetch(ctx context.Context, c client.Client, key client.ObjectKey, obj client.Object) error { // want Fetch:`flow\[\{3 read with Get or List\}\]\[\]`
	return c.Get(ctx, key, obj)
}

// Current returns the server's Deployment.
func Current(ctx context.Context, c client.Client, key client.ObjectKey) (*appsv1.Deployment, error) { // want Current:`flow\[\]\[\{0 read with Get or List\}\]`
	dep := &appsv1.Deployment{}
	err := c.Get(ctx, key, dep)
	return dep, err
}

// Save writes back what it is given, through a closure run later.
func Save[T client.Object](c client.Client, obj T) func(context.Context) error { // want Save:`flow\[\{1 written back with Update or Patch\}\]\[\]`
	return func(ctx context.Context) error { return c.Update(ctx, obj) }
}

// Build makes a new object: nothing to say.
func Build(name string) *appsv1.Deployment {
	dep := &appsv1.Deployment{}
	dep.Name = name
	return dep
}

// Sink is implemented below; its Put updates.
type Sink interface {
	Put(ctx context.Context, obj client.Object) error
}

type updater struct{ c client.Client }

// NewSink returns the package's Sink.
func NewSink(c client.Client) Sink { return updater{c} }

func (u updater) Put(ctx context.Context, obj client.Object) error { // want Put:`flow\[\{1 written back with Update or Patch\}\]\[\]`
	return u.c.Update(ctx, obj)
}

// Mutate reads obj and hands it to f.
func Mutate(ctx context.Context, c client.Client, key client.ObjectKey, obj client.Object, f func(client.Object)) error { // want Mutate:`calls\[\{4 0 3 read with Get or List\}\]\[\]`
	if err := c.Get(ctx, key, obj); err != nil {
		return err
	}
	f(obj)
	return nil
}

// Pick returns what pick takes out of list.
func Pick[L any, T any](list L, pick func(L) T) T { // want Pick:`calls\[\{1 0 0 not live\}\]\[\{0 1 0\}\]`
	return pick(list)
}

// Each hands obj to f. What obj is depends on the caller: this package's
// own call below passes a live object, which says nothing of others.
func Each[T any](obj T, f func(T)) { // want Each:`calls\[\{1 0 0 not live\}\]\[\]`
	f(obj)
}

func eachLive(ctx context.Context, c client.Client, key client.ObjectKey) {
	dep := &appsv1.Deployment{}
	_ = c.Get(ctx, key, dep)
	Each(dep, func(*appsv1.Deployment) {})
}

// Params describes an object to a framework: the live copy is read into
// Live, and the callbacks decide and make the update.
type Params struct {
	Client      client.Client
	Key         client.ObjectKey
	Live        client.Object
	NeedsUpdate func() bool
	Update      func()
}

// Reconcile reads into p.Live and updates it when p.NeedsUpdate says so.
func Reconcile(ctx context.Context, p Params) error { // want Reconcile:`flow\[\{1.Live read with Get or List\}\]\[\] sends\[\{0 written\} \{1 written\}\] writes gates\[\{\{1 Update\} \{1 NeedsUpdate\} true\}\]\[\{1 NeedsUpdate\}\]`
	if err := p.Client.Get(ctx, p.Key, p.Live); err != nil {
		return err
	}
	if !p.NeedsUpdate() {
		return nil
	}
	p.Update()
	return p.Client.Update(ctx, p.Live)
}

// ArgsParams hands SetArgs the object and a callback building its
// container's arguments.
type ArgsParams struct {
	Client   client.Client
	Object   *appsv1.Deployment
	Args     func() []string
	Describe func() []string
}

// SetArgs writes the arguments the callback returns into the object's
// first container and updates it; what Describe returns goes to an
// unknown place.
func SetArgs(ctx context.Context, p ArgsParams, sink func([]string)) error { // want SetArgs:`flow\[\{1.Object written back with Update or Patch\}\]\[\] sends\[\{0 written\} \{1 written\}\] writes hooks\[\{\{1 Args\} written\}\]`
	p.Object.Spec.Template.Spec.Containers[0].Args = p.Args()
	sink(p.Describe())
	return p.Client.Update(ctx, p.Object)
}

// Send patches obj with the patch its caller gives: obj is written back
// where that patch sends its content, not where it applies it.
func Send(ctx context.Context, c client.Client, obj client.Object, patch client.Patch) error { // want Send:`flow\[\{2 written back with Update or Patch unless patch 3 spares it\}\]\[\] sends\[\{0 written\} \{1 nowhere\} \{2 written\} \{3 written\}\] writes`
	return c.Patch(ctx, obj, patch)
}

// Overwrite sends obj with Update after giving it live's resourceVersion:
// obj is written over the object live holds (parameters 2 and 3).
func Overwrite(ctx context.Context, c client.Client, obj client.Object, live client.Object) error { // want Overwrite:`flow\[\{2 written back with Update or Patch\}\]\[\] sends\[\{0 written\} \{1 nowhere\} \{2 written\} \{3 nowhere\}\] writes overwrites\[\[2 3\]\]`
	obj.SetResourceVersion(live.GetResourceVersion())
	return c.Update(ctx, obj)
}

// OverwriteUnlessCreated copies the version on one path only: no overwrite
// is said, since the copy does not run before every Update.
func OverwriteUnlessCreated(ctx context.Context, c client.Client, obj, live client.Object, found bool) error { // want OverwriteUnlessCreated:`flow\[\{2 written back with Update or Patch\}\]\[\] sends\[\{0 written\} \{1 nowhere\} \{2 written\} \{3 nowhere\}\] writes$`
	if found {
		obj.SetResourceVersion(live.GetResourceVersion())
	}
	return c.Update(ctx, obj)
}

// OverwriteIfChanged decides by itself whether to send obj: it returns
// nil without sending it when nothing changed, so no overwrite is said.
func OverwriteIfChanged(ctx context.Context, c client.Client, obj, live client.Object) error { // want OverwriteIfChanged:`flow\[\{2 written back with Update or Patch\}\]\[\] sends\[\{0 written\} \{1 nowhere\} \{2 written\} \{3 nowhere\}\] writes$`
	if obj.GetGeneration() == live.GetGeneration() {
		return nil
	}
	obj.SetResourceVersion(live.GetResourceVersion())
	return c.Update(ctx, obj)
}

// OverwriteChecked returns early only with an error: an overwrite.
func OverwriteChecked(ctx context.Context, c client.Client, obj, live client.Object) error { // want OverwriteChecked:`overwrites\[\[2 3\]\]$`
	if live.GetResourceVersion() == "" {
		return errors.New("no version")
	}
	obj.SetResourceVersion(live.GetResourceVersion())
	return c.Update(ctx, obj)
}

// Refresh reads the object's key before it writes it: the key is all that
// ObjectKeyFromObject takes, so the object goes nowhere else.
func Refresh(ctx context.Context, c client.Client, obj, scratch client.Object) error { // want Refresh:`flow\[\{2 written back with Update or Patch\} \{3 read with Get or List\}\]\[\] sends\[\{0 written\} \{1 nowhere\} \{2 written\} \{3 nowhere\}\] writes$`
	if err := c.Get(ctx, client.ObjectKeyFromObject(obj), scratch); err != nil {
		return err
	}
	return c.Update(ctx, obj)
}
