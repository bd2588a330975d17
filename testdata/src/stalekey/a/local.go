package a

import (
	"context"

	meta "stalekey/metautil"
)

// A local type with Annotations is not a Kubernetes object.
type ObjectMeta struct {
	Annotations map[string]string
}

type Record struct {
	ObjectMeta
}

func (r *Reconciler) localType(ctx context.Context, rec *Record, spec CacheSpec) {
	desired := deploymentMetadata(spec)
	rec.Annotations = meta.MergeAnnotations(desired, rec.Annotations)
}
