package a

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// keepRunning gives the next spec the containers and volumes of the
// running one, admission's additions included.
func keepRunning(next, running *corev1.PodSpec) { // want keepRunning:`replaces\(param 0 PodSpec.Containers at a/seededhelper.go:13; param 0 PodSpec.Volumes at a/seededhelper.go:14\)`
	next.Containers = running.Containers
	next.Volumes = running.Volumes
}

// A spec seeded from the live Pod by a helper, then written back: as in
// seeded, the author chose what to keep, so it is taken as a merge.
func (r *Reconciler) seededByHelper(ctx context.Context, key client.ObjectKey, desired *corev1.PodSpec) error {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, key, pod); err != nil {
		return err
	}
	next := desired.DeepCopy()
	keepRunning(next, &pod.Spec)
	pod.Spec = *next
	return r.Update(ctx, pod)
}

// sameContainers compares two specs' containers; it changes neither.
func sameContainers(a, b *corev1.PodSpec) bool {
	return len(a.Containers) == len(b.Containers)
}

// The next spec is only compared with the live one before it replaces it:
// nothing of the live spec is kept.
func (r *Reconciler) comparedThenReplaced(ctx context.Context, key client.ObjectKey, desired *corev1.PodSpec) error {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, key, pod); err != nil {
		return err
	}
	next := desired.DeepCopy()
	if sameContainers(next, &pod.Spec) {
		return nil
	}
	pod.Spec = *next // want `live Pod's Spec replaced wholesale`
	return r.Update(ctx, pod)
}

// A container found in a loop, then changed: the pointer still points
// into the live Pod.
func (r *Reconciler) chosenContainer(ctx context.Context, key client.ObjectKey, env []corev1.EnvVar) error {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, key, pod); err != nil {
		return err
	}
	var app *corev1.Container
	for i := range pod.Spec.Containers {
		if pod.Spec.Containers[i].Name == "app" {
			app = &pod.Spec.Containers[i]
		}
	}
	if app == nil {
		return nil
	}
	app.Env = env // want `live Pod's container Env replaced wholesale`
	return r.Update(ctx, pod)
}

// The first container, or the one named app: either way a container of
// the live Pod, whichever branch the pointer comes from.
func (r *Reconciler) firstOrNamed(ctx context.Context, key client.ObjectKey, env []corev1.EnvVar) error {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, key, pod); err != nil {
		return err
	}
	app := &pod.Spec.Containers[0]
	for i := range pod.Spec.Containers {
		if pod.Spec.Containers[i].Name == "app" {
			app = &pod.Spec.Containers[i]
		}
	}
	app.Env = env // want `live Pod's container Env replaced wholesale`
	return r.Update(ctx, pod)
}

// Known false negative: a container found in a loop, or a new one. Where
// the container exists the change lands in the live Pod, but the pointer
// has two sources (a new container and the live one's), and the engine
// does not follow a value that may be either: nothing is reported.
func (r *Reconciler) chosenOrNew(ctx context.Context, key client.ObjectKey, env []corev1.EnvVar) error {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, key, pod); err != nil {
		return err
	}
	app := &corev1.Container{Name: "app"}
	for i := range pod.Spec.Containers {
		if pod.Spec.Containers[i].Name == "app" {
			app = &pod.Spec.Containers[i]
		}
	}
	app.Env = env
	return r.Update(ctx, pod)
}
