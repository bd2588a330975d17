package analyzers_test

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers"
	"github.com/reconcilelint/reconcilelint/internal/repotest"
)

func TestValidate(t *testing.T) {
	t.Parallel()
	if err := analysis.Validate(analyzers.All()); err != nil {
		t.Fatal(err)
	}
}

func TestNamesTitlesAndPackages(t *testing.T) {
	t.Parallel()
	seen := map[string]bool{}
	for _, a := range analyzers.All() {
		if seen[a.Name] {
			t.Errorf("%s listed twice", a.Name)
		}
		seen[a.Name] = true

		// The analyzer's package is named after it.
		dir := filepath.Join(a.Name)
		f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(dir, "doc.go"), nil, parser.PackageClauseOnly)
		if err != nil {
			t.Errorf("%s: %v", a.Name, err)
			continue
		}
		if f.Name.Name != a.Name {
			t.Errorf("analyzer %s lives in package %s", a.Name, f.Name.Name)
		}

		title, _, _ := strings.Cut(a.Doc, "\n")
		switch {
		case title == "" || strings.HasSuffix(title, "."):
			t.Errorf("%s: title %q must be non-empty with no trailing period", a.Name, title)
		case strings.ToLower(title[:1]) != title[:1]:
			t.Errorf("%s: title %q must start in lower case", a.Name, title)
		case !strings.Contains(a.Doc, "WRONG:") || !strings.Contains(a.Doc, "RIGHT:"):
			t.Errorf("%s: doc lacks WRONG/RIGHT examples", a.Name)
		case !strings.Contains(a.Doc, "Settings:"):
			t.Errorf("%s: doc lacks a Settings section", a.Name)
		}
		if a.URL == "" {
			t.Errorf("%s: no URL", a.Name)
		}
	}
}

// TestImportNamesAndLookalikes: every analyzer matches Kubernetes types,
// functions and fields by package and object, not by spelling: it fires
// with unusual import aliases and with a dot import (<name>/imports), and
// stays silent on a package's own types named like Kubernetes ones
// (<name>/lookalike).
func TestImportNamesAndLookalikes(t *testing.T) {
	t.Parallel()
	dir := repotest.Testdata(t)
	for _, a := range analyzers.New(analyzers.Settings{}) {
		t.Run(a.Name, func(t *testing.T) {
			analysistest.Run(t, dir, a, a.Name+"/imports", a.Name+"/lookalike")
		})
	}
}
