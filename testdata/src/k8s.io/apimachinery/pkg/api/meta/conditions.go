// Minimal stand-in for testing reconcilelint. Mirrors k8s.io/apimachinery v0.37.0 pkg/api/meta;
// only the declarations the tests use, with upstream signatures.
package meta

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// SetStatusCondition sets the corresponding condition in conditions to
// newCondition, keeping LastTransitionTime when the status is unchanged.
func SetStatusCondition(conditions *[]metav1.Condition, newCondition metav1.Condition) (changed bool) {
	for i := range *conditions {
		if (*conditions)[i].Type == newCondition.Type {
			if (*conditions)[i].Status != newCondition.Status {
				(*conditions)[i] = newCondition
				return true
			}
			return false
		}
	}
	*conditions = append(*conditions, newCondition)
	return true
}

// FindStatusCondition finds the conditionType in conditions.
func FindStatusCondition(conditions []metav1.Condition, conditionType string) *metav1.Condition {
	for i := range conditions {
		if conditions[i].Type == conditionType {
			return &conditions[i]
		}
	}
	return nil
}
