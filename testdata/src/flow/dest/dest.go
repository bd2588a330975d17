// Package dest: where an object goes. where(x) reports the destinations
// of the object held by x (see flow_test.go); its own call adds none.
package dest

import (
	"context"
	"encoding/json"
	"reflect"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"flow/dep"
	"flow/queue"
)

func where(any) {}

type Obj struct {
	List  []string
	Inner Inner
}

type Inner struct{ Names []string }

func exported() []byte {
	obj := Obj{}
	where(obj) // want `exported`
	b, _ := json.Marshal(obj)
	return b
}

func compared(live Obj) bool {
	obj := Obj{}
	where(obj) // want `compared`
	return reflect.DeepEqual(live, obj)
}

func equal(live *Obj) bool {
	obj := &Obj{}
	where(obj) // want `compared`
	return obj == live
}

func handed(send func(Obj)) {
	obj := Obj{}
	where(obj) // want `unknown`
	send(obj)
}

func dropped() {
	obj := Obj{}
	where(obj) // want `nowhere`
	obj.List = append(obj.List, "a")
}

func build() *Obj {
	obj := &Obj{}
	where(obj) // want `exported`
	obj.List = append(obj.List, "x")
	return obj
}

func caller() []byte {
	b, _ := json.Marshal(build())
	return b
}

func usedAsValue() func() *Obj { return build2 }

func build2() *Obj {
	obj := &Obj{}
	where(obj) // want `unknown`
	return obj
}

func Exported() *Obj {
	obj := &Obj{}
	where(obj) // want `unknown`
	return obj
}

func pointerInto() bool {
	outer := Obj{}
	obj := &outer.Inner
	where(obj) // want `compared`
	obj.Names = nil
	return reflect.DeepEqual(outer, Obj{})
}

func names() []byte {
	obj := Obj{}
	where(obj) // want `exported`
	n := len(obj.List)
	_ = n
	b, _ := json.Marshal(obj.List)
	return b
}

// Through nine functions: past Depth.
func deep() {
	obj := Obj{}
	where(obj) // want `unknown`
	d1(obj)
}

func d1(o Obj) { d2(o) }
func d2(o Obj) { d3(o) }
func d3(o Obj) { d4(o) }
func d4(o Obj) { d5(o) }
func d5(o Obj) { d6(o) }
func d6(o Obj) { d7(o) }
func d7(o Obj) { d8(o) }
func d8(o Obj) { d9(o) }
func d9(o Obj) { _, _ = json.Marshal(o) }

// A list appended to a Pod that is then updated.
func appended(ctx context.Context, c client.Client, pod *corev1.Pod) {
	env := []corev1.EnvVar{}
	where(env) // want `written`
	c2 := corev1.Container{Name: "app", Env: env}
	pod.Spec.Containers = append(pod.Spec.Containers, c2)
	_ = c.Update(ctx, pod)
}

// A closure captures the object and updates it later.
func captured(ctx context.Context, c client.Client) func() error {
	cm := &corev1.ConfigMap{}
	where(cm) // want `written`
	return func() error { return c.Update(ctx, cm) }
}

// Either branch: a phi.
func phi(ctx context.Context, c client.Client, a, b *corev1.Secret, first bool) {
	s := b
	if first {
		s = a
	}
	obj := &corev1.Secret{}
	where(obj) // want `created`
	if s != nil {
		obj = s
	}
	_ = c.Create(ctx, obj)
}

// Queued on an executor of another package, which updates it later.
func queued(e queue.Executor) {
	pod := &corev1.Pod{}
	where(pod) // want `written`
	e.QueueUpdate(pod)
}

// Handed to a helper of another package that only prints it.
func dumped() []byte {
	pod := &corev1.Pod{}
	where(pod) // want `exported`
	return queue.Dump(pod)
}

// Arguments built in a closure that a framework of another package
// writes into the object: its Summary says where the callback's result
// goes.
func handedToFramework(ctx context.Context, c client.Client, obj *appsv1.Deployment, flags map[string]string) error {
	return dep.SetArgs(ctx, dep.ArgsParams{
		Client: c,
		Object: obj,
		Args: func() []string {
			var args []string
			where(args) // want `written`
			for k, v := range flags {
				args = append(args, k+"="+v)
			}
			return args
		},
		Describe: func() []string {
			var s []string
			where(s) // want `unknown`
			return s
		},
	}, func([]string) {})
}

// Owned, given a finalizer and looked up by its key before it is created:
// those helpers read or set its identity and send nothing of it.
func ownedThenCreated(ctx context.Context, c client.Client, owner *appsv1.Deployment, scheme *runtime.Scheme) error {
	cm := &corev1.ConfigMap{}
	where(cm) // want `^created$`
	if err := controllerutil.SetControllerReference(owner, cm, scheme); err != nil {
		return err
	}
	controllerutil.AddFinalizer(cm, "example.com/cleanup")
	if err := c.Get(ctx, client.ObjectKeyFromObject(cm), &corev1.ConfigMap{}); err == nil {
		return nil
	}
	return c.Create(ctx, cm)
}
