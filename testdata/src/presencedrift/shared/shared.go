// Package shared has two reconcilers sharing one key constant: the proxy
// prunes it on its write path, the server merges without pruning.
package shared

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	meta "stalekey/metautil"
)

const hashKey = "example.com/spec-hash"

func desiredAnnotations(withHash bool) map[string]string {
	annotations := map[string]string{}
	if withHash {
		annotations[hashKey] = "h"
	}
	return annotations
}

type ProxyReconciler struct{ client.Client }

func (r *ProxyReconciler) hashNeedsUpdate(live *appsv1.Deployment) bool {
	_, had := live.Annotations[hashKey]
	return had
}

func (r *ProxyReconciler) sync(ctx context.Context, live *appsv1.Deployment, withHash bool) error {
	if !r.hashNeedsUpdate(live) {
		return nil
	}
	if !withHash {
		delete(live.Annotations, hashKey)
	}
	return r.Update(ctx, live)
}

type ServerReconciler struct{ client.Client }

func (r *ServerReconciler) hashNeedsUpdate(live *appsv1.Deployment) bool {
	_, had := live.Annotations[hashKey] // want `presence of annotation key "example.com/spec-hash" on a live object, and a merge keeps the key`
	return had
}

func (r *ServerReconciler) sync(ctx context.Context, live *appsv1.Deployment, withHash bool) error {
	if !r.hashNeedsUpdate(live) {
		return nil
	}
	desired := desiredAnnotations(withHash)
	live.Annotations = meta.MergeAnnotations(desired, live.Annotations)
	return r.Update(ctx, live)
}
