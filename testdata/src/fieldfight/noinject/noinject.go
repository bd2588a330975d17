// Package noinject: the module never writes a caBundle, so whatever fills
// it (an annotation in the deployed manifests) is another controller.
package noinject

import (
	"context"

	admissionv1 "k8s.io/api/admissionregistration/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

func webhooks(ns string) []admissionv1.MutatingWebhook {
	return []admissionv1.MutatingWebhook{{
		Name:         "mutate.cache.example.com",
		ClientConfig: admissionv1.WebhookClientConfig{Service: &admissionv1.ServiceReference{Namespace: ns, Name: "cache-webhook"}},
	}}
}

func sync(ctx context.Context, c client.Client, key client.ObjectKey) error {
	cfg := &admissionv1.MutatingWebhookConfiguration{}
	if err := c.Get(ctx, key, cfg); err != nil {
		return err
	}
	cfg.Webhooks = webhooks(key.Namespace) // want `live MutatingWebhookConfiguration's Webhooks replaced wholesale, Webhooks.ClientConfig.CABundle with it, while a CA injector fills its caBundle \(the module never sets it\)`
	return c.Update(ctx, cfg)
}

// RIGHT, as far as can be told: the configurations come from the caller,
// which may have filled their bundles (a test environment installing
// webhooks it serves); with no annotation named, nothing says another
// controller fills them.
func install(ctx context.Context, c client.Client, cfgs []*admissionv1.MutatingWebhookConfiguration) error { // want install:"replaces\\(replaces a live object's MutatingWebhookConfiguration Webhooks with param 2 at noinject.go:38\\)"
	for _, want := range cfgs {
		cfg := want.DeepCopy()
		if err := c.Get(ctx, client.ObjectKeyFromObject(want), cfg); err != nil {
			return err
		}
		cfg.Webhooks = want.Webhooks
		if err := c.Update(ctx, cfg); err != nil {
			return err
		}
	}
	return nil
}

// applyManifest updates every object of a rendered manifest over the live
// one, keeping only the live metadata.
//
// false negative: the objects are client.Objects whose kinds are data; a
// webhook configuration among them loses its injected caBundle, but
// nothing here names the kind (the shape of sriov-network-operator#711).
func applyManifest(ctx context.Context, c client.Client, objs []client.Object) error {
	for _, obj := range objs {
		current := obj.DeepCopyObject().(client.Object)
		if err := c.Get(ctx, client.ObjectKeyFromObject(obj), current); err != nil {
			return err
		}
		obj.SetResourceVersion(current.GetResourceVersion())
		if err := c.Update(ctx, obj); err != nil {
			return err
		}
	}
	return nil
}
