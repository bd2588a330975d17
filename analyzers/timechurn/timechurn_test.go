package timechurn_test

import (
	"testing"

	"github.com/reconcilelint/reconcilelint/analyzers/timechurn"
	"github.com/reconcilelint/reconcilelint/internal/repotest"
)

func TestTimeChurn(t *testing.T) {
	repotest.Run(t, timechurn.New(), "timechurn/a", "timechurn/conds", "timechurn/use", "timechurn/imports", "timechurn/lookalike", "timechurn/reload", "timechurn/reloaduse")
}

func TestSetStatusConditionFix(t *testing.T) {
	repotest.RunFix(t, timechurn.New(), "timechurn/fix")
}

// TestFixedIsClean: the fixed file compiles, and only the whole-list
// replacement (no fix) is reported again.
func TestFixedIsClean(t *testing.T) {
	repotest.FixedIsClean(t, timechurn.New(), "timechurn/fix",
		[]string{"k8s.io", "sigs.k8s.io", "timechurn/a", "timechurn/applyconfiguration"}, "replaceAll")
}

// BenchmarkTimechurn measures the analyzer alone (facts included) on the
// test packages, loaded once; `make bench` runs it.
func BenchmarkTimechurn(b *testing.B) {
	repotest.Bench(b, timechurn.New(), "timechurn/a", "timechurn/use", "timechurn/imports")
}
