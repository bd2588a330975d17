package restartrevert_test

import (
	"testing"

	"github.com/reconcilelint/reconcilelint/analyzers/restartrevert"
	"github.com/reconcilelint/reconcilelint/internal/repotest"
)

func TestRestartRevert(t *testing.T) {
	repotest.Run(t, restartrevert.Analyzer, "restartrevert/a", "restartrevert/restartutil", "restartrevert/paths", "restartrevert/hash", "restartrevert/hashutil", "restartrevert/inverse", "restartrevert/inverse/kube", "restartrevert/factory", "restartrevert/factory/mutate", "restartrevert/unionback", "restartrevert/flow", "restartrevert/flow/exec", "restartrevert/flow/kube", "restartrevert/framework", "restartrevert/framework/reconciler", "restartrevert/maplib", "restartrevert/maplib/kv", "restartrevert/mutators", "restartrevert/mutators/core", "restartrevert/handon/deploy", "restartrevert/handon")
}
