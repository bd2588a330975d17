// Package plugin registers reconcilelint as golangci-lint v2 module
// plugins: the whole suite as "reconcilelint", and each analyzer under its
// own name so that //nolint:<analyzer>, per-rule exclusions and per-rule
// SARIF ids work. Enable either the suite or the single analyzers, not
// both, or every finding is reported twice.
package plugin

import (
	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers"
)

func init() {
	register.Plugin("reconcilelint", newSuite)
	for _, name := range analyzers.Names() {
		register.Plugin(name, func(raw any) (register.LinterPlugin, error) {
			a, err := analyzers.NewOne(name, raw)
			if err != nil {
				return nil, err
			}
			return linter{[]*analysis.Analyzer{a}}, nil
		})
	}
}

func newSuite(raw any) (register.LinterPlugin, error) {
	s, err := analyzers.DecodeSettings("reconcilelint", raw)
	if err != nil {
		return nil, err
	}
	return linter{analyzers.New(s)}, nil
}

// linter holds analyzers built fresh for one golangci-lint configuration.
type linter struct{ list []*analysis.Analyzer }

func (l linter) BuildAnalyzers() ([]*analysis.Analyzer, error) { return l.list, nil }

func (linter) GetLoadMode() string { return register.LoadModeTypesInfo }
