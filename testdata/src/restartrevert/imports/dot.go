package imports

import (
	"context"

	. "k8s.io/api/apps/v1"
	kcore "k8s.io/api/core/v1"
	crclient "sigs.k8s.io/controller-runtime/pkg/client"
)

func dotReplace(ctx context.Context, c crclient.Client, key crclient.ObjectKey, tmpl kcore.PodTemplateSpec) error {
	sts := &StatefulSet{}
	if err := c.Get(ctx, key, sts); err != nil {
		return err
	}
	sts.Spec.Template = tmpl // want `live StatefulSet's pod template replaced wholesale`
	return c.Update(ctx, sts)
}
