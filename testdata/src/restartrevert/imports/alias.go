// Package imports: the Kubernetes packages under unusual names.
package imports

import (
	"context"

	kapps "k8s.io/api/apps/v1"
	kcore "k8s.io/api/core/v1"
	crclient "sigs.k8s.io/controller-runtime/pkg/client"
)

func aliasReplace(ctx context.Context, c crclient.Client, key crclient.ObjectKey, tmpl kcore.PodTemplateSpec) error {
	dep := &kapps.Deployment{}
	if err := c.Get(ctx, key, dep); err != nil {
		return err
	}
	dep.Spec.Template = tmpl // want `live Deployment's pod template replaced wholesale`
	return c.Update(ctx, dep)
}
