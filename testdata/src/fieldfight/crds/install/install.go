// Package install applies the CRDs of the release it is given. The module
// never sets a caBundle nor names an injection annotation: the manifests
// it decodes carry the annotation, and a CA injector fills the bundle of
// each conversion webhook.
package install

import (
	"context"
	_ "embed"
	"encoding/json"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fieldfight/crds/apply"
	"fieldfightlib/crds"
)

func decode(raw []byte) *apiextv1.CustomResourceDefinition {
	crd := &apiextv1.CustomResourceDefinition{}
	_ = json.Unmarshal(raw, crd)
	return crd
}

func installAll(ctx context.Context, c client.Client, manifests [][]byte) error {
	for _, raw := range manifests {
		if err := apply.ApplyCRD(ctx, c, decode(raw)); err != nil { // want `apply.ApplyCRD → merge.EnsureCRD replaces the live CustomResourceDefinition's Spec wholesale \(merge.go:15\), Spec.Conversion.Webhook.ClientConfig.CABundle with it, while a CA injector fills its caBundle \(the module never sets it\): conversion calls fail until it is injected again`
			return err
		}
	}
	return nil
}

func read(raw []byte) runtime.Object { return decode(raw) }

// The object's kind is found by a type switch: the CRD case is the same
// replacement.
func installObject(ctx context.Context, c client.Client, raw []byte) error {
	switch obj := read(raw).(type) {
	case *apiextv1.CustomResourceDefinition:
		return apply.ApplyCRD(ctx, c, obj) // want `apply.ApplyCRD → merge.EnsureCRD replaces the live CustomResourceDefinition's Spec wholesale`
	}
	return nil
}

// RIGHT, as far as can be told: the CRDs come from a library of another
// module, which may have filled their bundles (a test environment serving
// the conversion webhooks itself).
func installFromLibrary(ctx context.Context, c client.Client, dir string) error {
	for _, crd := range crds.Read(dir) {
		if err := apply.ApplyCRD(ctx, c, crd); err != nil {
			return err
		}
	}
	return nil
}

// RIGHT: only a preview, on a copy.
func preview(raw []byte) bool {
	return apply.Preview(decode(raw))
}

//go:embed manifests/widgets.crd.yaml
var widgetsCRD []byte

//go:embed manifests/gadgets.crd.yaml
var gadgetsCRD []byte

func widgets() *apiextv1.CustomResourceDefinition { // want widgets:"embeds CRDs without a conversion webhook"
	crd := &apiextv1.CustomResourceDefinition{}
	_ = json.Unmarshal(widgetsCRD, crd)
	return crd
}

func gadgets() (*apiextv1.CustomResourceDefinition, error) { // want gadgets:"embeds CRDs with a conversion webhook"
	var crd apiextv1.CustomResourceDefinition
	if err := json.Unmarshal(gadgetsCRD, &crd); err != nil {
		return nil, err
	}
	return &crd, nil
}

// RIGHT: the module's own CRD converts no version by webhook, so it has
// no caBundle to lose.
func installWidgets(ctx context.Context, c client.Client) error {
	return apply.ApplyCRD(ctx, c, widgets())
}

// The embedded manifest converts by webhook: its bundle is lost on every
// update.
func installGadgets(ctx context.Context, c client.Client) error {
	crd, err := gadgets()
	if err != nil {
		return err
	}
	return apply.ApplyCRD(ctx, c, crd) // want `apply.ApplyCRD → merge.EnsureCRD replaces the live CustomResourceDefinition's Spec wholesale`
}

// The module decodes the bytes itself: the CRD is its data.
func installRaw(ctx context.Context, c client.Client, raw []byte) error {
	crd := &apiextv1.CustomResourceDefinition{}
	if err := json.Unmarshal(raw, crd); err != nil {
		return err
	}
	return apply.ApplyCRD(ctx, c, crd) // want `apply.ApplyCRD → merge.EnsureCRD replaces the live CustomResourceDefinition's Spec wholesale`
}

// RIGHT, as far as can be told: the options are the module's, but a
// library of another module fills their CRDs from files (a test
// environment, which fills the bundles of the webhooks it serves).
func installFromFiles(ctx context.Context, c client.Client, dir string) error {
	opts := crds.Options{Paths: []string{dir}}
	if err := crds.ReadFiles(&opts); err != nil {
		return err
	}
	for _, crd := range opts.CRDs {
		if err := apply.ApplyCRD(ctx, c, crd); err != nil {
			return err
		}
	}
	return nil
}
