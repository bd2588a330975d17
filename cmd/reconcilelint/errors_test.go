package main_test

import (
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers"
	"github.com/reconcilelint/reconcilelint/internal/repotest"
)

// goodFile is a package beside each broken one, with one finding that
// needs no Kubernetes module: a directive without its reason.
const goodFile = "package good\n\n//reconcilelint:ignore maporder\nvar X = 1\n"

// goodFinding is that finding in text output.
const goodFinding = `^good/good\.go:3:1: malformed //reconcilelint:ignore directive: a reason is required after the analyzer names$`

// internalNames returns the names of the analyzers that the suite runs
// only for others: a user has never heard of them, so no output names them.
func internalNames() []string {
	var out []string
	var visit func(a *analysis.Analyzer)
	visit = func(a *analysis.Analyzer) {
		for _, req := range a.Requires {
			if !slices.Contains(analyzers.All(), req) && !slices.Contains(out, req.Name) {
				out = append(out, req.Name)
			}
			visit(req)
		}
	}
	for _, a := range analyzers.All() {
		visit(a)
	}
	return out
}

// TestBadInputs runs the binary on modules and arguments a user gets wrong
// and checks the whole output: each problem once, in the user's terms
// (the compiler's or go list's lines, then one line of ours), no name of
// the suite's internals, exit code 1, and the good package beside the
// broken one still analysed and reported.
func TestBadInputs(t *testing.T) {
	t.Parallel()
	internal := internalNames()
	if len(internal) < 3 {
		t.Fatalf("found only %v as internal analyzers: the check below would prove little", internal)
	}
	notBuilt := `^reconcilelint: 1 package not analysed because it does not build$`
	for _, tc := range []struct {
		name  string
		files map[string]string // with good/good.go beside them; nil go.mod means none
		noMod bool
		goMod string // replaces the tiny module's go.mod
		args  []string
		want  []string // every line of the output, in order
	}{
		{name: "syntax error", files: map[string]string{"bad/bad.go": "package bad\n\nfunc F( {\n"},
			want: []string{`^# example.com/tiny/bad$`, `^bad/bad\.go:3:9: expected '\)', found '\{'$`, goodFinding, notBuilt}},
		{name: "missing import", files: map[string]string{"bad/bad.go": "package bad\n\nimport \"example.com/tiny/gone\"\n\nvar _ = gone.X\n"},
			want: []string{`^# example.com/tiny/bad$`, `^bad/bad\.go:3:8: no required module provides package example.com/tiny/gone; to add it:$`,
				`^\tgo get example.com/tiny/gone$`, goodFinding, notBuilt}},
		{name: "module missing from go.mod", files: map[string]string{"bad/bad.go": "package bad\n\nimport \"github.com/google/uuid\"\n\nvar _ = uuid.New\n"},
			want: []string{`^# example.com/tiny/bad$`, `^bad/bad\.go:3:8: no required module provides package github.com/google/uuid; to add it:$`,
				`^\tgo get github.com/google/uuid$`, goodFinding, notBuilt}},
		{name: "type errors", files: map[string]string{"bad/bad.go": "package bad\n\nvar _ int = \"s\"\nvar _ = undefinedName\n"},
			want: []string{`^# example.com/tiny/bad$`, `^bad/bad\.go:3:13: cannot use "s" \(untyped string constant\) as int value in variable declaration$`,
				`^bad/bad\.go:4:9: undefined: undefinedName$`, goodFinding, notBuilt}},
		{name: "import cycle", files: map[string]string{
			"a/a.go": "package a\n\nimport \"example.com/tiny/b\"\n\nvar A = b.B\n",
			"b/b.go": "package b\n\nimport \"example.com/tiny/a\"\n\nvar B = 1\n\nvar _ = a.A\n",
		}, want: []string{`^# example.com/tiny/a$`, `^import cycle not allowed: import stack: \[example.com/tiny/a example.com/tiny/b example.com/tiny/a\]$`,
			goodFinding, notBuilt,
			`^reconcilelint: 1 package not analysed because it imports example.com/tiny/a, which does not build: example.com/tiny/b$`}},
		{name: "importer of a broken package", files: map[string]string{
			"bad/bad.go":   "package bad\n\nvar B int = \"s\"\n",
			"user/user.go": "package user\n\nimport \"example.com/tiny/bad\"\n\nvar U = bad.B\n",
		}, want: []string{`^# example.com/tiny/bad$`, `^bad/bad\.go:3:13: cannot use "s" .*$`, goodFinding, notBuilt,
			`^reconcilelint: 1 package not analysed because it imports example.com/tiny/bad, which does not build: example.com/tiny/user$`}},
		// One problem: a module missing from go.mod, imported by two files;
		// the importer's type errors are its consequences.
		{name: "consequences of a missing module", files: map[string]string{
			"bad/a.go":     "package bad\n\nimport \"github.com/google/uuid\"\n\ntype Conn struct{ uuid.UUID }\n",
			"bad/b.go":     "package bad\n\nimport \"github.com/google/uuid\"\n\nvar _ = uuid.New\n",
			"user/user.go": "package user\n\nimport \"example.com/tiny/bad\"\n\nvar c bad.Conn\nvar _ = c.String()\n",
		}, want: []string{`^# example.com/tiny/bad$`, `^bad/a\.go:3:8: no required module provides package github.com/google/uuid; to add it:$`,
			`^\tgo get github.com/google/uuid$`, goodFinding, notBuilt,
			`^reconcilelint: 1 package not analysed because it imports example.com/tiny/bad, which does not build: example.com/tiny/user$`}},
		{name: "file not UTF-8", files: map[string]string{"bad/bad.go": "package bad\n\nvar S = \"\xff\"\n"},
			want: []string{`^# example.com/tiny/bad$`, `^bad/bad\.go:3:10: illegal UTF-8 encoding$`, goodFinding, notBuilt}},
		{name: "test file that does not build", files: map[string]string{"bad/bad.go": "package bad\n", "bad/bad_test.go": "package bad\n\nvar _ int = \"x\"\n"},
			want: []string{`^# example.com/tiny/bad \[example.com/tiny/bad.test\]$`, `^bad/bad_test\.go:3:13: cannot use "x" .*$`, goodFinding, notBuilt}},
		// The test build of a named package is checked for its own
		// errors only: a test function's body is checked, the package's
		// bodies are said under the package, and an import only they use
		// (ok) is no error of the test build's.
		{name: "test function that does not build", files: map[string]string{"bad/bad.go": "package bad\n",
			"bad/bad_test.go": "package bad\n\nimport \"testing\"\n\nfunc TestB(t *testing.T) {\n\tvar n int = \"x\"\n\t_ = n\n}\n"},
			want: []string{`^# example.com/tiny/bad \[example.com/tiny/bad.test\]$`, `^bad/bad_test\.go:6:14: cannot use "x" .*$`, goodFinding, notBuilt}},
		{name: "function body that does not build, with tests", files: map[string]string{
			"bad/bad.go":      "package bad\n\nimport \"strings\"\n\nfunc B() int {\n\treturn strings.ToUpper(\"x\")\n}\n",
			"bad/bad_test.go": "package bad\n\nimport \"testing\"\n\nfunc TestB(t *testing.T) { B() }\n",
			"bad/x_test.go":   "package bad_test\n\nimport \"example.com/tiny/bad\"\n\nvar _ = bad.B\n",
			"ok/ok.go":        "package ok\n\nimport \"strings\"\n\nfunc Up(s string) string { return strings.ToUpper(s) }\n",
			"ok/ok_test.go":   "package ok\n\nimport \"testing\"\n\nfunc TestUp(t *testing.T) { _ = Up(\"x\") }\n"},
			want: []string{`^# example.com/tiny/bad$`, `^bad/bad\.go:6:9: cannot use strings\.ToUpper\("x"\) .*$`, goodFinding, notBuilt}},
		{name: "pattern that matches nothing", args: []string{"./nope/...", "./good"},
			want: []string{`^reconcilelint: pattern \./nope/\.\.\.: lstat \./nope/: no such file or directory$`, goodFinding}},
		{name: "pattern naming a directory without Go code", files: map[string]string{"docs/README.md": "# docs\n"},
			args: []string{"./docs/...", "./good"},
			want: []string{`^reconcilelint: pattern \./docs/\.\.\.: matched no packages$`, goodFinding}},
		// go list fails before it lists a package: its words, not "matched
		// no packages".
		{name: "go.mod whose requirements cannot be read", goMod: "module example.com/tiny\n\ngo 1.16\n\nrequire example.com/gone v1.0.0\n",
			want: []string{`^reconcilelint: go list failed, so no package was analysed:$`,
				`^go: example\.com/gone@v1\.0\.0: missing go\.sum entry for go\.mod file; to add it:$`, `^\tgo mod download example\.com/gone$`}},
		// A dependency that was not built because of its own import: go
		// list's words on that import, as go vet says them, not "no
		// export data" for the package between.
		{name: "dependency whose import cannot be had", goMod: "module example.com/tiny\n\ngo 1.26.0\n\nrequire example.com/a v1.0.0\n\nreplace example.com/a => ./a\n",
			files: map[string]string{
				"a/go.mod":     "module example.com/a\n\ngo 1.26.0\n\nrequire example.com/gone v1.0.0\n",
				"a/a.go":       "package a\n\nimport _ \"example.com/gone/x\"\n",
				"user/user.go": "package user\n\nimport _ \"example.com/a\"\n",
			}, want: []string{`^# example.com/tiny/user$`,
				`^a/a\.go:3:8: missing go\.sum entry for module providing package example\.com/gone/x \(imported by example\.com/a\); to add:$`,
				`^\tgo get example\.com/a@v1\.0\.0$`, goodFinding, notBuilt}},
		{name: "no go.mod", noMod: true,
			want: []string{`^reconcilelint: no go.mod in this directory or any parent: run reconcilelint inside a Go module \(go mod init creates one\)$`}},
		{name: "unwritable SARIF path", args: []string{"-sarif", "/nonexistent-dir/out.sarif", "./..."},
			want: []string{`^reconcilelint: -sarif /nonexistent-dir/out\.sarif: open /nonexistent-dir/out\.sarif: no such file or directory$`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			files := map[string]string{"good/good.go": goodFile}
			for name, src := range tc.files {
				files[name] = src
			}
			var dir string
			switch {
			case tc.noMod:
				dir = t.TempDir()
				repotest.WriteFiles(t, dir, files)
			case tc.goMod != "":
				dir = t.TempDir()
				files["go.mod"] = tc.goMod
				repotest.WriteFiles(t, dir, files)
			default:
				dir = repotest.TinyModule(t, files)
			}
			args := tc.args
			if args == nil {
				args = []string{"./..."}
			}
			cmd := command(dir, binary, args...)
			// As a user runs it: an explicit -mod=readonly changes go list's
			// words for a missing module.
			cmd.Env = append(cmd.Env, "GOFLAGS=")
			out, err := cmd.CombinedOutput()
			if code := exitCode(err); code != 1 {
				t.Errorf("exit code %d, want 1", code)
			}
			checkLines(t, string(out), tc.want)
			for _, name := range append(internal, "failed prerequisites", "analysis skipped") {
				if strings.Contains(string(out), name) {
					t.Errorf("output names %q, which a user has never heard of", name)
				}
			}
		})
	}
}

// TestBadInputsJSON checks the -json form of the same problems: one error
// per package under "reconcilelint", the good package's finding beside
// it, no internal name.
// TestTestFileGoVersion: a _test.go file is parsed without its comments
// (it is only type-checked), but its //go:build line still sets its Go
// version: range over an int, of go1.22, is no error in a go1.21 module.
func TestTestFileGoVersion(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	repotest.WriteFiles(t, dir, map[string]string{
		"go.mod":        "module example.com/tiny\n\ngo 1.21\n",
		"good/good.go":  goodFile,
		"ok/ok.go":      "package ok\n",
		"ok/ok_test.go": "//go:build go1.22\n\npackage ok\n\nimport \"testing\"\n\nfunc TestN(t *testing.T) {\n\tfor range 3 {\n\t}\n}\n",
	})
	cmd := command(dir, binary, "./...")
	cmd.Env = append(cmd.Env, "GOFLAGS=")
	out, err := cmd.CombinedOutput()
	if code := exitCode(err); code != 3 {
		t.Errorf("exit code %d, want 3 (the one finding)", code)
	}
	checkLines(t, string(out), []string{goodFinding})
}

func TestBadInputsJSON(t *testing.T) {
	t.Parallel()
	dir := repotest.TinyModule(t, map[string]string{
		"good/good.go": goodFile,
		"bad/bad.go":   "package bad\n\nfunc F( {\n",
		"user/user.go": "package user\n\nimport \"example.com/tiny/bad\"\n\nvar _ = bad.F\n",
	})
	cmd := command(dir, binary, "-json", "./...")
	cmd.Stderr = nil
	out, err := cmd.Output()
	if code := exitCode(err); code != 1 {
		t.Errorf("exit code %d, want 1", code)
	}
	var tree map[string]map[string]json.RawMessage
	if err := json.Unmarshal(out, &tree); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	wantErr := map[string]string{
		"example.com/tiny/bad":  "not analysed: the package does not build\nbad/bad.go:3:9: expected ')', found '{'",
		"example.com/tiny/user": "not analysed: it imports example.com/tiny/bad, which does not build",
	}
	for id, want := range wantErr {
		var e struct{ Error string }
		if err := json.Unmarshal(tree[id]["reconcilelint"], &e); err != nil || e.Error != want {
			t.Errorf("%s: error %q (%v), want %q", id, e.Error, err, want)
		}
		if len(tree[id]) != 1 {
			t.Errorf("%s: want only the reconcilelint entry, got %s", id, slices.Sorted(maps.Keys(tree[id])))
		}
	}
	if _, ok := tree["example.com/tiny/good"]["maporder"]; !ok {
		t.Errorf("the good package's finding is missing: %s", out)
	}
	for _, name := range internalNames() {
		if strings.Contains(string(out), `"`+name+`"`) {
			t.Errorf("-json names %q", name)
		}
	}

	// SARIF: the same, as toolExecutionNotifications.
	sarif := filepath.Join(t.TempDir(), "out.sarif")
	if err := command(dir, binary, "-sarif", sarif, "./...").Run(); exitCode(err) != 1 {
		t.Errorf("-sarif: exit code %d, want 1", exitCode(err))
	}
	data, err := os.ReadFile(sarif)
	if err != nil {
		t.Fatal(err)
	}
	var log struct {
		Runs []struct {
			Invocations []struct {
				ExecutionSuccessful bool
				Notifications       []struct{ Message struct{ Text string } } `json:"toolExecutionNotifications"`
			}
			Results []struct{ RuleID string }
		}
	}
	if err := json.Unmarshal(data, &log); err != nil {
		t.Fatal(err)
	}
	inv := log.Runs[0].Invocations[0]
	var texts []string
	for _, n := range inv.Notifications {
		texts = append(texts, n.Message.Text)
	}
	wantTexts := []string{"example.com/tiny/bad: " + wantErr["example.com/tiny/bad"], "example.com/tiny/user: " + wantErr["example.com/tiny/user"]}
	if inv.ExecutionSuccessful || !slices.Equal(texts, wantTexts) {
		t.Errorf("SARIF invocation: successful=%v, notifications %q, want %q", inv.ExecutionSuccessful, texts, wantTexts)
	}
	if len(log.Runs[0].Results) != 1 {
		t.Errorf("SARIF: %d results, want the good package's one", len(log.Runs[0].Results))
	}
}

// checkLines matches every line of out, in order, with want's regexps.
func checkLines(t *testing.T, out string, want []string) {
	t.Helper()
	got := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(got) != len(want) {
		t.Errorf("%d lines, want %d:\n%s", len(got), len(want), out)
		return
	}
	for i, re := range want {
		if !regexp.MustCompile(re).MatchString(got[i]) {
			t.Errorf("line %d: %q does not match %s\nwhole output:\n%s", i+1, got[i], re, out)
		}
	}
}
