package fieldfight_test

import (
	"testing"

	"github.com/reconcilelint/reconcilelint/analyzers/fieldfight"
	"github.com/reconcilelint/reconcilelint/internal/repotest"
)

func TestFieldfight(t *testing.T) {
	repotest.Run(t, fieldfight.New(), "fieldfight/hpa", "fieldfight/remote/scaling", "fieldfight/remote/controller", "fieldfight/noscale", "fieldfight/webhooks", "fieldfight/ownca", "fieldfight/noinject", "fieldfight/claims", "fieldfight/lookalike", "fieldfight/imports", "fieldfight/suffix", "fieldfight/manifests", "fieldfight/crds/merge", "fieldfight/crds/apply", "fieldfight/crds/install", "fieldfight/crdskeep/merge", "fieldfight/crdskeep/apply")
}
