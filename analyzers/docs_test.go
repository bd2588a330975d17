package analyzers_test

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/reconcilelint/reconcilelint/analyzers"
	"github.com/reconcilelint/reconcilelint/internal/repotest"
)

var update = flag.Bool("update", false, "rewrite docs/analyzers.md")

// TestDocs fails when docs/analyzers.md is not what the doc.go files say.
func TestDocs(t *testing.T) {
	path := filepath.Join(repotest.Root(t), "docs", "analyzers.md")
	want := analyzers.Markdown()
	if *update {
		if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Errorf("docs/analyzers.md is stale: run `go test ./analyzers -run TestDocs -update`")
	}
}
