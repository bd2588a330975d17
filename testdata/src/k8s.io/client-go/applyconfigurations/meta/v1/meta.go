// Minimal stand-in for testing reconcilelint. Mirrors k8s.io/client-go v0.37.0 applyconfigurations/meta/v1;
// only the declarations the tests use, with upstream signatures.
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

type TypeMetaApplyConfiguration struct {
	Kind       *string
	APIVersion *string
}

type OwnerReferenceApplyConfiguration struct {
	Name *string
	Kind *string
}

func OwnerReference() *OwnerReferenceApplyConfiguration { return &OwnerReferenceApplyConfiguration{} }

func (b *OwnerReferenceApplyConfiguration) WithName(value string) *OwnerReferenceApplyConfiguration {
	b.Name = &value
	return b
}

type ObjectMetaApplyConfiguration struct {
	Name            *string
	Namespace       *string
	Labels          map[string]string
	Annotations     map[string]string
	OwnerReferences []OwnerReferenceApplyConfiguration
	Finalizers      []string
}

func ObjectMeta() *ObjectMetaApplyConfiguration { return &ObjectMetaApplyConfiguration{} }

func (b *ObjectMetaApplyConfiguration) WithName(value string) *ObjectMetaApplyConfiguration {
	b.Name = &value
	return b
}

func (b *ObjectMetaApplyConfiguration) WithNamespace(value string) *ObjectMetaApplyConfiguration {
	b.Namespace = &value
	return b
}

func (b *ObjectMetaApplyConfiguration) WithLabels(entries map[string]string) *ObjectMetaApplyConfiguration {
	if b.Labels == nil && len(entries) > 0 {
		b.Labels = make(map[string]string, len(entries))
	}
	for k, v := range entries {
		b.Labels[k] = v
	}
	return b
}

func (b *ObjectMetaApplyConfiguration) WithAnnotations(entries map[string]string) *ObjectMetaApplyConfiguration {
	if b.Annotations == nil && len(entries) > 0 {
		b.Annotations = make(map[string]string, len(entries))
	}
	for k, v := range entries {
		b.Annotations[k] = v
	}
	return b
}

type ConditionApplyConfiguration struct {
	Type               *string
	Status             *string
	LastTransitionTime *metav1.Time
	Reason             *string
}

func Condition() *ConditionApplyConfiguration { return &ConditionApplyConfiguration{} }

func (b *ConditionApplyConfiguration) WithType(value string) *ConditionApplyConfiguration {
	b.Type = &value
	return b
}

func (b *ConditionApplyConfiguration) WithStatus(value string) *ConditionApplyConfiguration {
	b.Status = &value
	return b
}

func (b *ConditionApplyConfiguration) WithLastTransitionTime(value metav1.Time) *ConditionApplyConfiguration {
	b.LastTransitionTime = &value
	return b
}
