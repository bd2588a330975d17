package directive_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/directive"
	"github.com/reconcilelint/reconcilelint/analyzers/maporder"
	"github.com/reconcilelint/reconcilelint/analyzers/restartrevert"
	"github.com/reconcilelint/reconcilelint/internal/repotest"
)

// TestDirectives runs over each directive test package the analyzer its
// directives are about: directive/a has trailing and leading directives,
// their mandatory reason, and generated files, seen through maporder;
// directive/c has malformed directives, which the analyzers they name
// report, and valid ones that silence only the analyzer they name.
func TestDirectives(t *testing.T) {
	cases := map[string]*analysis.Analyzer{
		"directive/a": maporder.New(maporder.Config{}),
		"directive/c": restartrevert.New(),
	}
	for pkg, a := range cases {
		t.Run(pkg, func(t *testing.T) { repotest.Run(t, a, pkg) })
	}
}

// errorsOnly records analysistest's complaints instead of failing.
type errorsOnly struct{ msgs []string }

func (e *errorsOnly) Errorf(format string, args ...any) {
	e.msgs = append(e.msgs, fmt.Sprintf(format, args...))
}

// A panic on one package is an error naming analyzer, package and stack;
// the other package is still analysed.
func TestPanicBecomesError(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	reported := map[string]bool{}
	a := directive.Wrap(&analysis.Analyzer{
		Name: "boom",
		Doc:  "panics on package directive/a",
		Run: func(pass *analysis.Pass) (any, error) {
			if pass.Pkg.Path() == "directive/a" {
				var m map[string]int
				m["x"] = 1 // a nil map write: a runtime panic
			}
			mu.Lock()
			reported[pass.Pkg.Path()] = true
			mu.Unlock()
			return nil, nil
		},
	})
	rec := &errorsOnly{}
	analysistest.Run(rec, repotest.Testdata(t), a, "directive/a", "directive/b")
	all := strings.Join(rec.msgs, "\n")
	for _, want := range []string{"analyzer boom panicked on package directive/a", "assignment to entry in nil map", "directive_test.TestPanicBecomesError"} {
		if !strings.Contains(all, want) {
			t.Errorf("the error does not contain %q:\n%s", want, all)
		}
	}
	if !reported["directive/b"] {
		t.Error("the package after the panic was not analysed")
	}
}
