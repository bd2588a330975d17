package lookalike // want package:"owners\\(scales Deployment at lookalike.go:18\\)"

// Package lookalike: the module scales Deployments, but these are the
// operator's own types named like them.

import (
	autoscalingv2 "k8s.io/api/autoscaling/v2"
)

type DeploymentSpec struct {
	Replicas *int32
}

type Deployment struct {
	Spec DeploymentSpec
}

var target = autoscalingv2.CrossVersionObjectReference{Kind: "Deployment", Name: "cache"}

func set(d *Deployment, n int32) {
	d.Spec.Replicas = &n
	d.Spec = DeploymentSpec{}
}
