// Package claims rewrites the volumes of a Pod that a set controller
// owns, so that they point at the claims the set wants.
package claims

import (
	"context"
	"sort"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// claimVolumes builds one volume per wanted claim, in name order.
func claimVolumes(claims map[string]string) []corev1.Volume {
	names := make([]string, 0, len(claims))
	for n := range claims {
		names = append(names, n)
	}
	sort.Strings(names)
	var out []corev1.Volume
	for _, n := range names {
		out = append(out, corev1.Volume{Name: n, VolumeSource: corev1.VolumeSource{
			PersistentVolumeClaim: &corev1.PersistentVolumeClaimVolumeSource{ClaimName: claims[n]},
		}})
	}
	return out
}

// pointAtClaims keeps every volume of the Pod that is not a claim it
// replaces: the token volume admission added is among the kept ones.
func pointAtClaims(pod *corev1.Pod, claims map[string]string) {
	current := pod.Spec.Volumes
	next := claimVolumes(claims)
	for i := range current {
		if _, replaced := claims[current[i].Name]; !replaced {
			next = append(next, current[i])
		}
	}
	pod.Spec.Volumes = next
}

// pointAtClaimsRanged is the same, ranging over the live list's values.
func pointAtClaimsRanged(pod *corev1.Pod, claims map[string]string) {
	var kept []corev1.Volume
	for _, v := range pod.Spec.Volumes {
		if _, replaced := claims[v.Name]; !replaced {
			kept = append(kept, v)
		}
	}
	pod.Spec.Volumes = append(claimVolumes(claims), kept...)
}

// onlyClaims keeps nothing of the live list: the token volume is gone.
func onlyClaims(pod *corev1.Pod, claims map[string]string) { // want onlyClaims:`replaces\(param 0 PodSpec.Volumes at claims/claims.go:\d+\)`
	next := claimVolumes(claims)
	pod.Spec.Volumes = next // want `live Pod's Volumes replaced wholesale`
}

// syncAliased reads the live list under one name and writes it under
// another: the same Pod, so the kept volumes are carried over.
func syncAliased(ctx context.Context, c client.Client, key client.ObjectKey, claims map[string]string) error {
	fetched := &corev1.Pod{}
	if err := c.Get(ctx, key, fetched); err != nil {
		return err
	}
	pod := fetched
	var kept []corev1.Volume
	for _, v := range fetched.Spec.Volumes {
		if _, replaced := claims[v.Name]; !replaced {
			kept = append(kept, v)
		}
	}
	pod.Spec.Volumes = append(claimVolumes(claims), kept...)
	return c.Update(ctx, pod)
}

func sync(ctx context.Context, c client.Client, key client.ObjectKey, claims map[string]string) error {
	pod := &corev1.Pod{}
	if err := c.Get(ctx, key, pod); err != nil {
		return err
	}
	pointAtClaims(pod, claims)
	pointAtClaimsRanged(pod, claims)
	onlyClaims(pod, claims) // want `claims.onlyClaims: live Pod's Volumes replaced wholesale`
	return c.Update(ctx, pod)
}
