// Package listed: lists read from an informer cache come in the order of
// the cache's own map, a new one at each List.
package listed

import (
	"context"
	"sort"

	"maporder/listed/discover"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/labels"
	appslisters "k8s.io/client-go/listers/apps/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Reconciler struct {
	client.Client
	Finder discover.Finder
	Sets   appslisters.StatefulSetLister
}

// WRONG: one env var per Pod, in the order the cache lists the Pods; the
// Update sends a new order whenever the cache's changes.
func (r *Reconciler) peersEnv(ctx context.Context, dep *appsv1.Deployment) error {
	pods := &corev1.PodList{}
	if err := r.List(ctx, pods, client.InNamespace(dep.Namespace)); err != nil { // want `r.List\(ctx, pods, client.InNamespace\(\.\.\. lists from the informer cache in no fixed order, and the list feeds Container.Env; sort it first`
		return err
	}
	var env []corev1.EnvVar
	for _, p := range pods.Items {
		env = append(env, corev1.EnvVar{Name: "PEER_" + p.Name, Value: p.Spec.NodeName})
	}
	dep.Spec.Template.Spec.Containers[0].Env = env
	return r.Update(ctx, dep)
}

// RIGHT: the list is sorted by name before it is walked.
func (r *Reconciler) peersEnvSorted(ctx context.Context, dep *appsv1.Deployment) error {
	var pods corev1.PodList
	if err := r.List(ctx, &pods, client.InNamespace(dep.Namespace)); err != nil {
		return err
	}
	sort.Slice(pods.Items, func(i, j int) bool { return pods.Items[i].Name < pods.Items[j].Name })
	var env []corev1.EnvVar
	for _, p := range pods.Items {
		env = append(env, corev1.EnvVar{Name: "PEER_" + p.Name, Value: p.Spec.NodeName})
	}
	dep.Spec.Template.Spec.Containers[0].Env = env
	return r.Update(ctx, dep)
}

// RIGHT: what is built from the list is sorted before it is sent.
func (r *Reconciler) peersEnvSortedAfter(ctx context.Context, dep *appsv1.Deployment) error {
	pods := &corev1.PodList{}
	if err := r.List(ctx, pods); err != nil {
		return err
	}
	var env []corev1.EnvVar
	for _, p := range pods.Items {
		env = append(env, corev1.EnvVar{Name: "PEER_" + p.Name, Value: p.Spec.NodeName})
	}
	sort.Slice(env, func(i, j int) bool { return env[i].Name < env[j].Name })
	dep.Spec.Template.Spec.Containers[0].Env = env
	return r.Update(ctx, dep)
}

// RIGHT: a list of the Deployment's own containers is no cache list.
func (r *Reconciler) ownContainers(ctx context.Context, dep *appsv1.Deployment) error {
	var env []corev1.EnvVar
	for _, c := range dep.Spec.Template.Spec.Containers {
		env = append(env, corev1.EnvVar{Name: "HAS_" + c.Name, Value: "1"})
	}
	dep.Spec.Template.Spec.Containers[0].Env = env
	return r.Update(ctx, dep)
}

// WRONG: a lister's List reads the same cache.
func (r *Reconciler) setVolumes(ctx context.Context, dep *appsv1.Deployment) error {
	sets, err := r.Sets.StatefulSets(dep.Namespace).List(labels.SelectorFromSet(dep.Spec.Template.Labels)) // want `r.Sets.StatefulSets\(dep.Namespace\).Li\.\.\. lists from the informer cache in no fixed order, and the list feeds PodSpec.Volumes; sort it first`
	if err != nil {
		return err
	}
	var vols []corev1.Volume
	for _, s := range sets {
		vols = append(vols, corev1.Volume{Name: s.Name})
	}
	dep.Spec.Template.Spec.Volumes = vols
	return r.Update(ctx, dep)
}

// WRONG: the names come through an interface whose implementation, in
// another package, lists them from the cache.
func (r *Reconciler) membersArgs(ctx context.Context, dep *appsv1.Deployment) error {
	names, err := r.Finder.Members(ctx, dep.Namespace) // want `CacheFinder.Members returns values in the order of the informer cache's list pods \(discover.go:\d+\) and they feed Container.Args; sort them first`
	if err != nil {
		return err
	}
	dep.Spec.Template.Spec.Containers[0].Args = names
	return r.Update(ctx, dep)
}

// RIGHT: the same names, sorted.
func (r *Reconciler) membersArgsSorted(ctx context.Context, dep *appsv1.Deployment) error {
	names, err := r.Finder.Members(ctx, dep.Namespace)
	if err != nil {
		return err
	}
	sort.Strings(names)
	dep.Spec.Template.Spec.Containers[0].Args = names
	return r.Update(ctx, dep)
}

// RIGHT: the lister's list, sorted before it is walked.
func (r *Reconciler) setVolumesSorted(ctx context.Context, dep *appsv1.Deployment) error {
	sets, err := r.Sets.StatefulSets(dep.Namespace).List(labels.SelectorFromSet(dep.Spec.Template.Labels))
	if err != nil {
		return err
	}
	sort.Slice(sets, func(i, j int) bool { return sets[i].Name < sets[j].Name })
	var vols []corev1.Volume
	for _, s := range sets {
		vols = append(vols, corev1.Volume{Name: s.Name})
	}
	dep.Spec.Template.Spec.Volumes = vols
	return r.Update(ctx, dep)
}
