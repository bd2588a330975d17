package roundtripdrift_test

import (
	"testing"

	"github.com/reconcilelint/reconcilelint/analyzers/roundtripdrift"
	"github.com/reconcilelint/reconcilelint/internal/repotest"
)

func TestRoundtripDrift(t *testing.T) {
	repotest.Run(t, roundtripdrift.New(), "roundtripdrift/a")
}

func TestFix(t *testing.T) {
	repotest.RunFix(t, roundtripdrift.New(), "roundtripdrift/fix")
}

// TestFixedFileIsClean checks that the fixed files compile and that a
// second run reports only the comparisons that have no fix.
func TestFixedFileIsClean(t *testing.T) {
	repotest.FixedIsClean(t, roundtripdrift.New(), "roundtripdrift/fix",
		[]string{"k8s.io", "sigs.k8s.io"}, "syncFour")
}

// BenchmarkRoundtripdrift measures the analyzer alone (its engines
// included) on the test packages, loaded once; `make bench` runs it.
func BenchmarkRoundtripdrift(b *testing.B) {
	repotest.Bench(b, roundtripdrift.New(), "roundtripdrift/a", "roundtripdrift/imports")
}
