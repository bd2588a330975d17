package settings

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Reconciler struct {
	client.Client
}

// With extra-fields=Container.LivenessProbe and ignore-fields=Container.Env.
func (r *Reconciler) sync(ctx context.Context, key client.ObjectKey, probe *corev1.Probe, env []corev1.EnvVar) error {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, key, pod); err != nil {
		return err
	}
	pod.Spec.Containers[0].LivenessProbe = probe  // want `live Pod's container LivenessProbe replaced wholesale: the Pod never matches its desired state`
	pod.Spec.Containers[0].Env = env              // ignored
	*&pod.Spec.Containers[0] = corev1.Container{} // want `live Pod's container replaced wholesale, dropping the admission-set ImagePullPolicy, LivenessProbe, Resources, SecurityContext and VolumeMounts`
	return r.Update(ctx, pod)
}
