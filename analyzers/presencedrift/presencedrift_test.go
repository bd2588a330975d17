package presencedrift_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/fixtest"
	"github.com/reconcilelint/reconcilelint/analyzers/presencedrift"
	"github.com/reconcilelint/reconcilelint/internal/repotest"
)

// TestFixedIsClean: the value comparison compiles and is silent; the
// checks without a fix are still reported.
func TestFixedIsClean(t *testing.T) {
	t.Parallel()
	fixtest.FixedIsClean(t, repotest.Testdata(t), presencedrift.Analyzer, "presencedrift/a",
		[]string{"k8s.io", "sigs.k8s.io", "stalekey/metautil"},
		"templateNeedsUpdate", "scrapeChanged", "refresh")
}

func TestPresenceDrift(t *testing.T) {
	t.Parallel()
	dir := repotest.Testdata(t)
	analysistest.RunWithSuggestedFixes(t, dir, presencedrift.Analyzer, "presencedrift/a", "presencedrift/shared")
}

// TestAccessors: checks through GetAnnotations()/GetLabels(), also kept in
// a local first.
func TestAccessors(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, repotest.Testdata(t), presencedrift.Analyzer, "presencedrift/accessor")
}
