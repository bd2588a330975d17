// Command reconcilelint runs reconcilelint's analyzers on Go packages.
//
//	reconcilelint ./...
//	reconcilelint -fix ./...
//	reconcilelint help maporder
//	go vet -vettool=$(command -v reconcilelint) ./...
package main

import (
	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/reconcilelint/reconcilelint/analyzers"
)

func main() {
	multichecker.Main(analyzers.All()...)
}
