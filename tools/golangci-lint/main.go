// Command golangci-lint is golangci-lint v2 with reconcilelint's module
// plugins compiled in, built from the module proxy alone (no git clone, as
// `golangci-lint custom` needs). It lives in its own module so that the
// root module, and `go install ./...` in a pre-commit hook, stay free of
// golangci-lint's dependencies.
package main

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"runtime"

	"github.com/golangci/golangci-lint/v2/pkg/commands"
	"github.com/golangci/golangci-lint/v2/pkg/exitcodes"

	_ "github.com/reconcilelint/reconcilelint/plugin"
)

func main() {
	info := commands.BuildInfo{
		GoVersion: runtime.Version(),
		Version:   contentVersion(),
		Commit:    "reconcilelint custom build",
		Date:      "(unknown)",
	}
	if err := commands.Execute(info); err != nil {
		_, _ = fmt.Fprintf(os.Stderr, "The command is terminated due to an error: %v\n", err)
		os.Exit(exitcodes.Failure)
	}
}

// contentVersion names this build by the hash of its own executable, so
// golangci-lint's result cache never serves results of another build of
// the analyzers under the same version string.
func contentVersion() string {
	exe, err := os.Executable()
	if err != nil {
		return ""
	}
	f, err := os.Open(exe)
	if err != nil {
		return ""
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return ""
	}
	return "2.15.0-reconcilelint-" + hex.EncodeToString(h.Sum(nil))[:12]
}
