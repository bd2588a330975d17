// Package v1alpha1 holds the operator's generated apply configurations.
package v1alpha1

type WidgetStatusApplyConfiguration struct {
	Endpoints []string
}

func WidgetStatus() *WidgetStatusApplyConfiguration { return &WidgetStatusApplyConfiguration{} }

func (b *WidgetStatusApplyConfiguration) WithEndpoints(values ...string) *WidgetStatusApplyConfiguration {
	b.Endpoints = append(b.Endpoints, values...)
	return b
}
