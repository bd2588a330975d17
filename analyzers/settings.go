package analyzers

import (
	"fmt"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/admissionclobber"
	"github.com/reconcilelint/reconcilelint/analyzers/defaultdrift"
	"github.com/reconcilelint/reconcilelint/analyzers/fieldfight"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/settings"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/strand"
	"github.com/reconcilelint/reconcilelint/analyzers/maporder"
	"github.com/reconcilelint/reconcilelint/analyzers/presencedrift"
	"github.com/reconcilelint/reconcilelint/analyzers/restartrevert"
	"github.com/reconcilelint/reconcilelint/analyzers/roundtripdrift"
	"github.com/reconcilelint/reconcilelint/analyzers/stalekey"
	"github.com/reconcilelint/reconcilelint/analyzers/timechurn"
)

// Settings is the one schema of reconcilelint's settings. The keys are the
// ones of the standalone flags: `-stalekey.owned-prefixes` is
// stalekey: {owned-prefixes: [...]} here. All keys are lower-case, since
// golangci-lint lower-cases the keys of its settings maps.
type Settings struct {
	// Disable lists analyzers to leave out of the suite.
	Disable          []string                `json:"disable,omitempty"`
	Maporder         maporder.Config         `json:"maporder"`
	Stalekey         stalekey.Config         `json:"stalekey"`
	Admissionclobber admissionclobber.Config `json:"admissionclobber"`
	Presencedrift    presencedrift.Config    `json:"presencedrift"`
	Restartrevert    struct{}                `json:"restartrevert"`
	Defaultdrift     defaultdrift.Config     `json:"defaultdrift"`
	Timechurn        struct{}                `json:"timechurn"`
	Fieldfight       struct{}                `json:"fieldfight"`
	Roundtripdrift   struct{}                `json:"roundtripdrift"`
}

// Names returns the analyzer names of the suite, in the order of All.
func Names() []string {
	var out []string
	for _, a := range All() {
		out = append(out, a.Name)
	}
	return out
}

// DecodeSettings decodes golangci-lint's raw settings for the whole suite
// strictly and validates them; errors name the key path under prefix
// ("reconcilelint.stalekey.owned-prefixes[1]: empty prefix").
func DecodeSettings(prefix string, raw any) (Settings, error) {
	var s Settings
	if err := settings.Decode(prefix, raw, &s); err != nil {
		return Settings{}, err
	}
	if err := s.validate(prefix); err != nil {
		return Settings{}, err
	}
	return s, nil
}

func (s Settings) validate(prefix string) error {
	names := Names()
	for i, d := range s.Disable {
		if !slices.Contains(names, d) {
			return fmt.Errorf("%s.disable[%d]: unknown analyzer %q (known: %s)", prefix, i, d, strings.Join(names, ", "))
		}
	}
	for _, err := range []error{s.Maporder.Validate(), s.Stalekey.Validate("stalekey"),
		s.Presencedrift.Validate("presencedrift"), admissionclobber.Validate(s.Admissionclobber), defaultdrift.Validate(s.Defaultdrift)} {
		if err != nil {
			return fmt.Errorf("%s.%w", prefix, err)
		}
	}
	if a, b := s.Stalekey.OwnedPrefixes, s.Presencedrift.OwnedPrefixes; len(a) > 0 && len(b) > 0 && !slices.Equal(a, b) {
		return fmt.Errorf("%s.presencedrift.owned-prefixes: differs from %s.stalekey.owned-prefixes; the two analyzers share one list, give it under one of them", prefix, prefix)
	}
	return nil
}

// ownedPrefixes returns the one owned-prefixes list of stalekey and
// presencedrift, given under either.
func (s Settings) ownedPrefixes() []string {
	if len(s.Stalekey.OwnedPrefixes) > 0 {
		return s.Stalekey.OwnedPrefixes
	}
	return s.Presencedrift.OwnedPrefixes
}

// New returns fresh analyzers for the settings, leaving out the disabled
// ones. Nothing global is changed; stalekey and presencedrift share one
// strand engine per owned-prefixes list, so it runs once per package even
// when they come from separate calls (golangci-lint's per-linter plugins).
func New(s Settings) []*analysis.Analyzer {
	engine, owned := strand.Shared(s.ownedPrefixes())
	all := []*analysis.Analyzer{
		maporder.New(s.Maporder),
		stalekey.NewOn(engine, owned),
		presencedrift.NewOn(engine, owned),
		admissionclobber.New(s.Admissionclobber),
		restartrevert.New(),
		defaultdrift.New(s.Defaultdrift),
		timechurn.New(),
		fieldfight.New(),
		roundtripdrift.New(),
	}
	return slices.DeleteFunc(all, func(a *analysis.Analyzer) bool { return slices.Contains(s.Disable, a.Name) })
}

// of returns, by analyzer name, a pointer to that analyzer's settings.
func (s *Settings) of() map[string]any {
	return map[string]any{
		"maporder":         &s.Maporder,
		"stalekey":         &s.Stalekey,
		"admissionclobber": &s.Admissionclobber,
		"presencedrift":    &s.Presencedrift,
		"restartrevert":    &s.Restartrevert,
		"defaultdrift":     &s.Defaultdrift,
		"timechurn":        &s.Timechurn,
		"fieldfight":       &s.Fieldfight,
		"roundtripdrift":   &s.Roundtripdrift,
	}
}

// NewOne returns a fresh analyzer named name, with its own settings
// decoded strictly from raw (errors name "<name>.<key>"), for a linter
// that runs one analyzer.
func NewOne(name string, raw any) (*analysis.Analyzer, error) {
	var s Settings
	dst, ok := s.of()[name]
	if !ok {
		return nil, fmt.Errorf("unknown analyzer %q", name)
	}
	if err := settings.Decode(name, raw, dst); err != nil {
		return nil, err
	}
	if err := s.validate(""); err != nil {
		return nil, fmt.Errorf("%s", strings.TrimPrefix(err.Error(), "."))
	}
	for _, a := range New(s) {
		if a.Name == name {
			return a, nil
		}
	}
	return nil, fmt.Errorf("unknown analyzer %q", name)
}
