// Package helpers holds the module's shared helpers: a builder that merges
// the wanted shards into a copy of the live object, and a comparison
// helper wrapping reflect.DeepEqual.
package helpers

import (
	"reflect"

	"roundtripdrift/api"
)

// MergeShards keeps the live shards that are still wanted, in a list
// built empty: when none is wanted the list stays empty, not nil.
func MergeShards(live *api.Cache, wanted map[string]bool) *api.Cache {
	out := live.DeepCopy()
	kept := make([]api.Shard, 0)
	for _, s := range live.Spec.Shards {
		if wanted[s.Name] {
			kept = append(kept, s)
		}
	}
	out.Spec.Shards = kept
	return out
}

// MergeShardsNil does the same with a nil list to start from.
func MergeShardsNil(live *api.Cache, wanted map[string]bool) *api.Cache {
	out := live.DeepCopy()
	var kept []api.Shard
	for _, s := range live.Spec.Shards {
		if wanted[s.Name] {
			kept = append(kept, s)
		}
	}
	out.Spec.Shards = kept
	return out
}

// SameValue treats a nil and an empty list alike, and is otherwise
// reflect.DeepEqual.
func SameValue(x, y any) bool {
	if x == nil || y == nil {
		return x == y
	}
	return reflect.DeepEqual(x, y)
}
