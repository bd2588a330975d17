package webhooks

import (
	"context"

	admissionv1 "k8s.io/api/admissionregistration/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// The live configuration's webhooks taken into a local list, each given
// the operator's bundle: the list shares its elements with the live
// object, so the injected bundle is overwritten.
func setBundleThroughList(ctx context.Context, c client.Client, key client.ObjectKey, bundle []byte) error {
	cfg := &admissionv1.ValidatingWebhookConfiguration{}
	if err := c.Get(ctx, key, cfg); err != nil {
		return err
	}
	hooks := cfg.Webhooks
	for i := range hooks {
		hooks[i].ClientConfig.CABundle = bundle // want `ValidatingWebhookConfiguration.Webhooks.ClientConfig.CABundle set on every reconcile while a CA injector fills its caBundle`
	}
	return c.Update(ctx, cfg)
}

// RIGHT: the bundle is written into a copy of the configuration that is
// only logged, not sent.
func describeBundle(ctx context.Context, c client.Client, key client.ObjectKey, bundle []byte) (int, error) {
	cfg := &admissionv1.ValidatingWebhookConfiguration{}
	if err := c.Get(ctx, key, cfg); err != nil {
		return 0, err
	}
	hook := cfg.Webhooks[0]
	hook.ClientConfig.CABundle = bundle
	return len(hook.ClientConfig.CABundle), nil
}
