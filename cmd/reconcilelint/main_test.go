package main_test

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/reconcilelint/reconcilelint/internal/repotest"
)

// These tests run the real binary over examples/operator, a module that
// uses the real k8s.io/api, client-go and controller-runtime.

var binary string

func TestMain(m *testing.M) { repotest.Main(m, "reconcilelint", &binary) }

func exampleDir(t *testing.T) string { return filepath.Join(repotest.Root(t), "examples", "operator") }

func command(dir, name string, args ...string) *exec.Cmd {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=readonly")
	return cmd
}

// jsonDiagnostic is one entry of the -json output of go/analysis drivers.
type jsonDiagnostic struct {
	Posn    string `json:"posn"`
	Message string `json:"message"`
}

// findings decodes a stream of -json objects (optionally interleaved with
// "# package" lines, as go vet prints them) into sorted
// "<file>:<line>:<col>: <analyzer>: <message>" lines relative to dir.
func findings(t *testing.T, dir string, stream []byte) []string {
	t.Helper()
	var clean bytes.Buffer
	for line := range bytes.Lines(stream) {
		if !bytes.HasPrefix(line, []byte("#")) {
			clean.Write(line)
		}
	}
	var out []string
	dec := json.NewDecoder(&clean)
	for {
		var tree map[string]map[string]json.RawMessage
		if err := dec.Decode(&tree); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatalf("decoding -json output: %v\n%s", err, stream)
		}
		for _, byAnalyzer := range tree {
			for analyzer, raw := range byAnalyzer {
				var diags []jsonDiagnostic
				if err := json.Unmarshal(raw, &diags); err != nil {
					t.Fatalf("%s: %v: %s", analyzer, err, raw) // an {"error": ...} entry
				}
				for _, d := range diags {
					rel, err := filepath.Rel(dir, d.Posn)
					if err != nil {
						rel = d.Posn
					}
					out = append(out, fmt.Sprintf("%s: %s: %s", filepath.ToSlash(rel), analyzer, d.Message))
				}
			}
		}
	}
	slices.Sort(out)
	return out
}

func TestStandaloneJSON(t *testing.T) {
	t.Parallel()
	dir := exampleDir(t)
	out, err := command(dir, binary, "-json", "./...").Output()
	if err != nil {
		t.Fatalf("reconcilelint -json: %v\n%s", err, stderrOf(err))
	}
	repotest.EqualLines(t, "standalone -json findings", findings(t, dir, out), repotest.Expected(t, "operator.txt"))
}

func TestStandaloneTextExitCode(t *testing.T) {
	t.Parallel()
	dir := exampleDir(t)
	cmd := command(dir, binary, "./...")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	if exitCode(err) != 3 {
		t.Fatalf("want exit code 3 (diagnostics), got %v\n%s", err, stderr.String())
	}
	re := regexp.MustCompile(`^(\S+\.go):(\d+):(\d+): (.*)$`)
	var got []string
	sc := bufio.NewScanner(&stderr)
	for sc.Scan() {
		if m := re.FindStringSubmatch(sc.Text()); m != nil && !strings.HasPrefix(m[4], "\t") { // not a related line
			// Positions are relative to the working directory, as go vet
			// prints them.
			if filepath.IsAbs(m[1]) {
				t.Errorf("absolute position in text output: %s", sc.Text())
			}
			got = append(got, fmt.Sprintf("%s:%s:%s: %s", m[1], m[2], m[3], m[4]))
		}
	}
	slices.Sort(got)
	// Text output does not name the analyzer.
	var want []string
	for _, line := range repotest.Expected(t, "operator.txt") {
		pos, rest, _ := strings.Cut(line, ": ")
		_, msg, _ := strings.Cut(rest, ": ")
		want = append(want, pos+": "+msg)
	}
	slices.Sort(want)
	repotest.EqualLines(t, "standalone text findings", got, want)
}

func TestVetTool(t *testing.T) {
	t.Parallel()
	dir := exampleDir(t)
	// With -json, the vet tool prints to standard output and exits 0.
	out, err := command(dir, "go", "vet", "-vettool="+binary, "-json", "./...").Output()
	if err != nil {
		t.Fatalf("go vet -vettool -json: %v\n%s", err, stderrOf(err))
	}
	repotest.EqualLines(t, "go vet -vettool findings", findings(t, dir, out), repotest.Expected(t, "operator.txt"))

	// Without -json, go vet fails when there are findings.
	if err := command(dir, "go", "vet", "-vettool="+binary, "./...").Run(); err == nil {
		t.Error("go vet -vettool succeeded on code with findings")
	}
}

func TestFixOnCopy(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "operator")
	if err := os.CopyFS(dir, os.DirFS(exampleDir(t))); err != nil {
		t.Fatal(err)
	}
	// Findings without a fix remain, so -fix exits 3: the pre-commit fix
	// hook must fail while they do.
	out, err := command(dir, binary, "-fix", "./...").CombinedOutput()
	if exitCode(err) != 3 || !bytes.Contains(out, []byte("finding(s) left that -fix does not fix")) {
		t.Fatalf("reconcilelint -fix: want exit code 3 and a count of findings left, got %v\n%s", err, out)
	}
	if out, err := command(dir, "go", "build", "./...").CombinedOutput(); err != nil {
		t.Fatalf("the fixed module does not build: %v\n%s", err, out)
	}
	fixed, err := os.ReadFile(filepath.Join(dir, "controllers", "statefulset.go"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(fixed, []byte("range slices.Sorted(maps.Keys(cache.Spec.Env))")) {
		t.Errorf("fixed statefulset.go does not range over sorted keys:\n%s", fixed)
	}
	out, err = command(dir, binary, "-json", "./...").Output()
	if err != nil {
		t.Fatalf("second run: %v\n%s", err, stderrOf(err))
	}
	repotest.EqualLines(t, "findings after -fix", findings(t, dir, out), repotest.Expected(t, "operator-after-fix.txt"))
}

// TestTestVariantReportedOnce: a package with a test file is analysed
// twice, as p and as "p [p.test]"; -json and SARIF list each finding once.
func TestTestVariantReportedOnce(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "operator")
	if err := os.CopyFS(dir, os.DirFS(exampleDir(t))); err != nil {
		t.Fatal(err)
	}
	test := "package controllers\n\nimport \"testing\"\n\nfunc TestNothing(t *testing.T) {}\n"
	if err := os.WriteFile(filepath.Join(dir, "controllers", "nothing_test.go"), []byte(test), 0o644); err != nil {
		t.Fatal(err)
	}
	sarif := filepath.Join(t.TempDir(), "out.sarif")
	out, err := command(dir, binary, "-json", "-sarif", sarif, "./...").Output()
	if err != nil {
		t.Fatalf("reconcilelint -json: %v\n%s", err, stderrOf(err))
	}
	want := repotest.Expected(t, "operator.txt")
	repotest.EqualLines(t, "-json findings with a test variant", findings(t, dir, out), want)
	data, err := os.ReadFile(sarif)
	if err != nil {
		t.Fatal(err)
	}
	var log struct {
		Runs []struct{ Results []json.RawMessage }
	}
	if err := json.Unmarshal(data, &log); err != nil {
		t.Fatal(err)
	}
	if got := len(log.Runs[0].Results); got != len(want) {
		t.Errorf("SARIF has %d results, want %d", got, len(want))
	}
}

func TestDiffLeavesFilesAlone(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "operator")
	if err := os.CopyFS(dir, os.DirFS(exampleDir(t))); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(filepath.Join(dir, "controllers", "service.go"))
	out, _ := command(dir, binary, "-fix", "-diff", "./...").Output()
	if !bytes.Contains(out, []byte("+\tfor _, name := range slices.Sorted(maps.Keys(ports)) {")) {
		t.Errorf("-diff output lacks the sorted range:\n%s", out)
	}
	after, _ := os.ReadFile(filepath.Join(dir, "controllers", "service.go"))
	if !bytes.Equal(before, after) {
		t.Error("-diff changed service.go")
	}
}

func TestHelp(t *testing.T) {
	t.Parallel()
	out, err := command(".", binary, "help", "maporder").CombinedOutput()
	if err != nil {
		t.Fatalf("help maporder: %v\n%s", err, out)
	}
	for _, want := range []string{"maporder: report map iteration order", "WRONG:", "RIGHT:", "-maporder.api-packages"} {
		if !bytes.Contains(out, []byte(want)) {
			t.Errorf("help maporder lacks %q:\n%s", want, out)
		}
	}
}

func TestBadSettingNamesKey(t *testing.T) {
	t.Parallel()
	out, err := command(exampleDir(t), binary, "-maporder.api-packages=ok,,x", "./...").CombinedOutput()
	if err == nil || !bytes.Contains(out, []byte("maporder.api-packages[1]")) {
		t.Fatalf("want a failure naming maporder.api-packages[1], got %v:\n%s", err, out)
	}
}

// exitCode returns the exit code of a finished command from the error of
// its Run, or -1 when it did not run to an exit.
func exitCode(err error) int {
	var exit *exec.ExitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &exit):
		return exit.ExitCode()
	}
	return -1
}

func stderrOf(err error) []byte {
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return exit.Stderr
	}
	return nil
}

// TestMainModuleUnderKubernetesPath checks that an operator whose own
// module lives under sigs.k8s.io (as cluster-api does) is analysed like any
// other: only dependency modules are treated as known libraries.
func TestMainModuleUnderKubernetesPath(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "operator")
	if err := os.CopyFS(dir, os.DirFS(exampleDir(t))); err != nil {
		t.Fatal(err)
	}
	const oldPath, newPath = "github.com/reconcilelint/reconcilelint/examples/operator", "sigs.k8s.io/cache-operator"
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !(strings.HasSuffix(path, ".go") || filepath.Base(path) == "go.mod") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(path, bytes.ReplaceAll(data, []byte(oldPath), []byte(newPath)), 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	out, err := command(dir, binary, "-json", "./...").Output()
	if err != nil {
		t.Fatalf("reconcilelint -json: %v\n%s", err, stderrOf(err))
	}
	repotest.EqualLines(t, "findings in a sigs.k8s.io module", findings(t, dir, out), repotest.Expected(t, "operator.txt"))

	out, err = command(dir, "go", "vet", "-vettool="+binary, "-json", "./...").Output()
	if err != nil {
		t.Fatalf("go vet -vettool -json: %v\n%s", err, stderrOf(err))
	}
	repotest.EqualLines(t, "go vet findings in a sigs.k8s.io module", findings(t, dir, out), repotest.Expected(t, "operator.txt"))
}

// TestGOPATHModeLoadsTheUsersTree checks that without modules the driver
// loads the user's tree outside GOROOT from source: a merge helper in a
// sibling package (stalekey/metautil) keeps its facts, so the merge that
// calls it is found.
func TestGOPATHModeLoadsTheUsersTree(t *testing.T) {
	t.Parallel()
	gopath := filepath.Join(repotest.Root(t), "testdata")
	cmd := exec.Command(binary, "-json", "-maporder=false", "-presencedrift=false", "stalekey/a")
	cmd.Dir = gopath
	cmd.Env = append(os.Environ(), "GOPATH="+gopath, "GO111MODULE=off", "GOFLAGS=", "GOWORK=off")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("reconcilelint -json in GOPATH mode: %v\n%s", err, stderrOf(err))
	}
	const want = `a.go:25:21: stalekey: merge into the live Deployment annotations never deletes operator-owned key "example.com/template-hash"; it strands once not desired`
	got := findings(t, filepath.Join(gopath, "src", "stalekey", "a"), out)
	if !slices.Contains(got, want) {
		t.Errorf("GOPATH mode: the merge through a sibling package's helper is missing:\nwant %s\ngot:\n  %s", want, strings.Join(got, "\n  "))
	}
}

// TestSARIF checks -sarif against the SARIF 2.1.0 JSON schema shipped in
// testdata, and that it holds the same findings as every other output.
func TestSARIF(t *testing.T) {
	t.Parallel()
	out := filepath.Join(t.TempDir(), "out.sarif")
	cmd := command(exampleDir(t), binary, "-sarif", out, "./...")
	if err := cmd.Run(); exitCode(err) != 3 {
		t.Fatalf("reconcilelint -sarif: %v\n%s", err, stderrOf(err))
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}

	schemaFile, err := os.Open(filepath.Join(repotest.Root(t), "testdata", "sarif-schema-2.1.0.json"))
	if err != nil {
		t.Fatal(err)
	}
	defer schemaFile.Close()
	schemaDoc, err := jsonschema.UnmarshalJSON(schemaFile)
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("sarif-schema-2.1.0.json", schemaDoc); err != nil {
		t.Fatal(err)
	}
	schema, err := c.Compile("sarif-schema-2.1.0.json")
	if err != nil {
		t.Fatal(err)
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if err := schema.Validate(inst); err != nil {
		t.Fatalf("SARIF output is not valid SARIF 2.1.0: %v", err)
	}
	// The schema check can fail: a wrong version or a result without its
	// message is rejected.
	for _, bad := range []struct{ from, to string }{
		{`"version": "2.1.0"`, `"version": "2.0.0"`},
		{`"message": {`, `"note": {`},
	} {
		broken, err := jsonschema.UnmarshalJSON(bytes.NewReader(bytes.Replace(data, []byte(bad.from), []byte(bad.to), 1)))
		if err != nil {
			t.Fatal(err)
		}
		if schema.Validate(broken) == nil {
			t.Errorf("the schema accepted SARIF with %s replaced by %s", bad.from, bad.to)
		}
	}

	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Rules []struct {
						ID      string `json:"id"`
						HelpURI string `json:"helpUri"`
						Short   struct {
							Text string `json:"text"`
						} `json:"shortDescription"`
					} `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
			Results []struct {
				RuleID  string `json:"ruleId"`
				Message struct {
					Text string `json:"text"`
				} `json:"message"`
				Locations []struct {
					Physical struct {
						Artifact struct {
							URI string `json:"uri"`
						} `json:"artifactLocation"`
						Region struct {
							StartLine   int `json:"startLine"`
							StartColumn int `json:"startColumn"`
						} `json:"region"`
					} `json:"physicalLocation"`
				} `json:"locations"`
				Fixes []json.RawMessage `json:"fixes"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(data, &log); err != nil {
		t.Fatal(err)
	}
	run := log.Runs[0]
	var ids []string
	for _, r := range run.Tool.Driver.Rules {
		ids = append(ids, r.ID)
		if !strings.HasPrefix(r.HelpURI, "https://") || r.Short.Text == "" {
			t.Errorf("rule %s: helpUri %q, title %q", r.ID, r.HelpURI, r.Short.Text)
		}
	}
	if want := []string{"maporder", "stalekey", "presencedrift", "admissionclobber", "restartrevert", "defaultdrift", "timechurn", "fieldfight", "roundtripdrift"}; !slices.Equal(ids, want) {
		t.Errorf("rules = %v, want %v", ids, want)
	}
	var got []string
	fixes := 0
	for _, r := range run.Results {
		loc := r.Locations[0].Physical
		got = append(got, fmt.Sprintf("%s:%d:%d: %s: %s", loc.Artifact.URI, loc.Region.StartLine, loc.Region.StartColumn, r.RuleID, r.Message.Text))
		fixes += len(r.Fixes)
	}
	slices.Sort(got)
	repotest.EqualLines(t, "SARIF results", got, repotest.Expected(t, "operator.txt"))
	if fixes == 0 {
		t.Error("no suggested fix in the SARIF output")
	}
}

// TestLoadErrorsExitOne checks that a package that does not type-check,
// or an import cycle that go list reports, is printed and makes the run
// exit 1: the packages importing a broken one are still loaded (marked
// ill-typed, not crashing), and a cycle does not leave the loader waiting
// for a package that waits for it (the run is killed after 2 minutes if it
// hangs).
func TestLoadErrorsExitOne(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name  string
		files map[string]string
		want  string
	}{
		{"type error", map[string]string{
			"bad/bad.go": "package bad\n\nfunc F() int { return \"x\" }\n",
			"use/use.go": "package use\n\nimport \"example.com/tiny/bad\"\n\nvar V = bad.F()\n",
		}, "bad.go:3:23: cannot use \"x\""},
		{"import cycle", map[string]string{
			"a/a.go": "package a\n\nimport \"example.com/tiny/b\"\n\nvar A = b.B\n",
			"b/b.go": "package b\n\nimport \"example.com/tiny/a\"\n\nvar B = 1\n\nvar _ = a.A\n",
		}, "import cycle not allowed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			cmd := command(repotest.TinyModule(t, tc.files), binary, "./...")
			timer := time.AfterFunc(2*time.Minute, func() { _ = cmd.Process.Kill() })
			out, err := cmd.CombinedOutput()
			timer.Stop()
			if code := exitCode(err); code != 1 {
				t.Fatalf("want exit code 1, got %d (%v)\n%s", code, err, out)
			}
			if !bytes.Contains(out, []byte(tc.want)) {
				t.Errorf("output lacks %q:\n%s", tc.want, out)
			}
		})
	}
}

// TestTestFlagAndTiming checks that -test=false leaves test files out (a
// test file that does not compile is then no error) and that -debug=timing
// reports go list, the overlapped rest, its steps and every analyzer.
func TestTestFlagAndTiming(t *testing.T) {
	t.Parallel()
	dir := repotest.TinyModule(t, map[string]string{
		"p/p.go":      "package p\n\nfunc F() int { return 1 }\n",
		"p/p_test.go": "package p\n\nvar broken int = \"x\"\n",
	})
	if out, err := command(dir, binary, "./...").CombinedOutput(); err == nil {
		t.Errorf("with tests, the broken test file passed:\n%s", out)
	}
	out, err := command(dir, binary, "-test=false", "-debug=timing", "./...").CombinedOutput()
	if err != nil {
		t.Fatalf("-test=false: %v\n%s", err, out)
	}
	for _, want := range []string{"timing: load (go list)", "timing: parse, type-check, analysis (wall)", "timing:   parse ", "timing:   export data ", "timing:   type-check ", "maporder", "stalekey", "presencedrift", "admissionclobber", "restartrevert", "defaultdrift", "timechurn", "fieldfight", "roundtripdrift"} {
		if !bytes.Contains(out, []byte(want)) {
			t.Errorf("-debug=timing output lacks %q:\n%s", want, out)
		}
	}
	if out, err := command(dir, binary, "-debug=nonsense", "./...").CombinedOutput(); err == nil || !bytes.Contains(out, []byte("known: timing")) {
		t.Errorf("an unknown -debug value was accepted: %v\n%s", err, out)
	}
}

// TestProfiles checks that RECONCILELINT_CPUPROFILE and
// RECONCILELINT_MEMPROFILE each write a profile: pprof's format is a
// gzip-compressed protocol buffer, which must decompress to something.
func TestProfiles(t *testing.T) {
	t.Parallel()
	dir := repotest.TinyModule(t, map[string]string{"p/p.go": "package p\n\nfunc F() int { return 1 }\n"})
	cpu, mem := filepath.Join(t.TempDir(), "cpu.prof"), filepath.Join(t.TempDir(), "mem.prof")
	cmd := command(dir, binary, "./...")
	cmd.Env = append(cmd.Env, "RECONCILELINT_CPUPROFILE="+cpu, "RECONCILELINT_MEMPROFILE="+mem)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	for _, path := range []string{cpu, mem} {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		n, err := func() (int64, error) {
			defer f.Close()
			z, err := gzip.NewReader(f)
			if err != nil {
				return 0, err
			}
			return io.Copy(io.Discard, z)
		}()
		if err != nil || n == 0 {
			t.Errorf("%s: %d bytes, %v", filepath.Base(path), n, err)
		}
	}
}

// TestBorrowedDependencies checks which dependency packages the
// standalone binary checks from source for their facts on the example
// operator: the condition library it calls with its custom resource's
// conditions, the set library whose UnsortedList it calls with the
// library's own sorting helper (without which SortedList would read as
// unsorted), and nothing else (not the Kubernetes libraries, not
// controller-runtime). The findings that need the libraries' summaries
// are in operator.txt, and SortedList's call is not among them.
func TestBorrowedDependencies(t *testing.T) {
	t.Parallel()
	dir := exampleDir(t)
	out, _ := command(dir, binary, "-debug=timing", "./...").CombinedOutput()
	var got []string
	listing := false
	for line := range strings.Lines(string(out)) {
		line = strings.TrimRight(line, "\n")
		switch {
		case strings.HasPrefix(line, "timing: dependency packages checked from source for facts:"):
			listing = true
		case listing && strings.HasPrefix(line, "timing:   "):
			got = append(got, strings.TrimPrefix(line, "timing:   "))
		default:
			listing = false
		}
	}
	want := []string{"github.com/reconcilelint/reconcilelint/examples/conditions", "github.com/reconcilelint/reconcilelint/examples/sets", "github.com/reconcilelint/reconcilelint/examples/sets/order"}
	if !slices.Equal(got, want) {
		t.Errorf("borrowed %q, want %q\n%s", got, want, out)
	}
}
