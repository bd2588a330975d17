package timechurn_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/timechurn"
	"github.com/reconcilelint/reconcilelint/internal/repotest"
)

func TestTimeChurn(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, repotest.Testdata(t), timechurn.New(), "timechurn/a", "timechurn/conds", "timechurn/use", "timechurn/imports", "timechurn/lookalike")
}
