package a

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// revisions lists the app's Deployments and returns a copy of the one of
// revision rev, and copies of the others, through named results.
func (r *Reconciler) revisions(ctx context.Context, rev string) (current *appsv1.Deployment, older []*appsv1.Deployment) {
	list := &appsv1.DeploymentList{}
	_ = r.List(ctx, list)
	for _, d := range list.Items {
		if d.Labels["revision"] == rev {
			current = d.DeepCopy()
		} else {
			older = append(older, d.DeepCopy())
		}
	}
	return
}

// RIGHT: the desired Deployment takes the running one's metadata and its
// template's metadata wholesale (restartedAt with it); the Update, retried,
// takes the resourceVersion of a fresh read.
func (r *Reconciler) updateTakingRunningTemplateMeta(ctx context.Context, rev string) error {
	want := desiredDeployment("app")
	running, _ := r.revisions(ctx, rev)
	if running == nil {
		return r.Create(ctx, want)
	}
	want.ObjectMeta = running.DeepCopy().ObjectMeta
	want.Spec.Template.ObjectMeta = running.DeepCopy().Spec.Template.ObjectMeta
	return retrying(func() error {
		fresh := &appsv1.Deployment{}
		if err := r.Get(ctx, client.ObjectKeyFromObject(want), fresh); err != nil {
			return err
		}
		want.ResourceVersion = fresh.ResourceVersion
		return r.Update(ctx, want)
	})
}

// The same without the template's metadata: the desired template goes out
// as built, without restartedAt.
func (r *Reconciler) updateTakingRunningMetaOnly(ctx context.Context, rev string) error {
	want := desiredDeployment("app")
	running, _ := r.revisions(ctx, rev)
	if running == nil {
		return r.Create(ctx, want)
	}
	want.ObjectMeta = running.DeepCopy().ObjectMeta
	return retrying(func() error {
		fresh := &appsv1.Deployment{}
		if err := r.Get(ctx, client.ObjectKeyFromObject(want), fresh); err != nil {
			return err
		}
		want.ResourceVersion = fresh.ResourceVersion
		return r.Update(ctx, want) // want `desired Deployment written over the live one with Update, dropping restartedAt`
	})
}

// The same metadata-only copy from an object a helper listed, sent with
// Update without a read in this function: the helper's result is the live
// object all the same, and the template goes out as built.
func (r *Reconciler) updateTakingListedMetaOnly(ctx context.Context, rev string) error {
	want := desiredDeployment("app")
	running, _ := r.revisions(ctx, rev)
	if running == nil {
		return r.Create(ctx, want)
	}
	want.ObjectMeta = running.DeepCopy().ObjectMeta
	return r.Update(ctx, want) // want `desired Deployment written over the live one with Update, dropping restartedAt`
}

// RIGHT: the whole template is given only to a Deployment being created;
// one that exists keeps its template, restartedAt included.
func (r *Reconciler) ensureOnCreate(ctx context.Context, name string) error {
	dep := &appsv1.Deployment{}
	dep.Name = name
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, dep, func() error {
		if dep.ResourceVersion == "" {
			dep.Spec.Template = desiredDeployment(name).Spec.Template
		}
		return nil
	})
	return err
}
