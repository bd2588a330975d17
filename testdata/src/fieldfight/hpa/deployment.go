package hpa

import (
	"context"
	"reflect"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

func buildSpec(cache *Cache) appsv1.DeploymentSpec {
	return appsv1.DeploymentSpec{
		Replicas: cache.Spec.Replicas,
		Template: corev1.PodTemplateSpec{Spec: corev1.PodSpec{Containers: []corev1.Container{{Name: "cache", Image: cache.Spec.Image}}}},
	}
}

// The whole spec replaced in the mutate function: its replicas are the
// resource's, or nil, and the autoscaler's count is lost.
func (r *Reconciler) wholeSpec(ctx context.Context, cache *Cache) error {
	dep := &appsv1.Deployment{}
	dep.Name = cache.Name
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, dep, func() error {
		dep.Spec = buildSpec(cache) // want `live Deployment's Spec replaced wholesale, Spec.Replicas with it, while the HorizontalPodAutoscaler built at scaling.go:45 scales it: the two controllers undo each other`
		return nil
	})
	return err
}

// The replicas written from the resource on every reconcile.
func (r *Reconciler) replicasOnly(ctx context.Context, cache *Cache) error {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, client.ObjectKeyFromObject(cache), dep); err != nil {
		return err
	}
	dep.Spec.Replicas = cache.Spec.Replicas // want `Deployment.Spec.Replicas set on every reconcile while the HorizontalPodAutoscaler built at scaling.go:45 scales it`
	dep.Spec.Template.Spec.Containers[0].Image = cache.Spec.Image
	return r.Update(ctx, dep)
}

// A strict comparison of the live count decides the update.
func (r *Reconciler) compareCount(ctx context.Context, cache *Cache) error {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, client.ObjectKeyFromObject(cache), dep); err != nil {
		return err
	}
	if *dep.Spec.Replicas != *cache.Spec.Replicas { // want `Deployment.Spec.Replicas compared strictly to decide a write while the HorizontalPodAutoscaler built at scaling.go:45 scales it: every scale reads as drift and is undone`
		dep.Spec.Template.Spec.Containers[0].Image = cache.Spec.Image
		return r.Update(ctx, dep)
	}
	if !reflect.DeepEqual(dep.Spec.Replicas, cache.Spec.Replicas) { // want `Deployment.Spec.Replicas compared strictly`
		return r.Update(ctx, dep)
	}
	return nil
}

// RIGHT: the live count is carried over before the spec is replaced.
func (r *Reconciler) carried(ctx context.Context, cache *Cache) error {
	dep := &appsv1.Deployment{}
	dep.Name = cache.Name
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, dep, func() error {
		spec := buildSpec(cache)
		spec.Replicas = dep.Spec.Replicas
		dep.Spec = spec
		return nil
	})
	return err
}

// keepCount gives the desired spec the live count when it has none.
func keepCount(desired *appsv1.DeploymentSpec, existing appsv1.DeploymentSpec) {
	if desired.Replicas != nil || existing.Replicas == nil {
		return
	}
	n := *existing.Replicas
	desired.Replicas = &n
}

// RIGHT: a helper handed both specs carries the count over.
func (r *Reconciler) carriedByHelper(ctx context.Context, cache *Cache) error {
	dep := &appsv1.Deployment{}
	dep.Name = cache.Name
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, dep, func() error {
		spec := buildSpec(cache)
		keepCount(&spec, dep.Spec)
		dep.Spec = spec
		return nil
	})
	return err
}

// RIGHT: saved before and put back after: that write reads the live value.
func (r *Reconciler) restored(ctx context.Context, cache *Cache) error {
	dep := &appsv1.Deployment{}
	dep.Name = cache.Name
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, dep, func() error {
		saved := dep.Spec.Replicas
		dep.Spec = buildSpec(cache)
		dep.Spec.Replicas = saved
		return nil
	})
	return err
}

// RIGHT: replicas are written only where no autoscaler runs.
func (r *Reconciler) onlyWithoutAutoscaler(ctx context.Context, cache *Cache) error {
	dep := &appsv1.Deployment{}
	dep.Name = cache.Name
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, dep, func() error {
		dep.Spec.Template.Spec.Containers = []corev1.Container{{Name: "cache", Image: cache.Spec.Image}}
		if cache.Spec.Autoscaling == nil {
			dep.Spec.Replicas = cache.Spec.Replicas
		}
		return nil
	})
	return err
}

// RIGHT: the whole spec only when autoscaling is off; an early return
// leaves the rest to the autoscaler.
func (r *Reconciler) earlyReturn(ctx context.Context, cache *Cache) error {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, client.ObjectKeyFromObject(cache), dep); err != nil {
		return err
	}
	if cache.Spec.Autoscaling != nil {
		return nil
	}
	dep.Spec = buildSpec(cache)
	return r.Update(ctx, dep)
}

// RIGHT: replicas set only when the Deployment is created.
func (r *Reconciler) onCreate(ctx context.Context, cache *Cache) error {
	dep := &appsv1.Deployment{}
	dep.Name = cache.Name
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, dep, func() error {
		if dep.CreationTimestamp.IsZero() {
			dep.Spec.Replicas = cache.Spec.Replicas
		}
		dep.Spec.Template.Spec.Containers = []corev1.Container{{Name: "cache", Image: cache.Spec.Image}}
		return nil
	})
	return err
}

// RIGHT: a desired Deployment that is only created.
func (r *Reconciler) create(ctx context.Context, cache *Cache) error {
	dep := &appsv1.Deployment{Spec: buildSpec(cache)}
	dep.Spec.Replicas = cache.Spec.Replicas
	return r.Create(ctx, dep)
}

// A StatefulSet is not the autoscaler's target: its replicas are the
// operator's alone.
func (r *Reconciler) statefulSet(ctx context.Context, cache *Cache) error {
	sts := &appsv1.StatefulSet{}
	if err := r.Get(ctx, client.ObjectKeyFromObject(cache), sts); err != nil {
		return err
	}
	sts.Spec.Replicas = cache.Spec.Replicas
	return r.Update(ctx, sts)
}

// The inverse form: a desired Deployment sent with Update after only its
// metadata came from the live one.
func (r *Reconciler) inverse(ctx context.Context, cache *Cache) error {
	current := &appsv1.Deployment{}
	if err := r.Get(ctx, client.ObjectKeyFromObject(cache), current); err != nil {
		return err
	}
	desired := &appsv1.Deployment{Spec: buildSpec(cache)}
	desired.Name = current.Name
	desired.ResourceVersion = current.ResourceVersion
	return r.Update(ctx, desired) // want `Deployment sent with Update after only its metadata was copied from the live one, replacing Spec.Replicas while the HorizontalPodAutoscaler built at scaling.go:45 scales it`
}

// RIGHT: the inverse form, with the live count carried over.
func (r *Reconciler) inverseCarried(ctx context.Context, cache *Cache) error {
	current := &appsv1.Deployment{}
	if err := r.Get(ctx, client.ObjectKeyFromObject(cache), current); err != nil {
		return err
	}
	desired := &appsv1.Deployment{Spec: buildSpec(cache)}
	desired.Name = current.Name
	desired.ResourceVersion = current.ResourceVersion
	desired.Spec.Replicas = current.Spec.Replicas
	return r.Update(ctx, desired)
}

func maintenanceName(cache *Cache) string { return cache.Name + "-maintenance" }

// RIGHT: another Deployment of the resource, named apart from the one the
// autoscaler targets (scaling.go names its target cache.Name): nothing
// scales it.
func (r *Reconciler) maintenancePage(ctx context.Context, cache *Cache) error {
	dep := &appsv1.Deployment{}
	dep.Name = maintenanceName(cache)
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, dep, func() error {
		dep.Spec = buildSpec(cache)
		return nil
	})
	return err
}

// The spec replaced on one branch, the live count put back on the other:
// that write comes later in the text but not after the replacement, so
// the count is still lost where the spec is replaced.
func (r *Reconciler) replacedOrKept(ctx context.Context, cache *Cache, rebuild bool) error {
	dep := &appsv1.Deployment{}
	dep.Name = cache.Name
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, dep, func() error {
		saved := dep.Spec.Replicas
		if rebuild {
			dep.Spec = buildSpec(cache) // want `live Deployment's Spec replaced wholesale, Spec.Replicas with it`
		} else {
			dep.Spec.Replicas = saved
		}
		return nil
	})
	return err
}
