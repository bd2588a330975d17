package merge // want package:"owners\\(names service.beta.openshift.io/inject-cabundle at merge.go:11; sets caBundle\\)"

// Package merge, fixed: the bundle the injector wrote is carried over from
// the live CRD before the spec is replaced, when the CRD asks for
// injection.

import (
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
)

const injectCABundle = "service.beta.openshift.io/inject-cabundle"

func EnsureCRD(modified *bool, existing *apiextv1.CustomResourceDefinition, required apiextv1.CustomResourceDefinition) {
	keepInjectedBundle(&required, *existing)
	if existing.Spec.Group != required.Spec.Group || existing.Spec.Conversion != required.Spec.Conversion {
		*modified = true
		existing.Spec = required.Spec
	}
}

func keepInjectedBundle(required *apiextv1.CustomResourceDefinition, existing apiextv1.CustomResourceDefinition) {
	if existing.Annotations[injectCABundle] != "true" {
		return
	}
	req, cur := required.Spec.Conversion, existing.Spec.Conversion
	if req == nil || req.Strategy != apiextv1.WebhookConverter || req.Webhook == nil || req.Webhook.ClientConfig == nil {
		return
	}
	if cur != nil && cur.Webhook != nil && cur.Webhook.ClientConfig != nil {
		req.Webhook.ClientConfig.CABundle = cur.Webhook.ClientConfig.CABundle
	}
}
