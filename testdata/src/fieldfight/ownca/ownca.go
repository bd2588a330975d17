package ownca // want package:"owners\\(sets caBundle\\)"

// Package ownca: the operator generates its own CA and writes the
// caBundle itself; nothing else owns it.

import (
	"context"

	admissionv1 "k8s.io/api/admissionregistration/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

func desired(bundle []byte) []admissionv1.MutatingWebhook {
	return []admissionv1.MutatingWebhook{{
		Name:         "mutate.cache.example.com",
		ClientConfig: admissionv1.WebhookClientConfig{CABundle: bundle},
	}}
}

func sync(ctx context.Context, c client.Client, bundle []byte) error {
	cfg := &admissionv1.MutatingWebhookConfiguration{}
	cfg.Name = "cache-webhook"
	_, err := controllerutil.CreateOrUpdate(ctx, c, cfg, func() error {
		cfg.Webhooks = desired(bundle)
		return nil
	})
	return err
}
