// Command reconcilelint runs reconcilelint's analyzers on Go packages.
//
//	reconcilelint ./...
//	reconcilelint -fix ./...
//	reconcilelint help maporder
//	go vet -vettool=$(command -v reconcilelint) ./...
package main

import (
	"github.com/reconcilelint/reconcilelint/analyzers"
	"github.com/reconcilelint/reconcilelint/cmd/reconcilelint/internal/driver"
)

func main() {
	driver.Main(analyzers.All()...)
}
