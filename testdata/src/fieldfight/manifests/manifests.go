package manifests // want package:"owners\\(handles autoscalers at manifests.go:37\\)"

// Package manifests: transformers of a rendered manifest, applied after
// they run. The manifest ships autoscalers for some Deployments.

import (
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"

	mf "github.com/manifestival/manifestival"
)

type Settings struct {
	Replicas   *int32
	Autoscaled []string
}

func autoscaled(s Settings, name string) bool {
	for _, n := range s.Autoscaled {
		if n == name {
			return true
		}
	}
	return false
}

// Every Deployment of the manifest gets the configured count, those the
// manifest's autoscalers scale too.
func ReplicasTransform(s Settings) mf.Transformer {
	return func(u *unstructured.Unstructured) error {
		if s.Replicas == nil {
			return nil
		}
		n := int64(*s.Replicas)
		if u.GetKind() == "Deployment" {
			return unstructured.SetNestedField(u.Object, n, "spec", "replicas") // want `Deployment spec.replicas set on every reconcile while the HorizontalPodAutoscalers the module handles \(manifests.go:37\) scale it`
		}
		if u.GetKind() == "HorizontalPodAutoscaler" {
			return unstructured.SetNestedField(u.Object, n, "spec", "minReplicas")
		}
		return nil
	}
}

// RIGHT: the Deployments that an autoscaler scales are left to it.
func ReplicasTransformSkippingHPA(s Settings) mf.Transformer {
	return func(u *unstructured.Unstructured) error {
		if s.Replicas == nil {
			return nil
		}
		if u.GetKind() == "Deployment" && !autoscaled(s, u.GetName()) {
			return unstructured.SetNestedField(u.Object, int64(*s.Replicas), "spec", "replicas")
		}
		return nil
	}
}

// RIGHT: a StatefulSet's count, read back from the manifest itself.
func KeepTransform() mf.Transformer {
	return func(u *unstructured.Unstructured) error {
		if u.GetKind() == "StatefulSet" {
			n, _, _ := unstructured.NestedInt64(u.Object, "spec", "replicas")
			return unstructured.SetNestedField(u.Object, n, "spec", "replicas")
		}
		return nil
	}
}

// RIGHT: a kind that is not named: nothing says what the field is.
func AnyKind(s Settings) mf.Transformer {
	return func(u *unstructured.Unstructured) error {
		return unstructured.SetNestedField(u.Object, int64(*s.Replicas), "spec", "replicas")
	}
}
