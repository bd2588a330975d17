package stalekey_test

import (
	"strings"
	"testing"

	"github.com/reconcilelint/reconcilelint/analyzers/stalekey"
	"github.com/reconcilelint/reconcilelint/internal/repotest"
)

// TestStaleKey: merges into live objects that keep keys the operator
// stopped writing, and the pruning fix offered for each.
func TestStaleKey(t *testing.T) {
	repotest.RunFix(t, stalekey.New(stalekey.Config{}), "stalekey/a")
}

// TestOwnedPrefixes: keys under an owned prefix are the operator's
// wherever they are written; the flag names a bad entry by index.
func TestOwnedPrefixes(t *testing.T) {
	repotest.Run(t, stalekey.New(stalekey.Config{OwnedPrefixes: []string{"example.com/"}}), "stalekey/prefix")

	err := stalekey.New(stalekey.Config{}).Flags.Set("owned-prefixes", "example.com/,")
	if err == nil || !strings.Contains(err.Error(), "stalekey.owned-prefixes[1]") {
		t.Fatalf("want an error naming stalekey.owned-prefixes[1], got %v", err)
	}
}

// TestFixedIsClean: the pruned merge compiles and is silent; the merges
// without a fix are still reported.
func TestFixedIsClean(t *testing.T) {
	repotest.FixedIsClean(t, stalekey.New(stalekey.Config{}), "stalekey/a",
		[]string{"k8s.io", "sigs.k8s.io", "stalekey/metautil"},
		"ensureDeployment", "overlay", "mutate", "untraced", "rebuildKeepingLive")
}

// TestKindByFlow: a metrics map named like labels is not a labels map
// (a wrong answer of the name heuristic this replaced); a neutral name that
// flows into a live template through two builders is.
func TestKindByFlow(t *testing.T) {
	repotest.Run(t, stalekey.New(stalekey.Config{}), "stalekey/flow", "stalekey/mutators")
}

// TestPaths: a key is written only on some paths when a successful path
// of its function (or a path to the merge, in the merge's function)
// avoids every write of it: an early return, a branch without it, a
// helper called in one case; written on both branches, or after a
// return that handles an error, it is always written.
func TestPaths(t *testing.T) {
	repotest.Run(t, stalekey.New(stalekey.Config{}), "stalekey/paths", "stalekey/paths/helper", "stalekey/paths/handed")
}

// TestCustomResourceMaps: keys that come from a custom resource's own maps
// are the user's; a preserving merge never deletes one the user removes.
func TestCustomResourceMaps(t *testing.T) {
	repotest.Run(t, stalekey.New(stalekey.Config{}), "stalekey/crmaps", "stalekey/crmaps/build")
}

// TestStoredMerges: the merge stored into a live object's map is found
// by the value stored, through the locals that hand it on; a variable
// that held a merge and was given another map before the store is not
// one.
func TestStoredMerges(t *testing.T) {
	repotest.Run(t, stalekey.New(stalekey.Config{}), "stalekey/stored")
}
