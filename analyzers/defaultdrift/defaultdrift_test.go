package defaultdrift_test

import (
	"testing"

	"github.com/reconcilelint/reconcilelint/analyzers/defaultdrift"
	"github.com/reconcilelint/reconcilelint/internal/repotest"
)

func TestDefaultDrift(t *testing.T) {
	repotest.Run(t, defaultdrift.New(defaultdrift.Config{}), "defaultdrift/a", "defaultdrift/builders", "defaultdrift/usesframework", "defaultdrift/rbac", "defaultdrift/callbacks", "defaultdrift/callbacks/reconciler")
}

// BenchmarkDefaultdrift measures the analyzer alone (facts included) on the
// test packages, loaded once; `make bench` runs it.
func BenchmarkDefaultdrift(b *testing.B) {
	repotest.Bench(b, defaultdrift.New(defaultdrift.Config{}), "defaultdrift/a", "defaultdrift/imports")
}
