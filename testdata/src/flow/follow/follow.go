// Package follow: live objects through the SSA form of a package.
package follow

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"flow/dep"
)

// probe reports the liveness of its argument (see flow_test.go).
func probe(any) {}

// A type switch: each case's variable is the switched object.
func typeSwitch(ctx context.Context, c client.Client, obj client.Object) {
	_ = c.Get(ctx, client.ObjectKeyFromObject(obj), obj)
	switch o := obj.(type) {
	case *appsv1.Deployment:
		probe(o) // want `o: derived from a live object`
	case *corev1.Pod:
		probe(o) // want `o: derived from a live object`
	}
}

// A closure made by a factory, with the factory's parameter captured.
func factory(obj client.Object) func() {
	return func() {
		probe(obj) // want `obj: passed live objects by its callers`
	}
}

func useFactory(ctx context.Context, c client.Client, key client.ObjectKey) {
	pod := &corev1.Pod{}
	_ = c.Get(ctx, key, pod)
	factory(pod)()
}

// A phi: either branch may hold the live object.
func phi(ctx context.Context, c client.Client, key client.ObjectKey, desired *appsv1.Deployment, found bool) {
	obj := desired
	if found {
		current := &appsv1.Deployment{}
		_ = c.Get(ctx, key, current)
		obj = current
	}
	probe(obj) // want `obj: read with Get or List`
}

// A helper of this package returning what it read.
func current(ctx context.Context, c client.Client, key client.ObjectKey) (*corev1.Pod, error) {
	pod := &corev1.Pod{}
	if err := c.Get(ctx, key, pod); err != nil {
		return nil, err
	}
	return pod, nil
}

func useCurrent(ctx context.Context, c client.Client, key client.ObjectKey) {
	pod, _ := current(ctx, c, key)
	probe(pod) // want `pod: derived from a live object`
}

// Helpers of another package, through their facts.
func useDep(ctx context.Context, c client.Client, key client.ObjectKey) {
	sts := &appsv1.StatefulSet{}
	_ = dep.Fetch(ctx, c, key, sts)
	probe(sts) // want `sts: read with Get or List`

	d, _ := dep.Current(ctx, c, key)
	probe(d) // want `d: read with Get or List`

	saved := &appsv1.DaemonSet{}
	save := dep.Save(c, saved)
	probe(saved) // want `saved: written back with Update or Patch`
	_ = save(ctx)

	built := dep.Build("x")
	probe(built) // a new object: silent

	pod := &corev1.Pod{}
	_ = dep.NewSink(c).Put(ctx, pod)
	probe(pod) // want `pod: written back with Update or Patch`
}

// An interface of this package and its implementation here.
type writer interface{ write(ctx context.Context, obj client.Object) }

type direct struct{ c client.Client }

func (d direct) write(ctx context.Context, obj client.Object) { _ = d.c.Update(ctx, obj) }

func useWriter(ctx context.Context, w writer) {
	svc := &corev1.Service{}
	w.write(ctx, svc)
	probe(svc) // want `svc: written back with Update or Patch`
}

// A function value: a struct of callbacks, run by the package.
type hooks struct {
	mutate func(obj client.Object)
}

func run(ctx context.Context, c client.Client, key client.ObjectKey, h hooks) {
	cm := &corev1.ConfigMap{}
	_ = c.Get(ctx, key, cm)
	h.mutate(cm)
}

func mutateLabels(obj client.Object) {
	probe(obj) // want `obj: passed live objects by its callers`
}

func useHooks(ctx context.Context, c client.Client, key client.ObjectKey) {
	run(ctx, c, key, hooks{mutate: mutateLabels})
}

// A generic helper: the type parameter's value is read into.
func get[T client.Object](ctx context.Context, c client.Client, key client.ObjectKey, obj T) T {
	_ = c.Get(ctx, key, obj)
	return obj
}

func useGeneric(ctx context.Context, c client.Client, key client.ObjectKey) {
	secret := get(ctx, c, key, &corev1.Secret{})
	probe(secret) // want `secret: derived from a live object`
	target := &corev1.Secret{}
	get(ctx, c, key, target)
	probe(target) // want `target: read with Get or List`
}

// CreateOrUpdate's object, captured by reference in the mutate closure.
func mutate(ctx context.Context, c client.Client) {
	var sa *corev1.ServiceAccount
	sa = &corev1.ServiceAccount{}
	_, _ = controllerutil.CreateOrUpdate(ctx, c, sa, func() error {
		probe(sa) // want `sa: the object of a CreateOrUpdate mutate function`
		return nil
	})
}

// Only created: silent.
func created(ctx context.Context, c client.Client) {
	pod := &corev1.Pod{}
	_ = c.Create(ctx, pod)
	probe(pod)
}

// Function values handed to helpers of another package.
func useHandOff(ctx context.Context, c client.Client, key client.ObjectKey) {
	_ = dep.Mutate(ctx, c, key, &corev1.Pod{}, func(obj client.Object) {
		probe(obj) // want `obj: read with Get or List`
	})
	pod := &corev1.Pod{}
	_ = c.Get(ctx, key, pod)
	spec := dep.Pick(pod, func(p *corev1.Pod) *corev1.PodSpec { return &p.Spec })
	probe(spec) // want `spec: derived from a live object`
	fresh := dep.Pick(&corev1.Pod{}, func(p *corev1.Pod) *corev1.PodSpec { return &p.Spec })
	probe(fresh) // a new object: silent
}

// Handed a new object by a helper whose own package passes it live ones.
func useEach() {
	dep.Each(&corev1.Pod{}, func(p *corev1.Pod) {
		probe(p) // a new object: silent
	})
}

// A function of the same signature as hooks.mutate, used as a value but
// never stored in that field: the call h.mutate(cm) cannot run it.
func describe(obj client.Object) {
	probe(obj) // silent
}

func describers() []func(client.Object) { return []func(client.Object){describe} }

// An object handed to a framework of another package in a struct field
// that the framework reads into; the callbacks capture it.
func useFramework(ctx context.Context, c client.Client, key client.ObjectKey) error {
	live := &appsv1.Deployment{}
	desired := &appsv1.Deployment{}
	return dep.Reconcile(ctx, dep.Params{
		Client: c,
		Key:    key,
		Live:   live,
		NeedsUpdate: func() bool {
			probe(desired) // a new object: silent
			return live.Generation == 0
		},
		Update: func() {
			probe(live) // want `live: read with Get or List`
			live.Spec = desired.Spec
		},
	})
}

// The same struct filled field by field, through a pointer.
type localParams struct {
	obj client.Object
}

func readInto(ctx context.Context, c client.Client, key client.ObjectKey, p *localParams) error {
	return c.Get(ctx, key, p.obj)
}

func useLocalParams(ctx context.Context, c client.Client, key client.ObjectKey) {
	cm := &corev1.ConfigMap{}
	p := &localParams{}
	p.obj = cm
	_ = readInto(ctx, c, key, p)
	probe(cm) // want `cm: read with Get or List`
}

// Pods grouped by node in a map of lists, then read back per node: each
// is still the server's copy.
func groupedByNode(ctx context.Context, c client.Client, nodes []string) {
	var pods corev1.PodList
	_ = c.List(ctx, &pods)
	byNode := map[string][]corev1.Pod{}
	for _, p := range pods.Items {
		byNode[p.Spec.NodeName] = append(byNode[p.Spec.NodeName], p)
	}
	for _, n := range nodes {
		for _, pod := range byNode[n] {
			probe(pod) // want `pod: derived from a live object`
		}
	}
}

// Pods built here and grouped the same way are not the server's.
func groupedBuilt(names []string) {
	byName := map[string][]corev1.Pod{}
	for _, n := range names {
		byName[n] = append(byName[n], corev1.Pod{})
	}
	for _, n := range names {
		for _, pod := range byName[n] {
			probe(pod)
		}
	}
}

// The same map ranged over, and looked up with comma-ok.
func groupedRanged(ctx context.Context, c client.Client, node string) {
	var pods corev1.PodList
	_ = c.List(ctx, &pods)
	byNode := map[string][]corev1.Pod{}
	first := map[string]corev1.Pod{}
	for _, p := range pods.Items {
		byNode[p.Spec.NodeName] = append(byNode[p.Spec.NodeName], p)
		first[p.Spec.NodeName] = p
	}
	for _, list := range byNode {
		for _, pod := range list {
			probe(pod) // want `pod: derived from a live object`
		}
	}
	if pod, ok := first[node]; ok {
		probe(pod) // want `pod: derived from a live object`
	}
}

// A wrapper of another package patches with the patch it is given: the
// object is the server's where it is sent with a merge patch, not where
// it is applied.
func sentThrough(ctx context.Context, c client.Client, name string) {
	merged := &corev1.ConfigMap{}
	merged.Name = name
	_ = dep.Send(ctx, c, merged, client.MergeFrom(&corev1.ConfigMap{}))
	probe(merged) // want `merged: written back with Update or Patch`

	applied := &corev1.ConfigMap{}
	applied.Name = name
	_ = dep.Send(ctx, c, applied, client.Apply)
	probe(applied)
}
