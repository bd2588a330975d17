package use

import (
	"maps"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/labels"

	"merge/helpers"
)

// probe reports the merges it is given (see merge_test.go).
func probe(any) {}

func calls(live, desired *corev1.Pod) {
	probe(helpers.MergeAnnotations(desired.Annotations, live.Annotations)) // want `union of desired.Annotations and live.Annotations via MergeAnnotations`
	probe(labels.Merge(live.Labels, desired.Labels))                       // want `union of live.Labels and desired.Labels`
	probe(helpers.Pruning(live.Annotations, desired.Annotations, nil))
	probe(helpers.Filtered(live.Annotations, desired.Annotations))
	probe(helpers.Single(live.Annotations))
}

func statements(live, desired *corev1.Pod) {
	helpers.Overlay(live.Labels, desired.Labels)     // want `desired.Labels into live.Labels via Overlay`
	maps.Copy(live.Annotations, desired.Annotations) // want `desired.Annotations into live.Annotations`
	for k, v := range desired.Annotations {          // want `desired.Annotations into live.Annotations`
		live.Annotations[k] = v
	}
	for k, v := range desired.Annotations {
		live.Annotations[k+"-copy"] = v
	}
}
