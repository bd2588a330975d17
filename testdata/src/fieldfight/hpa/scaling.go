// Package hpa: a resource whose Deployment an autoscaler built here scales.
package hpa

import (
	"context"

	autoscalingv2 "k8s.io/api/autoscaling/v2"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type Autoscaling struct {
	MinReplicas *int32
	MaxReplicas int32
}

type CacheSpec struct {
	Replicas    *int32
	Image       string
	Autoscaling *Autoscaling
}

type Cache struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec CacheSpec
}

func (c *Cache) DeepCopyObject() runtime.Object { return c }

type Reconciler struct {
	client.Client
}

func (r *Reconciler) scaler(ctx context.Context, cache *Cache) error {
	if cache.Spec.Autoscaling == nil {
		return nil
	}
	h := &autoscalingv2.HorizontalPodAutoscaler{}
	h.Name = cache.Name
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, h, func() error {
		h.Spec = autoscalingv2.HorizontalPodAutoscalerSpec{
			ScaleTargetRef: autoscalingv2.CrossVersionObjectReference{Kind: "Deployment", Name: cache.Name},
			MinReplicas:    cache.Spec.Autoscaling.MinReplicas,
			MaxReplicas:    cache.Spec.Autoscaling.MaxReplicas,
		}
		return nil
	})
	return err
}
