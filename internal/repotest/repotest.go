// Package repotest holds what the repository's tests share: where the
// repository and its testdata are, the expectations of the integration
// tests, and building a binary once per test run.
package repotest

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const modulePath = "github.com/reconcilelint/reconcilelint"

// Root returns the repository root: the nearest directory above the
// working directory whose go.mod declares the root module (a nested
// module, such as tools/golangci-lint, is skipped).
func Root(t testing.TB) string {
	t.Helper()
	dir, err := root()
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func root() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil && bytes.HasPrefix(data, []byte("module "+modulePath+"\n")) {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("no go.mod of %s above the working directory", modulePath)
		}
		dir = parent
	}
}

// Main is the TestMain of the integration tests of a driver: it builds
// the main package in the working directory as name into a temporary
// directory, stores its path in binary, builds examples/operator, runs the
// tests and exits with their code. The example is built first because on a
// cold build cache its Kubernetes dependencies take minutes to compile, and
// tests that start in parallel would otherwise each compile them at once.
func Main(m *testing.M, name string, binary *string) {
	dir, err := build(name)
	if err == nil {
		*binary = filepath.Join(dir, name)
		err = buildExample()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	code := m.Run()
	_ = os.RemoveAll(dir)
	os.Exit(code)
}

func buildExample() error {
	dir, err := root()
	if err != nil {
		return err
	}
	cmd := exec.Command("go", "build", "./...")
	cmd.Dir = filepath.Join(dir, "examples", "operator")
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=readonly")
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("building examples/operator: %v\n%s", err, out)
	}
	return nil
}

// Testdata returns the repository's testdata directory, the GOPATH-style
// tree of analysistest.
func Testdata(t testing.TB) string {
	t.Helper()
	return filepath.Join(Root(t), "testdata")
}

// Expected reads a findings file of testdata/integration, one
// "<file>:<line>:<col>: <analyzer>: <message>" per line, sorted.
func Expected(t testing.TB, name string) []string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(Testdata(t), "integration", name))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for line := range strings.Lines(string(data)) {
		line = strings.TrimSpace(line)
		if line != "" && !strings.HasPrefix(line, "#") {
			out = append(out, line)
		}
	}
	slices.Sort(out)
	return out
}

// EqualLines fails the test when got and want differ, showing both.
func EqualLines(t testing.TB, what string, got, want []string) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Errorf("%s:\ngot:\n  %s\nwant:\n  %s", what, strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
}

// build builds the main package in the working directory as name into a
// new temporary directory, which it returns.
func build(name string) (string, error) {
	dir, err := os.MkdirTemp("", name)
	if err != nil {
		return "", err
	}
	if out, err := exec.Command("go", "build", "-o", filepath.Join(dir, name), ".").CombinedOutput(); err != nil {
		os.RemoveAll(dir)
		return "", fmt.Errorf("building %s: %v\n%s", name, err, out)
	}
	return dir, nil
}
