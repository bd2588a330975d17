package presencedrift_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/fixtest"
	"github.com/reconcilelint/reconcilelint/analyzers/presencedrift"
)

func testdata(t *testing.T) string {
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestFixedIsClean: the value comparison compiles and is silent; the
// checks without a fix are still reported.
func TestFixedIsClean(t *testing.T) {
	t.Parallel()
	fixtest.FixedIsClean(t, testdata(t), presencedrift.Analyzer, "presencedrift/a",
		[]string{"k8s.io", "sigs.k8s.io", "stalekey/metautil"},
		"templateNeedsUpdate", "scrapeChanged", "refresh")
}

func TestPresenceDrift(t *testing.T) {
	t.Parallel()
	dir := testdata(t)
	analysistest.RunWithSuggestedFixes(t, dir, presencedrift.Analyzer, "presencedrift/a", "presencedrift/shared")
}
