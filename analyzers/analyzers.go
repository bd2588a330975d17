// Package analyzers lists reconcilelint's analyzers.
package analyzers

import (
	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/admissionclobber"
	"github.com/reconcilelint/reconcilelint/analyzers/defaultdrift"
	"github.com/reconcilelint/reconcilelint/analyzers/fieldfight"
	"github.com/reconcilelint/reconcilelint/analyzers/maporder"
	"github.com/reconcilelint/reconcilelint/analyzers/presencedrift"
	"github.com/reconcilelint/reconcilelint/analyzers/restartrevert"
	"github.com/reconcilelint/reconcilelint/analyzers/roundtripdrift"
	"github.com/reconcilelint/reconcilelint/analyzers/stalekey"
	"github.com/reconcilelint/reconcilelint/analyzers/timechurn"
)

// All returns the analyzers of the suite with default settings, in a
// stable order.
func All() []*analysis.Analyzer {
	return []*analysis.Analyzer{
		maporder.Analyzer,
		stalekey.Analyzer,
		presencedrift.Analyzer,
		admissionclobber.Analyzer,
		restartrevert.Analyzer,
		defaultdrift.Analyzer,
		timechurn.Analyzer,
		fieldfight.Analyzer,
		roundtripdrift.Analyzer,
	}
}
