package analyzers_test

import (
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/directive"
	"github.com/reconcilelint/reconcilelint/internal/repotest"
)

func TestDecodeSettings(t *testing.T) {
	t.Parallel()
	raw := map[string]any{
		"disable":          []any{"restartrevert"},
		"maporder":         map[string]any{"api-packages": []any{"example.com/api/"}},
		"stalekey":         map[string]any{"owned-prefixes": []any{"example.com/"}},
		"admissionclobber": map[string]any{"ignore-fields": []any{"PodSpec.Affinity"}},
	}
	s, err := analyzers.DecodeSettings("reconcilelint", raw)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(s.Stalekey.OwnedPrefixes, []string{"example.com/"}) || !slices.Equal(s.Maporder.APIPackages, []string{"example.com/api/"}) {
		t.Errorf("decoded %+v", s)
	}
	var names []string
	for _, a := range analyzers.New(s) {
		names = append(names, a.Name)
	}
	if want := []string{"maporder", "stalekey", "presencedrift", "admissionclobber", "defaultdrift", "timechurn", "fieldfight", "roundtripdrift"}; !slices.Equal(names, want) {
		t.Errorf("analyzers = %v, want %v", names, want)
	}
}

func TestDecodeSettingsErrorsNameTheKey(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		raw  any
		want string
	}{
		{map[string]any{"stalekey": map[string]any{"owned-prefixes": []any{"a/", ""}}}, "reconcilelint.stalekey.owned-prefixes[1]: empty prefix"},
		{map[string]any{"stalekey": map[string]any{"ownedprefixes": []any{"a/"}}}, "reconcilelint.stalekey.ownedprefixes: unknown setting (known: owned-prefixes)"},
		{map[string]any{"maporder": map[string]any{"api-packages": "a/"}}, "reconcilelint.maporder.api-packages: expected a list of strings"},
		{map[string]any{"maporder": map[string]any{"api-packages": []any{1}}}, "reconcilelint.maporder.api-packages[0]: expected a string"},
		{map[string]any{"disable": []any{"mapOrder"}}, `reconcilelint.disable[0]: unknown analyzer "mapOrder" (known: maporder, stalekey, presencedrift, admissionclobber, restartrevert, defaultdrift, timechurn, fieldfight, roundtripdrift)`},
		{map[string]any{"restartrevert": map[string]any{"x": 1}}, "reconcilelint.restartrevert.x: unknown setting (this takes no settings)"},
		{map[string]any{"presencedrift": map[string]any{"owned-prefixes": []any{" a"}}}, `reconcilelint.presencedrift.owned-prefixes[0]: " a" is not a package path prefix`},
		{map[string]any{"stalekey": map[string]any{"owned-prefixes": []any{"a/"}}, "presencedrift": map[string]any{"owned-prefixes": []any{"b/"}}},
			"reconcilelint.presencedrift.owned-prefixes: differs from reconcilelint.stalekey.owned-prefixes; the two analyzers share one list, give it under one of them"},
		{map[string]any{"extra": 1}, "reconcilelint.extra: unknown setting (known: admissionclobber, defaultdrift, disable, fieldfight, maporder, presencedrift, restartrevert, roundtripdrift, stalekey, timechurn)"},
	} {
		_, err := analyzers.DecodeSettings("reconcilelint", tc.raw)
		if err == nil || err.Error() != tc.want {
			t.Errorf("DecodeSettings(%v) = %v, want %q", tc.raw, err, tc.want)
		}
	}
	if _, err := analyzers.NewOne("stalekey", map[string]any{"owned-prefixes": []any{""}}); err == nil || err.Error() != "stalekey.owned-prefixes[0]: empty prefix" {
		t.Errorf("NewOne error = %v", err)
	}
	if _, err := analyzers.NewOne("presencedrift", map[string]any{"x": true}); err == nil || err.Error() != "presencedrift.x: unknown setting (known: owned-prefixes)" {
		t.Errorf("NewOne error = %v", err)
	}
	// Every analyzer of the suite can be built alone, and only those.
	for _, name := range analyzers.Names() {
		if a, err := analyzers.NewOne(name, map[string]any{}); err != nil || a.Name != name {
			t.Errorf("NewOne(%q) = %v, %v", name, a, err)
		}
	}
	if _, err := analyzers.NewOne("strand", nil); err == nil || err.Error() != `unknown analyzer "strand"` {
		t.Errorf("NewOne(strand) error = %v", err)
	}
}

// Each build gets its own analyzers; the package defaults are untouched.
func TestNewIsFresh(t *testing.T) {
	t.Parallel()
	a := analyzers.New(analyzers.Settings{})
	b := analyzers.New(analyzers.Settings{})
	defaults := analyzers.All()
	for i := range a {
		if a[i] == b[i] || a[i] == defaults[i] {
			t.Errorf("%s: New returned a shared analyzer", a[i].Name)
		}
	}
	one, err := analyzers.NewOne("stalekey", map[string]any{"owned-prefixes": []any{"x/"}})
	if err != nil {
		t.Fatal(err)
	}
	if one == defaults[1] || defaults[1].Flags.Lookup("owned-prefixes").Value.String() != "" {
		t.Error("NewOne changed the default stalekey analyzer")
	}
}

// The ignore directive knows the suite's analyzers.
func TestDirectiveKnowsTheSuite(t *testing.T) {
	t.Parallel()
	if !slices.Equal(directive.Known, analyzers.Names()) {
		t.Errorf("directive.Known = %v, want %v", directive.Known, analyzers.Names())
	}
}

// TestOwnedPrefixesReachPresencedrift: presencedrift's verdict uses the
// owned prefixes however it is built: from the suite's settings given
// under stalekey, and as a per-linter plugin with its own settings. Built
// separately with equal settings, the two analyzers share one engine.
func TestOwnedPrefixesReachPresencedrift(t *testing.T) {
	t.Parallel()
	dir := repotest.Testdata(t)
	owned := map[string]any{"owned-prefixes": []any{"example.com/"}}

	s, err := analyzers.DecodeSettings("reconcilelint", map[string]any{"stalekey": owned})
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range analyzers.New(s) {
		if a.Name == "presencedrift" {
			analysistest.Run(t, dir, a, "presencedrift/prefix")
		}
	}

	drift, err := analyzers.NewOne("presencedrift", owned)
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, drift, "presencedrift/prefix")

	keys, err := analyzers.NewOne("stalekey", owned)
	if err != nil {
		t.Fatal(err)
	}
	if engine(keys) == nil || engine(keys) != engine(drift) {
		t.Errorf("stalekey and presencedrift built with equal settings do not share their engine")
	}
	other, _ := analyzers.NewOne("stalekey", map[string]any{"owned-prefixes": []any{"other.example/"}})
	if engine(other) == engine(keys) {
		t.Errorf("different settings share an engine")
	}
}

func engine(a *analysis.Analyzer) *analysis.Analyzer {
	for _, r := range a.Requires {
		if r.Name == "strand" {
			return r
		}
	}
	return nil
}
