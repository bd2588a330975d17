// Package api declares a custom resource whose spec carries user-supplied
// annotations and labels for the workload.
package api

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

type Cache struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec CacheSpec
}

type CacheSpec struct {
	PodAnnotations map[string]string
	ExtraLabels    map[string]string
	Settings       map[string]string
}
