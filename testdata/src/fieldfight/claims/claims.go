// Package claims: specs whose owned fields the API server's controllers
// set once and never let change.
package claims

import (
	"context"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

func claimSpec(class string) corev1.PersistentVolumeClaimSpec {
	return corev1.PersistentVolumeClaimSpec{StorageClassName: &class, AccessModes: []corev1.PersistentVolumeAccessMode{"ReadWriteOnce"}}
}

// The claim's spec replaced: volumeName, set at binding, is cleared.
func syncClaim(ctx context.Context, c client.Client, name, class string) error {
	pvc := &corev1.PersistentVolumeClaim{}
	pvc.Name = name
	_, err := controllerutil.CreateOrUpdate(ctx, c, pvc, func() error {
		pvc.Spec = claimSpec(class) // want `live PersistentVolumeClaim's Spec replaced wholesale, Spec.VolumeName with it, while the volume binder set it when the claim was bound: the update is rejected \(the claim's spec is immutable\) on every reconcile`
		return nil
	})
	return err
}

// RIGHT: the spec is written only when the claim is created.
func syncClaimOnCreate(ctx context.Context, c client.Client, name, class string) error {
	pvc := &corev1.PersistentVolumeClaim{}
	pvc.Name = name
	_, err := controllerutil.CreateOrUpdate(ctx, c, pvc, func() error {
		if pvc.CreationTimestamp.IsZero() {
			pvc.Spec = claimSpec(class)
		}
		return nil
	})
	return err
}

// RIGHT: the bound volume is carried over.
func syncClaimKeeping(ctx context.Context, c client.Client, key client.ObjectKey, class string) error {
	pvc := &corev1.PersistentVolumeClaim{}
	if err := c.Get(ctx, key, pvc); err != nil {
		return err
	}
	spec := claimSpec(class)
	spec.VolumeName = pvc.Spec.VolumeName
	pvc.Spec = spec
	return c.Update(ctx, pvc)
}

// The Job's spec replaced: its generated selector is cleared.
func syncJob(ctx context.Context, c client.Client, key client.ObjectKey, spec batchv1.JobSpec) error {
	job := &batchv1.Job{}
	if err := c.Get(ctx, key, job); err != nil {
		return err
	}
	job.Spec = spec // want `live Job's Spec replaced wholesale, Spec.Selector with it, while the Job controller generated it: the update is rejected \(a Job's selector is immutable\) on every reconcile`
	return c.Update(ctx, job)
}

// RIGHT, by decision: a Service's allocated fields are copied by the API
// server into an update that leaves them empty (Kubernetes 1.20 and
// later), so replacing the spec keeps them.
func syncService(ctx context.Context, c client.Client, key client.ObjectKey, spec corev1.ServiceSpec) error {
	svc := &corev1.Service{}
	if err := c.Get(ctx, key, svc); err != nil {
		return err
	}
	svc.Spec = spec
	return c.Update(ctx, svc)
}

// fillClaim fills a claim its caller creates; it never sees a bound one.
func fillClaim(pvc *corev1.PersistentVolumeClaim, spec corev1.PersistentVolumeClaimSpec) {
	pvc.Spec = spec
}

// RIGHT: the claim read here is handed to fillClaim only in the NotFound
// branch, and created there.
func restoreClaim(ctx context.Context, c client.Client, key client.ObjectKey, spec corev1.PersistentVolumeClaimSpec) error {
	pvc := &corev1.PersistentVolumeClaim{}
	err := c.Get(ctx, key, pvc)
	if apierrors.IsNotFound(err) {
		fillClaim(pvc, spec)
		return c.Create(ctx, pvc)
	}
	return err
}
