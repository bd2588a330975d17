package a

import (
	"context"
	"reflect"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/equality"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"admissionclobber/podmerge"
	"admissionclobber/tablet"
)

type Reconciler struct {
	client.Client
}

// Get, change, Update: the Pod is live and its pull secrets are swapped.
func (r *Reconciler) syncPullSecrets(ctx context.Context, key client.ObjectKey, want []corev1.LocalObjectReference) error {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, key, pod); err != nil {
		return err
	}
	pod.Spec.ImagePullSecrets = want // want `live Pod's ImagePullSecrets replaced wholesale: the Pod never matches its desired state`
	return r.Update(ctx, pod)
}

// A loop over the containers of a live Pod.
func (r *Reconciler) syncContainers(ctx context.Context, key client.ObjectKey, sc *corev1.SecurityContext, env []corev1.EnvVar) error {
	var pod corev1.Pod
	if err := r.Get(ctx, key, &pod); err != nil {
		return err
	}
	for i := range pod.Spec.Containers {
		pod.Spec.Containers[i].SecurityContext = sc // want `live Pod's container SecurityContext replaced wholesale: the Pod never matches its desired state`
		c := &pod.Spec.Containers[i]
		c.Env = env // want `live Pod's container Env replaced wholesale: the Pod never matches its desired state`
	}
	// A range value is a copy: changing it changes nothing.
	for _, c := range pod.Spec.Containers {
		c.Env = env
		_ = c.Name
	}
	return r.Update(ctx, &pod)
}

// CreateOrUpdate's mutate function sees the server's copy.
func (r *Reconciler) mutate(ctx context.Context, name string, tolerations []corev1.Toleration) error {
	pod := &corev1.Pod{}
	pod.Name = name
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, pod, func() error {
		pod.Spec.Tolerations = tolerations // want `live Pod's Tolerations replaced wholesale: the Pod never matches its desired state`
		if pod.Spec.NodeSelector == nil {
			pod.Spec.NodeSelector = map[string]string{} // fills an empty field
		}
		for k, v := range map[string]string{"disk": "ssd"} {
			pod.Spec.NodeSelector[k] = v // key-wise merge
		}
		return nil
	})
	return err
}

// Merges that keep what admission added are silent.
func (r *Reconciler) merges(ctx context.Context, key client.ObjectKey, vols []corev1.Volume, secrets []corev1.LocalObjectReference, sa string) error {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, key, pod); err != nil {
		return err
	}
	for _, v := range vols {
		found := false
		for _, have := range pod.Spec.Volumes {
			if have.Name == v.Name {
				found = true
			}
		}
		if !found {
			pod.Spec.Volumes = append(pod.Spec.Volumes, v) // append-if-missing
		}
	}
	podmerge.LocalObjectReferences(&pod.Spec.ImagePullSecrets, secrets)
	if len(secrets) > 0 {
		pod.Spec.ImagePullSecrets = secrets // admission adds secrets only to a Pod with none
	}
	pod.Spec.PriorityClassName = "tablet-critical" // a constant name: admission leaves it alone
	pod.Spec.ServiceAccountName = sa               // want `live Pod's ServiceAccountName replaced wholesale: the Pod never matches its desired state`
	return r.Update(ctx, pod)
}

// The whole spec of a live Pod.
func (r *Reconciler) wholeSpec(ctx context.Context, key client.ObjectKey, desired *corev1.Pod) error {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, key, pod); err != nil {
		return err
	}
	pod.Spec = desired.Spec // want `live Pod's Spec replaced wholesale, dropping the admission-set Affinity, Containers, DNSConfig, .*Volumes`
	return r.Update(ctx, pod)
}

// The whole spec of a live Pod, copied over with the generated deep copy.
func (r *Reconciler) wholeSpecCopied(ctx context.Context, key client.ObjectKey, desired *corev1.Pod) error {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, key, pod); err != nil {
		return err
	}
	desired.Spec.DeepCopyInto(&pod.Spec) // want `live Pod's Spec replaced wholesale, dropping the admission-set Affinity, Containers, DNSConfig, .*Volumes`
	return r.Update(ctx, pod)
}

// A deep copy into a Pod that is only created: silent.
func (r *Reconciler) copiedIntoNew(ctx context.Context, desired *corev1.Pod) error {
	pod := &corev1.Pod{}
	desired.Spec.DeepCopyInto(&pod.Spec)
	return r.Create(ctx, pod)
}

// Cross-package helpers, reported at the call with the helper's assignment.
func (r *Reconciler) helpers(ctx context.Context, key client.ObjectKey, desired []corev1.Container, secrets []corev1.LocalObjectReference) error {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, key, pod); err != nil {
		return err
	}
	podmerge.Containers(&pod.Spec.Containers, desired) // want `podmerge.Containers: live Pod's container replaced wholesale, dropping the admission-set Env` `podmerge.Containers: live Pod's container SecurityContext replaced wholesale, dropping the admission-set runAsNonRoot, runAsUser, seLinuxOptions and seccompProfile` `podmerge.Containers: live Pod's container SecurityContext replaced wholesale: the Pod never matches its desired state`
	podmerge.SetPullSecrets(&pod.Spec, secrets)        // want `podmerge.SetPullSecrets: live Pod's ImagePullSecrets replaced wholesale: .* \(at podmerge/podmerge.go:\d+\)`
	for i := range pod.Spec.Containers {
		podmerge.ContainerKeepingAll(&pod.Spec.Containers[i], &desired[0]) // keeps everything admission added
		podmerge.SecurityContextFieldwise(&pod.Spec.Containers[i].SecurityContext, desired[0].SecurityContext)
	}
	return r.Update(ctx, pod)
}

// Templates are the operator's alone: replacing their fields is right.
func (r *Reconciler) template(ctx context.Context, key client.ObjectKey, desired []corev1.Container, secrets []corev1.LocalObjectReference) error {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		return err
	}
	dep.Spec.Template.Spec.ImagePullSecrets = secrets
	podmerge.Containers(&dep.Spec.Template.Spec.Containers, desired)
	podmerge.TemplateContainers(&dep.Spec.Template.Spec.Containers, desired)
	tmpl := &dep.Spec.Template
	tmpl.Spec.Tolerations = nil
	podmerge.SetPullSecrets(&tmpl.Spec, secrets)
	return r.Update(ctx, dep)
}

// A new Pod being built and created.
func (r *Reconciler) create(ctx context.Context, secrets []corev1.LocalObjectReference, desired []corev1.Container) error {
	pod := &corev1.Pod{}
	pod.Spec.ImagePullSecrets = secrets
	podmerge.Containers(&pod.Spec.Containers, desired)
	return r.Create(ctx, pod)
}

// A copy that is changed and then written is live; one that is changed
// and dropped is not.
func (r *Reconciler) copies(ctx context.Context, key client.ObjectKey, vols []corev1.Volume) error {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, key, pod); err != nil {
		return err
	}
	scratch := pod.DeepCopy()
	scratch.Spec.Volumes = vols
	updated := pod.DeepCopy()
	updated.Spec.Volumes = vols // want `live Pod's Volumes replaced wholesale`
	return r.Update(ctx, updated)
}

// The seed's shape: a framework hands a copy of each Pod to an update
// callback, then deletes and recreates the Pod if the callback changed it.
type strategy struct {
	New    func(key client.ObjectKey) runtime.Object
	Update func(key client.ObjectKey, obj runtime.Object)
}

func reconcilePods(strategy) {}

func (r *Reconciler) tablets(spec *tablet.Spec) {
	reconcilePods(strategy{
		New: func(key client.ObjectKey) runtime.Object {
			return tablet.NewPod(key.Name, spec)
		},
		Update: func(key client.ObjectKey, obj runtime.Object) {
			pod := obj.(*corev1.Pod)
			tablet.UpdatePod(pod, spec) // want `tablet.UpdatePod: live Pod's ImagePullSecrets replaced wholesale: .* \(at tablet/tablet.go:\d+\)` `tablet.UpdatePod: live Pod's container replaced wholesale, dropping the admission-set Env` `tablet.UpdatePod: live Pod's container SecurityContext replaced wholesale, dropping the admission-set runAsNonRoot, runAsUser` `tablet.UpdatePod: live Pod's container SecurityContext replaced wholesale: the Pod never matches its desired state`
		},
	})
	reconcilePods(strategy{
		Update: func(key client.ObjectKey, obj runtime.Object) {
			tablet.UpdatePodMerging(obj.(*corev1.Pod), spec) // the fixed form
		},
	})
}

// A desired-into-live merge between two Pods, whoever calls it.
func mergePod(dst, src *corev1.Pod) { // want mergePod:`replaces\(param 0 PodSpec.Volumes at a/a.go:\d+\)`
	dst.Spec.Volumes = src.Spec.Volumes // want `live Pod's Volumes replaced wholesale`
	dst.Spec.RestartPolicy = src.Spec.RestartPolicy
}

// Copying from an old Pod into a Pod being built is not a merge.
func rebuild(old *corev1.Pod) *corev1.Pod {
	fresh := &corev1.Pod{}
	fresh.Spec.Volumes = old.Spec.Volumes
	return fresh
}

// A helper in this package: reported at the call and at the assignment.
func setEnv(c *corev1.Container, env []corev1.EnvVar) { // want setEnv:`replaces\(param 0 Container.Env at a/a.go:\d+\)`
	c.Env = env // want `live Pod's container Env replaced wholesale`
}

func (r *Reconciler) localHelper(ctx context.Context, key client.ObjectKey, env []corev1.EnvVar) error {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, key, pod); err != nil {
		return err
	}
	setEnv(&pod.Spec.Containers[0], env) // want `a.setEnv: live Pod's container Env replaced wholesale: the Pod never matches its desired state \(at a/a.go:\d+\)`
	return r.Update(ctx, pod)
}

// Drift checks.
func (r *Reconciler) drift(ctx context.Context, key client.ObjectKey, desired *corev1.Pod, tolerations []corev1.Toleration) (bool, error) {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, key, pod); err != nil {
		return false, err
	}
	if !equality.Semantic.DeepEqual(pod.Spec, desired.Spec) { // want `drift check compares the live Pod's Spec strictly: admission's changes always read as drift`
		return true, nil
	}
	if !reflect.DeepEqual(tolerations, pod.Spec.Tolerations) { // want `drift check compares the live Pod's Tolerations strictly: admission's changes always read as drift`
		return true, nil
	}
	if !equality.Semantic.DeepDerivative(desired.Spec, pod.Spec) { // ignores what desired leaves unset
		return true, nil
	}
	if !reflect.DeepEqual(pod.Spec.RestartPolicy, desired.Spec.RestartPolicy) { // not admission-mutated
		return true, nil
	}
	merged := pod.DeepCopy()
	tablet.UpdatePodMerging(merged, nil)
	return !equality.Semantic.DeepEqual(pod.Spec, merged.Spec), nil // both sides from the cluster
}

// A spec seeded from the live Pod's containers and volumes, then merged,
// replaces the rest: the author chose what to keep (here the desired spec
// is a copy of another admitted Pod's), so this is taken as a merge.
func (r *Reconciler) seeded(ctx context.Context, key client.ObjectKey, desired *corev1.PodSpec) error {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, key, pod); err != nil {
		return err
	}
	next := desired.DeepCopy()
	next.Containers = pod.Spec.Containers
	next.Volumes = pod.Spec.Volumes
	pod.Spec = *next
	return r.Update(ctx, pod)
}

// Known false negative (documented under Limits): the desired spec is
// seeded with the live containers and then merged through a helper that
// replaces their security contexts; the copy is not followed into the
// helper, so the replacement that lands in pod.Spec is not reported.
func (r *Reconciler) seededThenMerged(ctx context.Context, key client.ObjectKey, desired *corev1.PodSpec) error {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, key, pod); err != nil {
		return err
	}
	next := desired.DeepCopy()
	next.Containers = pod.Spec.Containers
	podmerge.Containers(&next.Containers, desired.Containers)
	pod.Spec = *next
	return r.Update(ctx, pod)
}

// Known false negative (documented under Limits): a value computed from
// the live container is taken as a merge, even when the builder ignores
// what the container already has.
func (r *Reconciler) builtFromLive(ctx context.Context, key client.ObjectKey) error {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, key, pod); err != nil {
		return err
	}
	c := &pod.Spec.Containers[0]
	c.Env = envFor(c)
	return r.Update(ctx, pod)
}

func envFor(c *corev1.Container) []corev1.EnvVar {
	return []corev1.EnvVar{{Name: "NAME", Value: c.Name}}
}

// Only a test hands this helper a live Pod. Test code is not analysed, so
// the Pod it passes is not live here and the replacement is not reported;
// the helper's summary still says what it replaces, for real callers.
func setTolerations(p *corev1.Pod, t []corev1.Toleration) { // want setTolerations:`replaces\(param 0 PodSpec.Tolerations at a/a.go:\d+\)`
	p.Spec.Tolerations = t
}

// The whole spec replaced, then the containers and volumes it had put
// back from values saved before, one of them into a variable declared
// earlier: only the other admission-set fields are lost.
func (r *Reconciler) wholeSpecRestored(ctx context.Context, key client.ObjectKey, desired *corev1.Pod) error {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, key, pod); err != nil {
		return err
	}
	var volumes []corev1.Volume
	volumes = pod.Spec.Volumes
	containers := pod.Spec.Containers
	pod.Spec = desired.Spec // want `live Pod's Spec replaced wholesale, dropping the admission-set Affinity, DNSConfig, EnableServiceLinks, ImagePullSecrets, InitContainers, NodeSelector, Overhead, PreemptionPolicy, Priority, PriorityClassName, SecurityContext, ServiceAccountName and Tolerations`
	pod.Spec.Containers = containers
	pod.Spec.Volumes = volumes
	return r.Update(ctx, pod)
}

// The containers "saved" after the replacement are the desired ones:
// nothing is put back.
func (r *Reconciler) wholeSpecSavedLate(ctx context.Context, key client.ObjectKey, desired *corev1.Pod) error {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, key, pod); err != nil {
		return err
	}
	pod.Spec = desired.Spec // want `live Pod's Spec replaced wholesale, dropping the admission-set Affinity, Containers, DNSConfig, .*Volumes`
	containers := pod.Spec.Containers
	pod.Spec.Containers = containers
	return r.Update(ctx, pod)
}
