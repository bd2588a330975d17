// Package kube holds the usual helper: Get the live workload, copy its
// metadata into the desired one, Update with the desired one.
package kube

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

func UpdateStatefulSet(ctx context.Context, c client.Client, desired *appsv1.StatefulSet) error {
	current := &appsv1.StatefulSet{}
	if err := c.Get(ctx, client.ObjectKeyFromObject(desired), current); err != nil {
		return err
	}
	desired.ResourceVersion = current.ResourceVersion
	return c.Update(ctx, desired) // want `desired StatefulSet written over the live one with Update, dropping restartedAt`
}

// MergeMeta keeps what others put in the metadata.
func MergeMeta(dst *metav1.ObjectMeta, src metav1.ObjectMeta) {
	dst.ResourceVersion = src.ResourceVersion
	dst.UID = src.UID
}

func UpdateDeployment(ctx context.Context, c client.Client, desired *appsv1.Deployment) error {
	current := &appsv1.Deployment{}
	if err := c.Get(ctx, client.ObjectKeyFromObject(desired), current); err != nil {
		return err
	}
	MergeMeta(&desired.ObjectMeta, current.ObjectMeta)
	return c.Update(ctx, desired) // want `desired Deployment written over the live one with Update, dropping restartedAt`
}

// The live template's annotations are merged into the desired template
// first: restartedAt survives.
func UpdateDeploymentKeepingTemplate(ctx context.Context, c client.Client, desired *appsv1.Deployment) error {
	current := &appsv1.Deployment{}
	if err := c.Get(ctx, client.ObjectKeyFromObject(desired), current); err != nil {
		return err
	}
	desired.ResourceVersion = current.ResourceVersion
	desired.Spec.Template.Annotations = union(desired.Spec.Template.Annotations, current.Spec.Template.Annotations)
	return c.Update(ctx, desired)
}

func union(a, b map[string]string) map[string]string {
	out := map[string]string{}
	for k, v := range b {
		out[k] = v
	}
	for k, v := range a {
		out[k] = v
	}
	return out
}

// The live object changed in place and written back: the ordinary form,
// not this one.
func ScaleDeployment(ctx context.Context, c client.Client, key client.ObjectKey, replicas int32) error {
	current := &appsv1.Deployment{}
	if err := c.Get(ctx, key, current); err != nil {
		return err
	}
	current.Spec.Replicas = &replicas
	return c.Update(ctx, current)
}

// A copy of the live object, changed and written: also in place.
func RelabelDeployment(ctx context.Context, c client.Client, key client.ObjectKey) error {
	current := &appsv1.Deployment{}
	if err := c.Get(ctx, key, current); err != nil {
		return err
	}
	next := current.DeepCopy()
	next.Labels = map[string]string{"tier": "web"}
	next.ResourceVersion = current.ResourceVersion
	return c.Update(ctx, next)
}

// The same copy given to a variable declared before it: still the live
// object, changed in place.
func RelabelDeploymentLater(ctx context.Context, c client.Client, key client.ObjectKey) error {
	current := &appsv1.Deployment{}
	if err := c.Get(ctx, key, current); err != nil {
		return err
	}
	var next *appsv1.Deployment
	next = current.DeepCopy()
	next.Labels = map[string]string{"tier": "web"}
	next.ResourceVersion = current.ResourceVersion
	return c.Update(ctx, next)
}

// Metadata merged, then the live template's kubectl annotations copied in
// by a helper given both templates' parts: a carry-over by data flow.
func UpdateDaemonSet(ctx context.Context, c client.Client, desired *appsv1.DaemonSet) error {
	current := &appsv1.DaemonSet{}
	if err := c.Get(ctx, client.ObjectKeyFromObject(desired), current); err != nil {
		return err
	}
	MergeMeta(&desired.ObjectMeta, current.ObjectMeta)
	copyAnnotations(&desired.Spec.Template.ObjectMeta, current.Spec.Template.Annotations)
	return c.Update(ctx, desired)
}

func copyAnnotations(dst *metav1.ObjectMeta, src map[string]string) {
	for k, v := range src {
		dst.Annotations[k] = v
	}
}

// A filter handed the kubectl prefix selects restartedAt: a carry-over.
func UpdateStatefulSetFiltered(ctx context.Context, c client.Client, desired *appsv1.StatefulSet) error { // want UpdateStatefulSetFiltered:"carries restartedAt"
	current := &appsv1.StatefulSet{}
	if err := c.Get(ctx, client.ObjectKeyFromObject(desired), current); err != nil {
		return err
	}
	desired.ResourceVersion = current.ResourceVersion
	kept := byPrefix(current.Spec.Template.Annotations, "kubectl.kubernetes.io/")
	for k, v := range kept {
		desired.Spec.Template.Annotations[k] = v
	}
	return c.Update(ctx, desired)
}

func byPrefix(m map[string]string, prefix string) map[string]string {
	out := map[string]string{}
	for k, v := range m {
		if len(k) >= len(prefix) && k[:len(prefix)] == prefix {
			out[k] = v
		}
	}
	return out
}
