package webhooks // want package:"owners\\(names cert-manager.io/inject-ca-from at webhooks.go:14; sets caBundle\\)"

// Package webhooks: the operator keeps its webhook configuration, which
// cert-manager's cainjector fills.

import (
	"context"

	admissionv1 "k8s.io/api/admissionregistration/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

const injectFrom = "cert-manager.io/inject-ca-from"

func desired(ns string) *admissionv1.ValidatingWebhookConfiguration {
	cfg := &admissionv1.ValidatingWebhookConfiguration{}
	cfg.Name = "cache-webhook"
	cfg.Annotations = map[string]string{injectFrom: ns + "/cache-serving-cert"}
	cfg.Webhooks = []admissionv1.ValidatingWebhook{{
		Name:         "validate.cache.example.com",
		ClientConfig: admissionv1.WebhookClientConfig{Service: &admissionv1.ServiceReference{Namespace: ns, Name: "cache-webhook"}},
	}}
	return cfg
}

// The webhooks replaced whole: the injected caBundle is cleared.
func sync(ctx context.Context, c client.Client, ns string) error {
	want := desired(ns)
	cfg := &admissionv1.ValidatingWebhookConfiguration{}
	cfg.Name = want.Name
	_, err := controllerutil.CreateOrUpdate(ctx, c, cfg, func() error {
		cfg.Annotations = want.Annotations
		cfg.Webhooks = want.Webhooks // want `live ValidatingWebhookConfiguration's Webhooks replaced wholesale, Webhooks.ClientConfig.CABundle with it, while a CA injector fills its caBundle \(cert-manager.io/inject-ca-from at webhooks.go:14\): TLS to the webhook fails until it is injected again`
		return nil
	})
	return err
}

// RIGHT: each webhook takes the caBundle the live one has.
func syncKeeping(ctx context.Context, c client.Client, ns string) error {
	want := desired(ns)
	cfg := &admissionv1.ValidatingWebhookConfiguration{}
	cfg.Name = want.Name
	_, err := controllerutil.CreateOrUpdate(ctx, c, cfg, func() error {
		for i := range want.Webhooks {
			for _, old := range cfg.Webhooks {
				if old.Name == want.Webhooks[i].Name {
					want.Webhooks[i].ClientConfig.CABundle = old.ClientConfig.CABundle
				}
			}
		}
		cfg.Webhooks = want.Webhooks
		return nil
	})
	return err
}

// The caBundle written from the operator's own bundle, while the
// injector writes its own.
func setBundle(ctx context.Context, c client.Client, key client.ObjectKey, bundle []byte) error {
	cfg := &admissionv1.ValidatingWebhookConfiguration{}
	if err := c.Get(ctx, key, cfg); err != nil {
		return err
	}
	for i := range cfg.Webhooks {
		wh := &cfg.Webhooks[i]
		wh.ClientConfig.CABundle = bundle // want `ValidatingWebhookConfiguration.Webhooks.ClientConfig.CABundle set on every reconcile while a CA injector fills its caBundle`
	}
	return c.Update(ctx, cfg)
}

// RIGHT: the bundle is written only when no injector is asked for.
func setBundleUnlessInjected(ctx context.Context, c client.Client, key client.ObjectKey, bundle []byte) error {
	cfg := &admissionv1.ValidatingWebhookConfiguration{}
	if err := c.Get(ctx, key, cfg); err != nil {
		return err
	}
	if _, injected := cfg.Annotations[injectFrom]; injected {
		return nil
	}
	for i := range cfg.Webhooks {
		cfg.Webhooks[i].ClientConfig.CABundle = bundle
	}
	return c.Update(ctx, cfg)
}
