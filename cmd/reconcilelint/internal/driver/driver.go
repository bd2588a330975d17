// Package driver runs reconcilelint's analyzers as a standalone command.
//
// It behaves like x/tools' multichecker (-fix, -diff, -json, -c, -NAME
// toggles, -NAME.flag settings, help, exit codes 0/1/3) with one difference
// in loading: only the packages of the main module(s) are type-checked from
// source, and only they are analysed for facts. Dependencies outside the
// main module are read from export data, as go vet does. multichecker
// instead loads every dependency from source as soon as an analyzer has
// facts, which costs gigabytes on an operator that imports client-go and
// controller-runtime. The analyzers know the library functions that matter
// from tables, so they lose nothing. Its own runner (run.go) analyses each
// package as soon as it is checked and lets go of its syntax afterwards.
//
// A lone *.cfg argument, -V=full and -flags are the go vet protocol; those
// invocations go to unitchecker unchanged.
package driver

import (
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/pprof"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/unitchecker"
)

// Main runs the command and exits.
func Main(analyzers ...*analysis.Analyzer) {
	if isVetInvocation(os.Args[1:]) {
		unitchecker.Main(analyzers...) // does not return
	}
	os.Exit(Run(os.Args[0], os.Args[1:], os.Stdout, os.Stderr, analyzers))
}

// isVetInvocation reports whether go vet is driving this process.
func isVetInvocation(args []string) bool {
	for _, a := range args {
		if a == "-V=full" || a == "-flags" || a == "--flags" || a == "-V" {
			return true
		}
	}
	return len(args) > 0 && strings.HasSuffix(args[len(args)-1], ".cfg")
}

type options struct {
	json, fix, diff, tests bool
	context                int
	sarif, debug           string
	enabled                map[string]*triState
}

// Run executes the command with args and returns the exit code.
func Run(progname string, args []string, stdout, stderr io.Writer, analyzers []*analysis.Analyzer) int {
	if err := analysis.Validate(analyzers); err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	fs := flag.NewFlagSet(progname, flag.ContinueOnError)
	fs.SetOutput(stderr)
	opts := options{enabled: map[string]*triState{}}
	fs.BoolVar(&opts.json, "json", false, "emit JSON output")
	fs.BoolVar(&opts.fix, "fix", false, "apply all suggested fixes")
	fs.BoolVar(&opts.diff, "diff", false, "with -fix, don't update the files, but print a unified diff")
	fs.BoolVar(&opts.tests, "test", true, "also load and type-check the packages' test files and report their errors (no analyzer reports in a _test.go file)")
	fs.IntVar(&opts.context, "c", -1, "display offending line with this many lines of context")
	fs.StringVar(&opts.sarif, "sarif", "", "also write the findings as SARIF 2.1.0 to this file")
	fs.StringVar(&opts.debug, "debug", "", "debug output: 'timing' prints the wall time of loading and of each analyzer to stderr")
	for _, a := range analyzers {
		t := new(triState)
		opts.enabled[a.Name] = t
		title, _, _ := strings.Cut(a.Doc, "\n")
		fs.Var(t, a.Name, "enable "+a.Name+" analysis: "+title)
		a.Flags.VisitAll(func(f *flag.Flag) {
			fs.Var(f.Value, a.Name+"."+f.Name, f.Usage)
		})
	}
	fs.Usage = func() { usage(stderr, progname, analyzers) }
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 1
	}
	// For measuring the analyzers on real code (README, "Development").
	if path := os.Getenv("RECONCILELINT_CPUPROFILE"); path != "" {
		if f, err := os.Create(path); err == nil {
			defer f.Close()
			if pprof.StartCPUProfile(f) == nil {
				defer pprof.StopCPUProfile() // runs before the Close
			}
		}
	}
	if path := os.Getenv("RECONCILELINT_MEMPROFILE"); path != "" {
		defer func() { // every allocation of the run, written at its end
			runtime.GC() // the profile is as of the last collection
			if f, err := os.Create(path); err == nil {
				pprof.Lookup("allocs").WriteTo(f, 0)
				f.Close()
			}
		}()
	}
	rest := fs.Args()
	if len(rest) > 0 && rest[0] == "help" {
		return help(stdout, stderr, progname, fs, analyzers, rest[1:])
	}
	if len(rest) == 0 {
		usage(stderr, progname, analyzers)
		return 1
	}
	selected := selectAnalyzers(analyzers, opts.enabled)
	var timer *timing
	switch opts.debug {
	case "":
	case "timing":
		timer = newTiming(selected)
		defer timer.print(stderr)
	default:
		fmt.Fprintf(stderr, "-debug: unknown value %q (known: timing)\n", opts.debug)
		return 1
	}

	// A -sarif path that cannot be written is said before the run, not
	// after minutes of it.
	if opts.sarif != "" {
		if err := checkWritable(opts.sarif); err != nil {
			fmt.Fprintf(stderr, "reconcilelint: -sarif %s: %v\n", opts.sarif, err)
			return 1
		}
	}

	r := newRunner(selected, timer)
	prog := newProgress(stderr)
	ld, err := load(rest, opts.tests, r, prog)
	prog.end()
	if err != nil {
		fmt.Fprintf(stderr, "reconcilelint: %v\n", err)
		return 1
	}
	cwd, _ := os.Getwd()
	graph := r.graph(ld.roots)
	probs := findProblems(ld, graph, cwd)
	code := 0
	if probs.failed() {
		code = 1
	}
	probs.printErrors(stderr)
	// The summary comes last, after the findings, where it is read.
	defer probs.printSummary(stderr)
	if opts.sarif != "" {
		if err := writeSARIF(opts.sarif, graph, selected, probs); err != nil {
			fmt.Fprintf(stderr, "reconcilelint: -sarif %s: %v\n", opts.sarif, err)
			return 1
		}
	}
	if opts.fix {
		left, err := applyFixes(graph, opts.diff, stdout, stderr)
		if err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
		if left > 0 {
			// Findings without a fix (or whose fix was skipped) remain:
			// the run has not made the code clean.
			fmt.Fprintf(stderr, "%d finding(s) left that -fix does not fix; run without -fix to see them\n", left)
			return max(code, 3)
		}
		return code
	}
	if opts.json {
		if err := printJSON(stdout, graph, probs); err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
		return code
	}
	if err := printText(stderr, graph, opts.context); err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	if code == 0 && len(findings(graph)) > 0 {
		return 3
	}
	return code
}

// checkWritable reports whether a file can be written at path, leaving
// what is there as it was (an existing file is opened, not truncated).
func checkWritable(path string) error {
	_, statErr := os.Stat(path)
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	f.Close()
	if os.IsNotExist(statErr) {
		return os.Remove(path)
	}
	return nil
}

// triState is an analyzer's enable flag: unset, true or false.
type triState int

const (
	unset triState = iota
	setTrue
	setFalse
)

var _ flag.Value = (*triState)(nil)

func (t *triState) IsBoolFlag() bool { return true }

func (t *triState) String() string {
	switch *t {
	case setTrue:
		return "true"
	case setFalse:
		return "false"
	}
	return "unset"
}

func (t *triState) Set(s string) error {
	switch s {
	case "true", "1":
		*t = setTrue
	case "false", "0":
		*t = setFalse
	default:
		return fmt.Errorf("want true or false, got %q", s)
	}
	return nil
}

// selectAnalyzers applies the -NAME toggles as multichecker does: if any is
// true, run only those; otherwise run all but those set false.
func selectAnalyzers(all []*analysis.Analyzer, enabled map[string]*triState) []*analysis.Analyzer {
	anyTrue := false
	for _, t := range enabled {
		anyTrue = anyTrue || *t == setTrue
	}
	var out []*analysis.Analyzer
	for _, a := range all {
		t := *enabled[a.Name]
		if (anyTrue && t == setTrue) || (!anyTrue && t != setFalse) {
			out = append(out, a)
		}
	}
	return out
}

func usage(w io.Writer, progname string, analyzers []*analysis.Analyzer) {
	fmt.Fprintf(w, "%s is a tool for static analysis of Kubernetes operators.\n\n", progname)
	fmt.Fprintf(w, "Usage: %s [-flag] [package]\n\n", progname)
	fmt.Fprintln(w, "Registered analyzers:")
	for _, a := range analyzers {
		title, _, _ := strings.Cut(a.Doc, "\n")
		fmt.Fprintf(w, "    %-18s %s\n", a.Name, title)
	}
	fmt.Fprintf(w, "\nBy default all analyzers are run.\nTo select specific analyzers, use the -NAME flag for each one,\nor -NAME=false to run all analyzers not explicitly disabled.\n")
	fmt.Fprintf(w, "\nTo see details and flags of a specific analyzer, run '%s help name'.\n", progname)
	fmt.Fprintf(w, "To use it from go vet: go vet -vettool=$(command -v %s) ./...\n", progname)
}

func help(stdout, stderr io.Writer, progname string, fs *flag.FlagSet, analyzers []*analysis.Analyzer, names []string) int {
	if len(names) == 0 {
		usage(stdout, progname, analyzers)
		fmt.Fprintln(stdout, "\nCore flags:")
		fs.VisitAll(func(f *flag.Flag) {
			if !strings.Contains(f.Name, ".") && opts(f.Name) {
				fmt.Fprintf(stdout, "  -%s\n    \t%s\n", f.Name, f.Usage)
			}
		})
		return 0
	}
	code := 0
outer:
	for _, name := range names {
		for _, a := range analyzers {
			if a.Name != name {
				continue
			}
			title, body, _ := strings.Cut(a.Doc, "\n")
			fmt.Fprintf(stdout, "%s: %s\n", a.Name, title)
			first := true
			a.Flags.VisitAll(func(f *flag.Flag) {
				if first {
					fmt.Fprint(stdout, "\nAnalyzer flags:\n\n")
					first = false
				}
				fmt.Fprintf(stdout, "  -%s.%s\n    \t%s\n", a.Name, f.Name, f.Usage)
			})
			fmt.Fprintf(stdout, "%s\n", body)
			continue outer
		}
		fmt.Fprintf(stderr, "%s: no such analyzer: %s\n", progname, name)
		code = 1
	}
	return code
}

// opts reports whether a core flag is worth listing in help.
func opts(name string) bool {
	switch name {
	case "json", "fix", "diff", "test", "c":
		return true
	}
	return false
}
