// Package builders builds desired objects for package a, in another
// package: what they set is known through facts.
package builders

import (
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Deployment leaves the server's defaults unset.
func Deployment(name, image string) *appsv1.Deployment { // want Deployment:`builds\(result sets \d+\)`
	replicas := int32(1)
	return &appsv1.Deployment{
		ObjectMeta: metav1.ObjectMeta{Name: name},
		Spec: appsv1.DeploymentSpec{
			Replicas: &replicas,
			Template: corev1.PodTemplateSpec{
				Spec: corev1.PodSpec{Containers: []corev1.Container{{Name: name, Image: image}}},
			},
		},
	}
}

// CompleteDeployment sets every default the server would.
func CompleteDeployment(name, image string) *appsv1.Deployment { // want CompleteDeployment:`builds\(result sets \d+\)`
	d := Deployment(name, image)
	limit, deadline, grace := int32(10), int32(600), int64(30)
	d.Spec.RevisionHistoryLimit = &limit
	d.Spec.ProgressDeadlineSeconds = &deadline
	d.Spec.Strategy.Type = "RollingUpdate"
	spec := &d.Spec.Template.Spec
	spec.RestartPolicy = "Always"
	spec.DNSPolicy = "ClusterFirst"
	spec.SchedulerName = "default-scheduler"
	spec.TerminationGracePeriodSeconds = &grace
	spec.SecurityContext = &corev1.PodSecurityContext{}
	for i := range spec.Containers {
		spec.Containers[i].TerminationMessagePath = "/dev/termination-log"
		spec.Containers[i].ImagePullPolicy = corev1.PullIfNotPresent
	}
	return d
}

// MovedPointerDeployment sets the defaults through a pointer that was
// moved to a scratch object first: the Deployment it returns keeps none
// of them. What a pointer writes into is read where it writes, not where
// it was first given a value.
func MovedPointerDeployment(name, image string) *appsv1.Deployment { // want MovedPointerDeployment:`builds\(result sets \d+\)`
	d := Deployment(name, image)
	scratch := Deployment(name, image)
	limit, deadline, grace := int32(10), int32(600), int64(30)
	spec := &d.Spec
	spec = &scratch.Spec
	spec.RevisionHistoryLimit = &limit
	spec.ProgressDeadlineSeconds = &deadline
	spec.Strategy.Type = "RollingUpdate"
	pod := &spec.Template.Spec
	pod.RestartPolicy = "Always"
	pod.DNSPolicy = "ClusterFirst"
	pod.SchedulerName = "default-scheduler"
	pod.TerminationGracePeriodSeconds = &grace
	pod.SecurityContext = &corev1.PodSecurityContext{}
	return d
}
