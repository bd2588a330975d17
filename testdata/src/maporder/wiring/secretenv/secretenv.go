// Package secretenv turns a Secret's keys into environment variables.
package secretenv

import (
	"context"
	"sort"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
)

// FromSecret lists the keys in the order of the Secret's map.
type FromSecret struct {
	Secret *corev1.Secret
}

func (f FromSecret) Env(ctx context.Context, dep *appsv1.Deployment) ([]corev1.EnvVar, error) { // want Env:`maporder\(result 0 in order of map f.Secret.Data \(secretenv.go:\d+\)\)`
	var env []corev1.EnvVar
	for k := range f.Secret.Data {
		env = append(env, corev1.EnvVar{Name: k, ValueFrom: &corev1.EnvVarSource{SecretKeyRef: &corev1.SecretKeySelector{Key: k}}})
	}
	return env, nil
}

// Sorted lists them by name.
type Sorted struct {
	Secret *corev1.Secret
}

func (s *Sorted) Env(ctx context.Context, dep *appsv1.Deployment) ([]corev1.EnvVar, error) {
	var env []corev1.EnvVar
	for k := range s.Secret.Data {
		env = append(env, corev1.EnvVar{Name: k})
	}
	sort.Slice(env, func(i, j int) bool { return env[i].Name < env[j].Name })
	return env, nil
}

// Volumes mounts every key of the Secret, in map order: the controller
// sorts what it is given.
type Volumes struct {
	Secret *corev1.Secret
}

func (v Volumes) Mounts(dep *appsv1.Deployment) []string { // want Mounts:`maporder\(result 0 in order of map v.Secret.Data \(secretenv.go:\d+\)\)`
	var names []string
	for k := range v.Secret.Data {
		names = append(names, k)
	}
	return names
}
