package maporder_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/maporder"
)

func testdata() string {
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		panic(err)
	}
	return dir
}

func TestBasic(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, testdata(), maporder.New(maporder.Config{}), "maporder/basic")
}
