package suffix // want package:"owners\\(scales Deployment at suffix.go:25\\)"

// Package suffix: one resource runs several Deployments, named by suffix;
// the autoscaler targets the server alone.

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	autoscalingv2 "k8s.io/api/autoscaling/v2"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

func withSuffix(suffix, name string) string { return name + "-" + suffix }

func newDeployment(suffix, name string) *appsv1.Deployment {
	d := &appsv1.Deployment{}
	d.Name = withSuffix(suffix, name)
	return d
}

func serverAutoscaler(name string) *autoscalingv2.HorizontalPodAutoscaler {
	h := &autoscalingv2.HorizontalPodAutoscaler{}
	h.Spec.ScaleTargetRef =
		autoscalingv2.CrossVersionObjectReference{Kind: "Deployment", Name: withSuffix("server", name)}
	return h
}

// The server is scaled by the autoscaler and by this.
func syncServer(ctx context.Context, c client.Client, name string, n int32) error {
	server := newDeployment("server", name)
	if err := c.Get(ctx, client.ObjectKeyFromObject(server), server); err != nil {
		return err
	}
	server.Spec.Replicas = &n // want `Deployment.Spec.Replicas set on every reconcile while the HorizontalPodAutoscaler built at suffix.go:25 scales it`
	return c.Update(ctx, server)
}

// RIGHT: the proxy is named apart; nothing else scales it.
func syncProxy(ctx context.Context, c client.Client, name string, n int32) error {
	proxy := newDeployment("proxy", name)
	if err := c.Get(ctx, client.ObjectKeyFromObject(proxy), proxy); err != nil {
		return err
	}
	proxy.Spec.Replicas = &n
	return c.Update(ctx, proxy)
}
