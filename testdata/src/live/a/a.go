package a

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/kubernetes"
	"sigs.k8s.io/controller-runtime/pkg/client"
	ctrlutil "sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// probe reports the liveness of its argument (see live_test.go).
func probe(any) {}

type Reconciler struct {
	client.Client
	kube kubernetes.Interface
}

func (r *Reconciler) getThenUpdate(ctx context.Context, key client.ObjectKey) error {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		return err
	}
	probe(dep)                           // want `dep: read with Get or List`
	probe(dep.Spec.Template.Annotations) // want `dep: read with Get or List`
	probe(dep.GetAnnotations())          // want `dep: read with Get or List`
	return r.Update(ctx, dep)
}

func (r *Reconciler) listed(ctx context.Context) {
	var pods corev1.PodList
	_ = r.List(ctx, &pods)
	for _, p := range pods.Items {
		probe(p) // want `p: read with Get or List`
	}
	for i := range pods.Items {
		item := &pods.Items[i]
		probe(item) // want `item: read with Get or List`
	}
}

func (r *Reconciler) clientset(ctx context.Context) {
	pod, err := r.kube.CoreV1().Pods("ns").Get(ctx, "name", metav1.GetOptions{})
	if err != nil {
		return
	}
	probe(pod) // want `pod: read with a clientset Get`
}

func (r *Reconciler) mutate(ctx context.Context) error {
	svc := &corev1.Service{}
	svc.Name = "svc"
	_, err := ctrlutil.CreateOrUpdate(ctx, r.Client, svc, func() error {
		probe(svc.Spec.Ports) // want `svc: the object of a CreateOrUpdate mutate function`
		return nil
	})
	return err
}

// Objects passed to Update or a merge Patch exist on the server.
func (r *Reconciler) writeBack(ctx context.Context, obj *corev1.ConfigMap, patched *corev1.Secret) error {
	probe(obj)     // want `obj: written back with Update or Patch`
	probe(patched) // want `patched: written back with Update or Patch`
	if err := r.Patch(ctx, patched, client.MergeFrom(patched.DeepCopy())); err != nil {
		return err
	}
	return r.Update(ctx, obj)
}

// A server-side apply patch sends a desired object.
func (r *Reconciler) serverSideApply(ctx context.Context) error {
	desired := &corev1.ConfigMap{Data: map[string]string{"k": "v"}}
	probe(desired)
	return r.Patch(ctx, desired, client.Apply)
}

// Built and created: desired.
func (r *Reconciler) create(ctx context.Context) error {
	dep := &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: "x"}}
	probe(dep)
	return r.Create(ctx, dep)
}

// A helper whose callers pass it live objects.
func (r *Reconciler) caller(ctx context.Context, key client.ObjectKey) {
	live := &appsv1.Deployment{}
	_ = r.Get(ctx, key, live)
	desired := &appsv1.Deployment{}
	mergeInto(live, desired)
}

func mergeInto(dst, src *appsv1.Deployment) {
	probe(dst) // want `dst: passed live objects by its callers`
	probe(src)
}

// Copies of live objects are live.
func (r *Reconciler) derived(ctx context.Context, key client.ObjectKey) {
	pod := &corev1.Pod{}
	_ = r.Get(ctx, key, pod)
	cp := pod.DeepCopy()
	probe(cp) // want `cp: derived from a live object`
	spec := &pod.Spec
	probe(spec) // want `spec: derived from a live object`
}

// A local type with a Get method is not a client.
type cache struct{}

func (cache) Get(ctx context.Context, key string, out *corev1.Pod) error { return nil }

func notAClient(ctx context.Context, c cache) {
	pod := &corev1.Pod{}
	_ = c.Get(ctx, "k", pod)
	probe(pod)
}

// strategy mimics a reconcile framework that reads each object, hands a
// copy to a callback to bring it up to date, and writes it if it changed.
type strategy struct {
	New           func(key client.ObjectKey) runtime.Object
	UpdateInPlace func(key client.ObjectKey, obj runtime.Object)
}

func reconcileSet(s strategy) {}

func callbacks() {
	reconcileSet(strategy{
		New: func(key client.ObjectKey) runtime.Object {
			pod := &corev1.Pod{}
			probe(pod) // a builder returns what it builds: desired
			return pod
		},
		UpdateInPlace: func(key client.ObjectKey, obj runtime.Object) {
			probe(obj) // want `obj: the object of an update callback`
			pod := obj.(*corev1.Pod)
			probe(pod) // want `pod: derived from a live object`
		},
	})
	each(func(obj client.Object) {
		probe(obj) // want `obj: the object of an update callback`
	})
	// A typed parameter is not enough: the callback could be filling a
	// fresh object.
	each2(func(pod *corev1.Pod) {
		probe(pod)
	})
}

func each(func(client.Object))    {}
func each2(func(pod *corev1.Pod)) {}

// A helper that reads into the object it is handed makes the caller's
// object live; one that only looks at it does not.
func (r *Reconciler) getInto(ctx context.Context, key client.ObjectKey, obj client.Object) error {
	return r.Get(ctx, key, obj)
}

func describe(obj client.Object) string { return obj.GetName() }

func (r *Reconciler) readByHelper(ctx context.Context, key client.ObjectKey) {
	current := &appsv1.Deployment{}
	_ = r.getInto(ctx, key, current)
	probe(current) // want `current: read with Get or List`
	other := &appsv1.Deployment{}
	_ = describe(other)
	probe(other)
}
