// Package controller declares the interfaces it calls; the implementations
// are in packages it does not import, and the program's main hands them
// over.
package controller

import (
	"context"
	"sort"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// EnvSource gives the environment of an app's container.
type EnvSource interface {
	Env(ctx context.Context, dep *appsv1.Deployment) ([]corev1.EnvVar, error) // want Env:`interface method: result 0 reaches Container.Env \(controller.go:\d+\)`
}

// MountSource gives the names of the volumes to mount; the controller
// sorts them itself.
type MountSource interface {
	Mounts(dep *appsv1.Deployment) []string
}

type Reconciler struct {
	client.Client
	Source EnvSource
	Mounts MountSource
}

func New(c client.Client, src EnvSource) *Reconciler {
	return &Reconciler{Client: c, Source: src}
}

func (r *Reconciler) Reconcile(ctx context.Context, dep *appsv1.Deployment) error {
	env, err := r.Source.Env(ctx, dep)
	if err != nil {
		return err
	}
	dep.Spec.Template.Spec.Containers[0].Env = env
	var vols []corev1.Volume
	names := r.Mounts.Mounts(dep)
	sort.Strings(names)
	for _, n := range names {
		vols = append(vols, corev1.Volume{Name: n})
	}
	dep.Spec.Template.Spec.Volumes = vols
	return r.Update(ctx, dep)
}
