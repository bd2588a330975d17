package a

import (
	"context"
	"log"
	"reflect"
	"slices"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/equality"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"defaultdrift/builders"
)

type Reconciler struct{ client.Client }

// buildDeployment leaves every server default unset.
func buildDeployment(name string) *appsv1.Deployment { // want buildDeployment:`builds\(result sets \d+\)`
	replicas := int32(2)
	return &appsv1.Deployment{
		ObjectMeta: metav1.ObjectMeta{Name: name},
		Spec: appsv1.DeploymentSpec{
			Replicas: &replicas,
			Template: corev1.PodTemplateSpec{Spec: corev1.PodSpec{
				Containers: []corev1.Container{{
					Name:          "app",
					Image:         "example.com/app:1",
					LivenessProbe: &corev1.Probe{InitialDelaySeconds: 5},
				}},
			}},
		},
	}
}

// The classic hot loop: the desired spec never equals the defaulted live one.
func (r *Reconciler) syncSpec(ctx context.Context, key client.ObjectKey) error {
	live := &appsv1.Deployment{}
	if err := r.Get(ctx, key, live); err != nil {
		return err
	}
	desired := buildDeployment(key.Name)
	if !equality.Semantic.DeepEqual(live.Spec, desired.Spec) { // want `live Deployment's Spec compared strictly with a desired value that leaves \d+ server-defaulted fields unset \(RevisionHistoryLimit, ProgressDeadlineSeconds, Strategy.Type, ...\): never equal, so the Deployment is updated on every reconcile`
		live.Spec = desired.Spec
		return r.Update(ctx, live)
	}
	return nil
}

// A builder in another package, through facts, and reflect.DeepEqual of
// the template.
func (r *Reconciler) syncTemplate(ctx context.Context, key client.ObjectKey) error {
	live := &appsv1.Deployment{}
	if err := r.Get(ctx, key, live); err != nil {
		return err
	}
	desired := builders.Deployment(key.Name, "example.com/app:2")
	if reflect.DeepEqual(live.Spec.Template, desired.Spec.Template) { // want `live Deployment's Spec.Template compared strictly with a desired value that leaves \d+ server-defaulted fields unset \(Spec.RestartPolicy, Spec.TerminationGracePeriodSeconds, Spec.DNSPolicy, ...\)`
		return nil
	}
	live.Spec.Template = desired.Spec.Template
	return r.Update(ctx, live)
}

// The usual fix: the builder sets every default. Silent.
func (r *Reconciler) complete(ctx context.Context, key client.ObjectKey) error {
	live := &appsv1.Deployment{}
	if err := r.Get(ctx, key, live); err != nil {
		return err
	}
	desired := builders.CompleteDeployment(key.Name, "example.com/app:3")
	if !equality.Semantic.DeepEqual(live.Spec, desired.Spec) {
		live.Spec = desired.Spec
		return r.Update(ctx, live)
	}
	return nil
}

// DeepDerivative ignores what the desired side leaves unset. Silent.
func (r *Reconciler) derivative(ctx context.Context, key client.ObjectKey) error {
	live := &appsv1.Deployment{}
	if err := r.Get(ctx, key, live); err != nil {
		return err
	}
	desired := buildDeployment(key.Name)
	if !equality.Semantic.DeepDerivative(desired.Spec, live.Spec) {
		live.Spec = desired.Spec
		return r.Update(ctx, live)
	}
	return nil
}

// Fields that are not defaulted: the replica count. Silent.
func (r *Reconciler) replicas(ctx context.Context, key client.ObjectKey) error {
	live := &appsv1.Deployment{}
	if err := r.Get(ctx, key, live); err != nil {
		return err
	}
	desired := buildDeployment(key.Name)
	if !reflect.DeepEqual(live.Spec.Replicas, desired.Spec.Replicas) {
		live.Spec.Replicas = desired.Spec.Replicas
		return r.Update(ctx, live)
	}
	return nil
}

// Both sides desired, or both live. Silent.
func (r *Reconciler) sameSide(ctx context.Context, key client.ObjectKey, other *appsv1.Deployment) error {
	a, b := buildDeployment("a"), buildDeployment("b")
	live := &appsv1.Deployment{}
	if err := r.Get(ctx, key, live); err != nil {
		return err
	}
	copied := live.DeepCopy()
	if !reflect.DeepEqual(a.Spec, b.Spec) || !reflect.DeepEqual(live.Spec, copied.Spec) {
		return r.Update(ctx, live)
	}
	return nil
}

// Only logged: no write depends on it. Silent.
func (r *Reconciler) logged(ctx context.Context, key client.ObjectKey) error {
	live := &appsv1.Deployment{}
	if err := r.Get(ctx, key, live); err != nil {
		return err
	}
	if !reflect.DeepEqual(live.Spec, buildDeployment(key.Name).Spec) {
		log.Printf("deployment %s differs from its desired state", key.Name)
	}
	return nil
}

// A desired value handed in by the caller: what it sets is known at each
// call (below), not here. Silent here.
func (r *Reconciler) fromCaller(ctx context.Context, key client.ObjectKey, desired *appsv1.Deployment) error { // want fromCaller:`builds\(compares 1\)`
	live := &appsv1.Deployment{}
	if err := r.Get(ctx, key, live); err != nil {
		return err
	}
	if !reflect.DeepEqual(live.Spec, desired.Spec) {
		live.Spec = desired.Spec
		return r.Update(ctx, live)
	}
	return nil
}

// A live Pod's spec compared strictly is admissionclobber's finding. Silent here.
func (r *Reconciler) podSpec(ctx context.Context, key client.ObjectKey) error {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, key, pod); err != nil {
		return err
	}
	desired := corev1.PodSpec{Containers: []corev1.Container{{Name: "app", Image: "example.com/app:1"}}}
	if !reflect.DeepEqual(pod.Spec, desired) {
		return r.Delete(ctx, pod)
	}
	return nil
}

// The decision handed to a helper as a callback that updates when it
// returns true.
func (r *Reconciler) viaCallback(ctx context.Context, key client.ObjectKey) error {
	desired := buildDeployment(key.Name)
	current := &appsv1.Deployment{}
	return r.createOrUpdate(ctx, key, current, desired, func() bool {
		return !reflect.DeepEqual(desired.Spec, current.Spec) // want `live Deployment's Spec compared strictly`
	})
}

func (r *Reconciler) createOrUpdate(ctx context.Context, key client.ObjectKey, current, desired client.Object, needsUpdate func() bool) error {
	if err := r.Get(ctx, key, current); err != nil {
		return r.Create(ctx, desired)
	}
	if needsUpdate() {
		return r.Update(ctx, desired)
	}
	return nil
}

// slices.Equal over a Service's ports: the protocol is defaulted to TCP.
func (r *Reconciler) ports(ctx context.Context, key client.ObjectKey) error {
	svc := &corev1.Service{}
	if err := r.Get(ctx, key, svc); err != nil {
		return err
	}
	want := []corev1.ServicePort{{Name: "http", Port: 80}}
	if !slices.Equal(svc.Spec.Ports, want) { // want `live Service's Spec.Ports compared strictly with a desired value that leaves 1 server-defaulted field unset \(\[\].Protocol\)`
		svc.Spec.Ports = want
		return r.Update(ctx, svc)
	}
	return nil
}

// The builder's defaults went to another object: the desired spec leaves
// them unset, and the strict comparison differs on every reconcile.
func (r *Reconciler) movedPointer(ctx context.Context, key client.ObjectKey) error {
	live := &appsv1.Deployment{}
	if err := r.Get(ctx, key, live); err != nil {
		return err
	}
	desired := builders.MovedPointerDeployment(key.Name, "example.com/app:4")
	if !equality.Semantic.DeepEqual(live.Spec, desired.Spec) { // want `live Deployment's Spec compared strictly with a desired value that leaves \d+ server-defaulted fields unset`
		live.Spec = desired.Spec
		return r.Update(ctx, live)
	}
	return nil
}

// The helper is handed a builder's object that leaves the defaults unset.
func (r *Reconciler) syncThroughHelper(ctx context.Context, key client.ObjectKey) error {
	return r.fromCaller(ctx, key, buildDeployment(key.Name)) // want `desired Deployment handed to Reconciler.fromCaller, which reads the live one and compares its Spec strictly with it \(a.go:\d+\), leaves \d+ server-defaulted fields unset \(Spec.RevisionHistoryLimit, Spec.ProgressDeadlineSeconds, Spec.Strategy.Type, ...\)`
}

// Handed on through a second helper of the package, which compares what
// the first one does.
func (r *Reconciler) ensureAll(ctx context.Context, key client.ObjectKey, want *appsv1.Deployment) error { // want ensureAll:`builds\(compares 1\)`
	if want == nil {
		return nil
	}
	return r.fromCaller(ctx, key, want)
}

func (r *Reconciler) syncThroughTwoHelpers(ctx context.Context, key client.ObjectKey) error {
	return r.ensureAll(ctx, key, buildDeployment(key.Name)) // want `desired Deployment handed to Reconciler.ensureAll, which reads the live one and compares its Spec strictly with it \(a.go:\d+\)`
}

// A builder that sets every default the server would: silent.
func (r *Reconciler) syncCompleteThroughHelper(ctx context.Context, key client.ObjectKey) error {
	return r.fromCaller(ctx, key, builders.CompleteDeployment(key.Name, "example.com/app:3"))
}
