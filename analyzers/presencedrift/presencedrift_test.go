package presencedrift_test

import (
	"testing"

	"github.com/reconcilelint/reconcilelint/analyzers/presencedrift"
	"github.com/reconcilelint/reconcilelint/internal/repotest"
)

// TestFixedIsClean: the value comparison compiles and is silent; the
// checks without a fix are still reported.
func TestFixedIsClean(t *testing.T) {
	repotest.FixedIsClean(t, presencedrift.Analyzer, "presencedrift/a",
		[]string{"k8s.io", "sigs.k8s.io", "stalekey/metautil"},
		"templateNeedsUpdate", "scrapeChanged", "refresh")
}

func TestPresenceDrift(t *testing.T) {
	repotest.RunFix(t, presencedrift.Analyzer, "presencedrift/a", "presencedrift/shared")
}

// TestAccessors: checks through GetAnnotations()/GetLabels(), also kept in
// a local first; and a package without merges, where only deletes count.
func TestAccessors(t *testing.T) {
	repotest.Run(t, presencedrift.Analyzer, "presencedrift/accessor", "presencedrift/nomerge")
}
