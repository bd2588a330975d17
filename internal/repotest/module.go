package repotest

import (
	"os"
	"path/filepath"
	"testing"
)

// TinyModule writes a module example.com/tiny with the given files (path
// -> source) into a temporary directory and returns the directory.
func TinyModule(t testing.TB, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	files["go.mod"] = "module example.com/tiny\n\ngo 1.26.0\n"
	WriteFiles(t, dir, files)
	return dir
}

// WriteFiles writes files (slash-separated name -> content) under dir,
// making the directories they need.
func WriteFiles(t testing.TB, dir string, files map[string]string) {
	t.Helper()
	for name, src := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
