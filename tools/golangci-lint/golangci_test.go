package main_test

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/reconcilelint/reconcilelint/internal/repotest"
)

// These tests build this golangci-lint (with reconcilelint's plugins) and
// run it over a copy of examples/operator, checking the same expectations
// as the standalone and go vet tests (testdata/integration).

var binary string

func TestMain(m *testing.M) { repotest.Main(m, "golangci-lint", &binary) }

// example copies examples/operator and the example configuration into a
// temporary directory and returns it.
func example(t *testing.T, config string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "operator")
	if err := os.CopyFS(dir, os.DirFS(filepath.Join(repotest.Root(t), "examples", "operator"))); err != nil {
		t.Fatal(err)
	}
	if config == "" {
		data, err := os.ReadFile(filepath.Join(repotest.Root(t), ".golangci.example.yml"))
		if err != nil {
			t.Fatal(err)
		}
		config = string(data)
	}
	if err := os.WriteFile(filepath.Join(dir, ".golangci.yml"), []byte(config), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

func golangci(dir string, args ...string) *exec.Cmd {
	// Tests run in parallel, each on its own copy and cache.
	if len(args) > 0 && args[0] == "run" {
		args = append([]string{"run", "--allow-parallel-runners"}, args[1:]...)
	}
	cmd := exec.Command(binary, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=readonly", "GOLANGCI_LINT_CACHE="+filepath.Join(dir, ".cache"))
	return cmd
}

type report struct {
	Issues []struct {
		FromLinter string
		Text       string
		Pos        struct {
			Filename     string
			Line, Column int
		}
	}
}

// run runs golangci-lint with JSON output and returns its findings as
// "<file>:<line>:<col>: <linter>: <message>", related information left out.
func run(t *testing.T, dir string, args ...string) []string {
	t.Helper()
	jsonPath := filepath.Join(t.TempDir(), "out.json")
	cmd := golangci(dir, append([]string{"run", "--output.json.path=" + jsonPath, "--output.text.path=stderr"}, args...)...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 { // 1: issues found
			t.Fatalf("golangci-lint %v: %v\n%s", args, err, out)
		}
	}
	data, err := os.ReadFile(jsonPath)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	var r report
	if err := json.Unmarshal(data, &r); err != nil {
		t.Fatalf("decoding JSON report: %v\n%s", err, data)
	}
	var got []string
	for _, is := range r.Issues {
		if name, _, ok := strings.Cut(is.Text, "(related information)"); ok && !strings.Contains(name, " ") {
			continue
		}
		got = append(got, fmt.Sprintf("%s:%d:%d: %s: %s", filepath.ToSlash(is.Pos.Filename), is.Pos.Line, is.Pos.Column, is.FromLinter, is.Text))
	}
	slices.Sort(got)
	return got
}

func TestRun(t *testing.T) {
	t.Parallel()
	dir := example(t, "")
	repotest.EqualLines(t, "golangci-lint run", run(t, dir, "./..."), repotest.Expected(t, "operator.txt"))
}

func TestFixOnCopy(t *testing.T) {
	t.Parallel()
	dir := example(t, "")
	if out, err := golangci(dir, "run", "--fix", "./...").CombinedOutput(); err != nil {
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 {
			t.Fatalf("golangci-lint run --fix: %v\n%s", err, out)
		}
	}
	build := exec.Command("go", "build", "./...")
	build.Dir = dir
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("the fixed module does not build: %v\n%s", err, out)
	}
	repotest.EqualLines(t, "findings after --fix", run(t, dir, "./..."), repotest.Expected(t, "operator-after-fix.txt"))
}

// A //nolint:<analyzer> comment silences that analyzer on its line, and
// only that one.
func TestNolintPerAnalyzer(t *testing.T) {
	t.Parallel()
	dir := example(t, "")
	edit := func(file string, line int, comment string) {
		path := filepath.Join(dir, file)
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(data), "\n")
		lines[line-1] += " " + comment
		if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	edit("controllers/service.go", 33, "//nolint:maporder // ports are sorted by the API server's defaulting")
	edit("controllers/exporter.go", 43, "//nolint:maporder // the wrong analyzer: must not silence restartrevert")
	var want []string
	for _, l := range repotest.Expected(t, "operator.txt") {
		if !strings.HasPrefix(l, "controllers/service.go:33:") {
			want = append(want, l)
		}
	}
	repotest.EqualLines(t, "findings with //nolint", run(t, dir, "./..."), want)
}

func TestSARIFRuleIDs(t *testing.T) {
	t.Parallel()
	dir := example(t, "")
	sarif := filepath.Join(t.TempDir(), "out.sarif")
	out, err := golangci(dir, "run", "--output.sarif.path="+sarif, "./...").CombinedOutput()
	if err != nil {
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 {
			t.Fatalf("golangci-lint: %v\n%s", err, out)
		}
	}
	data, err := os.ReadFile(sarif)
	if err != nil {
		t.Fatal(err)
	}
	var log struct {
		Runs []struct {
			Results []struct {
				RuleID string `json:"ruleId"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(data, &log); err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, r := range log.Runs {
		for _, res := range r.Results {
			ids = append(ids, res.RuleID)
		}
	}
	slices.Sort(ids)
	ids = slices.Compact(ids)
	want := []string{"admissionclobber", "defaultdrift", "fieldfight", "maporder", "presencedrift", "restartrevert", "roundtripdrift", "stalekey", "timechurn"}
	var base []string
	for _, id := range ids {
		base = append(base, strings.TrimSuffix(id, "(related information)"))
	}
	base = slices.Compact(base)
	if !slices.Equal(base, want) {
		t.Errorf("SARIF rule ids = %v, want %v", ids, want)
	}
}

// The suite plugin runs every analyzer but the disabled ones, as one linter.
func TestSuitePluginDisable(t *testing.T) {
	t.Parallel()
	dir := example(t, `version: "2"
linters:
  default: none
  enable: [reconcilelint]
  settings:
    custom:
      reconcilelint:
        type: module
        settings:
          disable: [maporder]
          stalekey:
            owned-prefixes: [example.com/]
issues:
  max-issues-per-linter: 0
  max-same-issues: 0
  uniq-by-line: false
`)
	var want []string
	for _, l := range repotest.Expected(t, "operator.txt") {
		if strings.Contains(l, ": maporder: ") {
			continue
		}
		// One linter with several analyzers: golangci-lint prefixes each
		// message with its analyzer's name.
		file, rest, _ := strings.Cut(l, ": ")
		want = append(want, file+": reconcilelint: "+rest)
	}
	slices.Sort(want)
	repotest.EqualLines(t, "suite plugin", run(t, dir, "./..."), want)
}

func TestBadSettingNamesKey(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ settings, want string }{
		{"stalekey:\n        type: module\n        settings:\n          owned-prefixes: [example.com/, \"\"]",
			"stalekey.owned-prefixes[1]: empty prefix"},
		{"stalekey:\n        type: module\n        settings:\n          owned-prefix: [example.com/]",
			"stalekey.owned-prefix: unknown setting (known: owned-prefixes)"},
		{"reconcilelint:\n        type: module\n        settings:\n          admissionclobber:\n            extra-fields: [Pod.Spec]",
			`reconcilelint.admissionclobber.extra-fields[0]: "Pod.Spec" is not a field of the form PodSpec.Name or Container.Name`},
	} {
		name, _, _ := strings.Cut(tc.settings, ":")
		dir := example(t, "version: \"2\"\nlinters:\n  default: none\n  enable: ["+name+"]\n  settings:\n    custom:\n      "+tc.settings+"\n")
		out, err := golangci(dir, "run", "./...").CombinedOutput()
		if err == nil {
			t.Errorf("%s: golangci-lint accepted a bad setting:\n%s", name, out)
			continue
		}
		if !strings.Contains(string(out), tc.want) {
			t.Errorf("%s: output does not name the key (%q):\n%s", name, tc.want, out)
		}
	}
}
