// Minimal stand-in for testing reconcilelint. Mirrors k8s.io/api v0.37.0 admissionregistration/v1;
// only the declarations the tests use, with upstream field names and types.
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
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

type ValidatingWebhook struct {
	Name                    string
	ClientConfig            WebhookClientConfig
	AdmissionReviewVersions []string
}

type MutatingWebhook struct {
	Name                    string
	ClientConfig            WebhookClientConfig
	AdmissionReviewVersions []string
}

type ValidatingWebhookConfiguration struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Webhooks []ValidatingWebhook
}

func (in *ValidatingWebhookConfiguration) DeepCopyObject() runtime.Object { return in }

type MutatingWebhookConfiguration struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Webhooks []MutatingWebhook
}

func (in *MutatingWebhookConfiguration) DeepCopyObject() runtime.Object { return in }

func (in *MutatingWebhookConfiguration) DeepCopy() *MutatingWebhookConfiguration {
	out := *in
	return &out
}
