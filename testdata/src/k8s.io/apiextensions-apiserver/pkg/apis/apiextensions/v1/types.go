// Minimal stand-in for testing reconcilelint. Mirrors k8s.io/apiextensions-apiserver v0.37.0
// pkg/apis/apiextensions/v1; only the declarations the tests use, with upstream field names and types.
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

type ConversionStrategyType string

const (
	NoneConverter    ConversionStrategyType = "None"
	WebhookConverter ConversionStrategyType = "Webhook"
)

type ServiceReference struct {
	Namespace string
	Name      string
	Path      *string
	Port      *int32
}

type WebhookClientConfig struct {
	URL      *string
	Service  *ServiceReference
	CABundle []byte
}

type WebhookConversion struct {
	ClientConfig             *WebhookClientConfig
	ConversionReviewVersions []string
}

type CustomResourceConversion struct {
	Strategy ConversionStrategyType
	Webhook  *WebhookConversion
}

type CustomResourceDefinitionNames struct {
	Plural   string
	Singular string
	Kind     string
	ListKind string
}

type CustomResourceDefinitionSpec struct {
	Group      string
	Names      CustomResourceDefinitionNames
	Conversion *CustomResourceConversion
}

type CustomResourceDefinition struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec CustomResourceDefinitionSpec
}

func (in *CustomResourceDefinition) DeepCopyObject() runtime.Object { return in }

func (in *CustomResourceDefinition) DeepCopy() *CustomResourceDefinition {
	out := *in
	return &out
}
