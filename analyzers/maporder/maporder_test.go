package maporder_test

import (
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/maporder"
	"github.com/reconcilelint/reconcilelint/internal/repotest"
)

// TestMaporder runs the default analyzer over each group of testdata
// packages; their `// want` comments are the expectations.
func TestMaporder(t *testing.T) {
	for _, c := range []struct {
		name string
		pkgs []string
	}{
		// Map order into each kind of sink, and the sanitizers that make it stable.
		{"basic", []string{"maporder/basic"}},
		// Order produced or consumed by helpers in other packages travels as facts.
		{"helpers", []string{"maporder/helpers/flags", "maporder/helpers/apply", "maporder/helpers/podexec", "maporder/helpers/use", "maporder/helpers/envuse"}},
		// Shapes seen in real operators: test files, merges, interfaces.
		{"operators", []string{"maporder/toolhive", "maporder/testfiles", "maporder/merge", "maporder/iface"}},
		// Sorts the sanitizer table does not name: interface methods, sort.Interface methods, conversions.
		{"sorting", []string{"maporder/sorting", "maporder/sorting/helpers", "maporder/sorting/argsbuild"}},
		// An operator's own API types as sinks.
		{"crd", []string{"maporder/crd/controller", "maporder/crd/summary"}},
		// Callbacks whose results a framework of another package writes into an object.
		{"framework", []string{"maporder/framework"}},
		// Order carried through values, not names: assertions, type switches, closures called in place.
		{"values", []string{"maporder/values"}},
		// Order stored into fields of the module's own structs, read in the package and in others.
		{"channels", []string{"maporder/channels/render", "maporder/channels/controller"}},
		// Functions with a single way for order to enter them (exposure.go): each is still walked.
		{"exposure", []string{"maporder/exposure/model", "maporder/exposure/store", "maporder/exposure/controller"}},
		// Lists read from an informer cache: controller-runtime's List, a lister's, a helper's behind an interface, a list a helper fills.
		{"listed", []string{"maporder/listed/discover", "maporder/listed"}},
		// An interface declared by the controller, implemented in a package it
		// does not import, wired in main.
		{"wiring", []string{"maporder/wiring/controller", "maporder/wiring/secretenv", "maporder/wiring/cmd"}},
	} {
		t.Run(c.name, func(t *testing.T) { repotest.Run(t, maporder.New(maporder.Config{}), c.pkgs...) })
	}
}

func TestAPIPackagesSetting(t *testing.T) {
	repotest.Run(t, maporder.New(maporder.Config{APIPackages: []string{"maporder/settings/model"}}), "maporder/settings/on")
	analysistest.Run(t, repotest.Testdata(t), maporder.New(maporder.Config{}), "maporder/settings/off")
}

func TestAPIPackagesFlag(t *testing.T) {
	a := maporder.New(maporder.Config{})
	if err := a.Flags.Set("api-packages", "maporder/settings/model"); err != nil {
		t.Fatal(err)
	}
	repotest.Run(t, a, "maporder/settings/on")

	err := maporder.New(maporder.Config{}).Flags.Set("api-packages", "example.com/api,,x")
	if err == nil || !strings.Contains(err.Error(), "maporder.api-packages[1]") {
		t.Fatalf("want an error naming maporder.api-packages[1], got %v", err)
	}
	err = maporder.Config{APIPackages: []string{"ok", "has space"}}.Validate()
	if err == nil || !strings.Contains(err.Error(), "maporder.api-packages[1]") {
		t.Fatalf("want an error naming maporder.api-packages[1], got %v", err)
	}
}

func TestFix(t *testing.T) {
	repotest.RunFix(t, maporder.New(maporder.Config{}), "maporder/fix")
}

func TestNoFixBeforeGo123(t *testing.T) {
	for _, r := range repotest.Run(t, maporder.New(maporder.Config{}), "maporder/oldgo") {
		for _, d := range r.Diagnostics {
			if len(d.SuggestedFixes) > 0 {
				t.Errorf("%s: fix offered for a go1.22 file", r.Pass.Fset.Position(d.Pos))
			}
		}
	}
}

// TestFixedFileIsClean checks that the fixed file compiles and that a
// second run reports only the loops that have no fix.
func TestFixedFileIsClean(t *testing.T) {
	repotest.FixedIsClean(t, maporder.New(maporder.Config{}), "maporder/fix",
		[]string{"k8s.io", "sigs.k8s.io", "golang.org"}, "mutates", "structKeys", "fromCall")
}

// BenchmarkMaporder measures the analyzer alone (facts included) on the
// test packages, loaded once. Real-code comparisons with go vet are made
// by `make compare DIR=<module>`.
func BenchmarkMaporder(b *testing.B) {
	repotest.Bench(b, maporder.New(maporder.Config{}), "maporder/basic", "maporder/toolhive", "maporder/helpers/use", "maporder/crd/controller")
}
