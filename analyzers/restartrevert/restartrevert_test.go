package restartrevert_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/restartrevert"
	"github.com/reconcilelint/reconcilelint/internal/repotest"
)

func TestRestartRevert(t *testing.T) {
	t.Parallel()
	dir := repotest.Testdata(t)
	analysistest.Run(t, dir, restartrevert.Analyzer, "restartrevert/a", "restartrevert/restartutil", "restartrevert/paths", "restartrevert/hash", "restartrevert/inverse", "restartrevert/inverse/kube", "restartrevert/factory", "restartrevert/factory/mutate", "restartrevert/unionback")
}
