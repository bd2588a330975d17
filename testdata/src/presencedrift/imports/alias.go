// Package imports: the Kubernetes packages under unusual names.
package imports

import (
	kapps "k8s.io/api/apps/v1"
)

func aliasNeedsUpdate(live *kapps.Deployment) bool {
	_, ok := live.Annotations["example.com/hash"] // want `drift decided by presence of annotation key "example.com/hash" on a live object`
	return ok
}
