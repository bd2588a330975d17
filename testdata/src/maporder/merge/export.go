package merge

import (
	"context"
	"encoding/json"
	"io"
	"reflect"

	"github.com/go-logr/logr"
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/klog/v2"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// An object built only to be written out for a person to read (encoded as
// JSON here) or created once never reaches an update or a comparison: its
// map order costs no churn, and maporder is silent.
func exportContainer(env map[string]string) corev1.Container {
	c := corev1.Container{Name: "exported"}
	for k, v := range env {
		c.Env = append(c.Env, corev1.EnvVar{Name: k, Value: v})
	}
	return c
}

// WriteManifest encodes the container for a user.
func WriteManifest(w io.Writer, env map[string]string) error {
	c := exportContainer(env)
	data, err := json.Marshal(c)
	if err != nil {
		return err
	}
	_, err = w.Write(data)
	return err
}

// A Job-like Deployment that is created and never updated: silent.
func createOnce(ctx context.Context, cl client.Client, args map[string]string) error {
	dep := &appsv1.Deployment{}
	for k, v := range args {
		dep.Spec.Template.Spec.Containers = append(dep.Spec.Template.Spec.Containers,
			corev1.Container{Name: k, Image: v})
	}
	return cl.Create(ctx, dep)
}

// Created once and named in log lines (klog's reference, a logger's
// key-value pair): a log line prints the object, it sends nothing.
func createOnceLogged(ctx context.Context, cl client.Client, log logr.Logger, args map[string]string) error {
	dep := &appsv1.Deployment{}
	for k, v := range args {
		dep.Spec.Template.Spec.Containers = append(dep.Spec.Template.Spec.Containers,
			corev1.Container{Name: k, Image: v})
	}
	if err := cl.Create(ctx, dep); err != nil {
		klog.ErrorS(err, "create failed", "deployment", klog.KObj(dep))
		return err
	}
	log.WithValues("deployment", dep).Info("created", "object", dep)
	return nil
}

// The same builder, but its object is also updated: reported.
func buildPod(args map[string]string) *corev1.Pod {
	pod := &corev1.Pod{}
	for k, v := range args { // want `range over map args feeds PodSpec.Containers in map order`
		pod.Spec.Containers = append(pod.Spec.Containers, corev1.Container{Name: k, Image: v})
	}
	return pod
}

func createThenUpdate(ctx context.Context, cl client.Client, args map[string]string) error {
	if err := cl.Create(ctx, buildPod(args)); err != nil {
		return err
	}
	return cl.Update(ctx, buildPod(args))
}

// Compared with the live object: reported, the comparison is the churn.
func compared(ctx context.Context, cl client.Client, live *appsv1.Deployment, env map[string]string) bool {
	var c corev1.Container
	for k, v := range env { // want `range over map env feeds Container.Env in map order`
		c.Env = append(c.Env, corev1.EnvVar{Name: k, Value: v})
	}
	return reflect.DeepEqual(live.Spec.Template.Spec.Containers[0], c)
}

// A pointer into a Deployment that is updated: the container is the
// Deployment's, reported.
func throughPointer(ctx context.Context, cl client.Client, env map[string]string) error {
	dep := &appsv1.Deployment{}
	dep.Spec.Template.Spec.Containers = make([]corev1.Container, 1)
	c := &dep.Spec.Template.Spec.Containers[0]
	for k, v := range env { // want `range over map env feeds Container.Env in map order`
		c.Env = append(c.Env, corev1.EnvVar{Name: k, Value: v})
	}
	return cl.Update(ctx, dep)
}

// A container found by a helper inside a Deployment that is updated:
// reported, the helper's result points into its argument.
func firstContainer(dep *appsv1.Deployment) *corev1.Container {
	return &dep.Spec.Template.Spec.Containers[0]
}

func throughHelper(ctx context.Context, cl client.Client, env map[string]string) error {
	dep := &appsv1.Deployment{}
	dep.Spec.Template.Spec.Containers = make([]corev1.Container, 1)
	c := firstContainer(dep)
	for k, v := range env { // want `range over map env feeds Container.Env in map order`
		c.Env = append(c.Env, corev1.EnvVar{Name: k, Value: v})
	}
	return cl.Update(ctx, dep)
}

// Handed to a function whose use is not known: reported.
func handedOn(env map[string]string, send func(*corev1.Pod)) {
	pod := &corev1.Pod{}
	for k, v := range env { // want `range over map env feeds PodSpec.Volumes in map order`
		pod.Spec.Volumes = append(pod.Spec.Volumes, corev1.Volume{Name: k + v})
	}
	send(pod)
}

// Exported as well as compared: reported.
func exportAndCompare(w io.Writer, live corev1.Container, env map[string]string) bool {
	c := exportContainer2(env)
	data, _ := json.Marshal(c)
	_, _ = w.Write(data)
	return reflect.DeepEqual(live, c)
}

func exportContainer2(env map[string]string) corev1.Container {
	c := corev1.Container{Name: "exported"}
	for k, v := range env { // want `range over map env feeds Container.Env in map order`
		c.Env = append(c.Env, corev1.EnvVar{Name: k, Value: v})
	}
	return c
}

// sameEnv compares two env lists whatever their order.
func sameEnv(a, b []corev1.EnvVar) bool {
	if len(a) != len(b) {
		return false
	}
	for _, x := range a {
		found := false
		for _, y := range b {
			found = found || x == y
		}
		if !found {
			return false
		}
	}
	return true
}

// Known false positive, pinned: the update is sent only when an
// order-insensitive comparison finds a change, so this is no loop; proving
// a comparison order-insensitive is beyond maporder (see the doc), and the
// list is still written in a different order at each real change.
func updatedOnRealChange(ctx context.Context, cl client.Client, live *appsv1.Deployment, env map[string]string) error {
	var want []corev1.EnvVar
	for k, v := range env { // want `range over map env feeds Container.Env in map order`
		want = append(want, corev1.EnvVar{Name: k, Value: v})
	}
	c := &live.Spec.Template.Spec.Containers[0]
	if sameEnv(c.Env, want) {
		return nil
	}
	c.Env = want
	return cl.Update(ctx, live)
}

// Known false positive, pinned (the same as updatedOnRealChange, on a
// status list): the conditions come out of a map in its order, and the
// status is written only when the new list and the current one differ as
// sets, each side looked up in the other. A new order alone writes
// nothing.
func statusOnRealChange(ctx context.Context, cl client.Client, live *appsv1.Deployment, reasons map[string]string) error {
	conds := make([]appsv1.DeploymentCondition, 0, len(reasons))
	for kind, reason := range reasons { // want `range over map reasons feeds DeploymentStatus.Conditions in map order`
		conds = append(conds, appsv1.DeploymentCondition{Type: appsv1.DeploymentConditionType(kind), Reason: reason})
	}
	if sameConditions(live.Status.Conditions, conds) {
		return nil
	}
	live.Status.Conditions = conds
	return cl.Status().Update(ctx, live)
}

// sameConditions compares two condition lists as sets, both ways.
func sameConditions(a, b []appsv1.DeploymentCondition) bool {
	for _, x := range a {
		if !containsCondition(b, x) {
			return false
		}
	}
	for _, y := range b {
		if !containsCondition(a, y) {
			return false
		}
	}
	return true
}

func containsCondition(list []appsv1.DeploymentCondition, c appsv1.DeploymentCondition) bool {
	for _, x := range list {
		if x == c {
			return true
		}
	}
	return false
}

// addClaimVolumes gives a Pod one volume per claim, in the map's order.
// RIGHT here: its only caller creates the Pod, so the order is sent once.
func addClaimVolumes(pod *corev1.Pod, claims map[string]string) {
	for name, claim := range claims {
		pod.Spec.Volumes = append(pod.Spec.Volumes, corev1.Volume{Name: name + "-" + claim})
	}
}

func createWithClaims(ctx context.Context, cl client.Client, claims map[string]string) error {
	pod := &corev1.Pod{}
	addClaimVolumes(pod, claims)
	return cl.Create(ctx, pod)
}

// addClaimMounts is the same for a container's mounts, but one of its
// callers updates the Pod it read: each update may reorder them.
func addClaimMounts(pod *corev1.Pod, claims map[string]string) {
	for name := range claims { // want `range over map claims feeds Container.VolumeMounts in map order`
		pod.Spec.Containers[0].VolumeMounts = append(pod.Spec.Containers[0].VolumeMounts, corev1.VolumeMount{Name: name})
	}
}

func createWithMounts(ctx context.Context, cl client.Client, claims map[string]string) error {
	pod := &corev1.Pod{}
	addClaimMounts(pod, claims)
	return cl.Create(ctx, pod)
}

func remount(ctx context.Context, cl client.Client, key client.ObjectKey, claims map[string]string) error {
	pod := &corev1.Pod{}
	if err := cl.Get(ctx, key, pod); err != nil {
		return err
	}
	addClaimMounts(pod, claims)
	return cl.Update(ctx, pod)
}

// Known false positive (OpenKruise's UpdateStorage): AddClaimVolumes is
// exported, and where its callers in other packages send the Pod is not
// followed (facts go from a function to its callers, not back), so the
// order counts although every caller only creates the Pod.
func AddClaimVolumes(pod *corev1.Pod, claims map[string]string) {
	for name := range claims { // want `range over map claims feeds PodSpec.Volumes in map order`
		pod.Spec.Volumes = append(pod.Spec.Volumes, corev1.Volume{Name: name})
	}
}

func createWithLabels(ctx context.Context, cl client.Client, claims map[string]string) error {
	pod := &corev1.Pod{}
	AddClaimVolumes(pod, claims)
	return cl.Create(ctx, pod)
}
