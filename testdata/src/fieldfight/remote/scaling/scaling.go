package scaling // want package:"owners\\(scales any kind at scaling.go:14\\)"

import (
	autoscaling "k8s.io/api/autoscaling/v2"
)

// ForTarget returns an autoscaler for a workload of any kind: the kind is
// the caller's, not a constant.
func ForTarget(kind, name string, max int32) *autoscaling.HorizontalPodAutoscaler {
	h := &autoscaling.HorizontalPodAutoscaler{}
	h.Name = name
	h.Spec.MaxReplicas = max
	h.Spec.ScaleTargetRef =
		autoscaling.CrossVersionObjectReference{Kind: kind, Name: name}
	return h
}
