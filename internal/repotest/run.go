package repotest

import (
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
)

// Run runs a over the testdata packages matching patterns, in parallel
// with the test's other parallel tests, and checks its diagnostics
// against the packages' `// want` comments.
func Run(t *testing.T, a *analysis.Analyzer, patterns ...string) []*analysistest.Result {
	t.Helper()
	t.Parallel()
	return analysistest.Run(t, Testdata(t), a, patterns...)
}

// RunFix is Run that also applies the suggested fixes and compares each
// fixed file with its .golden file.
func RunFix(t *testing.T, a *analysis.Analyzer, patterns ...string) []*analysistest.Result {
	t.Helper()
	t.Parallel()
	return analysistest.RunWithSuggestedFixes(t, Testdata(t), a, patterns...)
}
