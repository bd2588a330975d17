package listed

import (
	"context"
	"sort"

	"maporder/listed/discover"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// podsOf fills list from the cache: the caller's list takes the cache's
// order, though the caller never calls List itself.
func (r *Reconciler) podsOf(ctx context.Context, dep *appsv1.Deployment, list *corev1.PodList) error { // want podsOf:`maporder\(fills param 2 in order of the informer cache.s list list \(filled.go:17\)\)`
	return r.List(ctx, list, client.InNamespace(dep.Namespace), client.MatchingLabels(dep.Spec.Selector.MatchLabels)) // want `r.List\(ctx, list, client.InNamespace\(\.\.\. lists from the informer cache in no fixed order, and the list feeds PodSpec.Volumes; sort it first`
}

// WRONG: the list a helper filled is walked into the template's volumes.
func (r *Reconciler) claimVolumes(ctx context.Context, dep *appsv1.Deployment) error {
	var pods corev1.PodList
	if err := r.podsOf(ctx, dep, &pods); err != nil {
		return err
	}
	var vols []corev1.Volume
	for _, p := range pods.Items {
		vols = append(vols, corev1.Volume{Name: "from-" + p.Name})
	}
	dep.Spec.Template.Spec.Volumes = vols
	return r.Update(ctx, dep)
}

// RIGHT: the same list, sorted once the helper has filled it.
func (r *Reconciler) claimVolumesSorted(ctx context.Context, dep *appsv1.Deployment) error {
	var pods corev1.PodList
	if err := r.podsOf(ctx, dep, &pods); err != nil {
		return err
	}
	sort.Slice(pods.Items, func(i, j int) bool { return pods.Items[i].Name < pods.Items[j].Name })
	var vols []corev1.Volume
	for _, p := range pods.Items {
		vols = append(vols, corev1.Volume{Name: "from-" + p.Name})
	}
	dep.Spec.Template.Spec.Volumes = vols
	return r.Update(ctx, dep)
}

// WRONG: a generic helper of another package fills the list.
func (r *Reconciler) groupEnv(ctx context.Context, dep *appsv1.Deployment) error {
	var pods corev1.PodList
	if err := discover.Into(ctx, r.Client, dep.Namespace, &pods); err != nil { // want `discover.Into fills &pods from the informer cache's list \(discover.go:\d+\), in no fixed order, and it feeds Container.Env; sort it first`
		return err
	}
	var env []corev1.EnvVar
	for _, p := range pods.Items {
		env = append(env, corev1.EnvVar{Name: "MEMBER_" + p.Name, Value: p.Spec.NodeName})
	}
	dep.Spec.Template.Spec.Containers[0].Env = env
	return r.Update(ctx, dep)
}

// RIGHT: the same, sorted.
func (r *Reconciler) groupEnvSorted(ctx context.Context, dep *appsv1.Deployment) error {
	var pods corev1.PodList
	if err := discover.Into(ctx, r.Client, dep.Namespace, &pods); err != nil {
		return err
	}
	sort.Slice(pods.Items, func(i, j int) bool { return pods.Items[i].Name < pods.Items[j].Name })
	var env []corev1.EnvVar
	for _, p := range pods.Items {
		env = append(env, corev1.EnvVar{Name: "MEMBER_" + p.Name, Value: p.Spec.NodeName})
	}
	dep.Spec.Template.Spec.Containers[0].Env = env
	return r.Update(ctx, dep)
}
