package a

import (
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

const (
	templateHashKey = "example.com/template-hash"
	configHashKey   = "example.com/config-hash"
	managedByKey    = "app.kubernetes.io/managed-by"
	pausedKey       = "example.com/paused"
)

type CacheSpec struct {
	PodTemplate []byte
	Config      string
	Paused      bool
}

// deploymentMetadata writes the template hash only when a template is set.
func deploymentMetadata(spec CacheSpec) map[string]string {
	deploymentAnnotations := map[string]string{managedByKey: "cache-operator"}
	if len(spec.PodTemplate) > 0 {
		deploymentAnnotations[templateHashKey] = "h1"
	}
	return deploymentAnnotations
}

// buildDeployment returns the desired Deployment.
func buildDeployment(spec CacheSpec) *appsv1.Deployment {
	dep := &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: "cache", Annotations: deploymentMetadata(spec)}}
	if spec.Config != "" {
		dep.Spec.Template.Annotations = map[string]string{configHashKey: "c1"}
	}
	return dep
}

// buildService always writes its keys.
func buildService() *corev1.Service {
	return &corev1.Service{ObjectMeta: metav1.ObjectMeta{
		Name:        "cache",
		Annotations: map[string]string{managedByKey: "cache-operator"},
	}}
}

var key0 = struct{ Namespace, Name string }{}
