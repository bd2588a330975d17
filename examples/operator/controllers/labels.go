package controllers

import (
	corev1 "k8s.io/api/core/v1"
)

// addProbeEnv adds extra environment to a probe Pod that is created once
// and never compared or updated, so map order does not matter here.
func addProbeEnv(pod *corev1.Pod, extra map[string]string) {
	//reconcilelint:ignore maporder the probe Pod is created once and never compared
	for k, v := range extra {
		pod.Spec.Containers[0].Env = append(pod.Spec.Containers[0].Env, corev1.EnvVar{Name: k, Value: v})
	}
}

// restartProbe marks the probe for a restart. The directive below lacks a
// reason, so it is reported and silences nothing.
func restartProbe(pod *corev1.Pod) {
	//reconcilelint:ignore restartrevert
	pod.Annotations["cache.example.com/probe-restart"] = "now"
}
