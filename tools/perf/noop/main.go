// Command noop is the loading floor that make perf measures reconcilelint
// against: x/tools' multichecker with one analyzer that does nothing and
// has no facts, so it loads the named packages from source and their
// dependencies from export data, and analyses nothing.
package main

import (
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/multichecker"
)

var noop = &analysis.Analyzer{
	Name: "noop",
	Doc:  "does nothing",
	Run:  func(*analysis.Pass) (any, error) { return nil, nil },
}

func main() { multichecker.Main(noop) }
