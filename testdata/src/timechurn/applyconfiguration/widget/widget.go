// Package widget holds generated-style apply configurations of the
// operator's Widget kind.
package widget

import metav1ac "k8s.io/client-go/applyconfigurations/meta/v1"

type WidgetApplyConfiguration struct {
	Name   *string
	Status *WidgetStatusApplyConfiguration
}

func Widget(name string) *WidgetApplyConfiguration { return &WidgetApplyConfiguration{Name: &name} }

func (b *WidgetApplyConfiguration) WithStatus(value *WidgetStatusApplyConfiguration) *WidgetApplyConfiguration {
	b.Status = value
	return b
}

func (*WidgetApplyConfiguration) IsApplyConfiguration() {}

type WidgetStatusApplyConfiguration struct {
	Conditions []metav1ac.ConditionApplyConfiguration
}

func WidgetStatus() *WidgetStatusApplyConfiguration { return &WidgetStatusApplyConfiguration{} }

func (b *WidgetStatusApplyConfiguration) WithConditions(values ...*metav1ac.ConditionApplyConfiguration) *WidgetStatusApplyConfiguration {
	for _, v := range values {
		b.Conditions = append(b.Conditions, *v)
	}
	return b
}
