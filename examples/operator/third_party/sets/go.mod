module github.com/reconcilelint/reconcilelint/examples/sets

go 1.26.0
