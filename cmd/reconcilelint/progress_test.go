package main_test

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/creack/pty"

	"github.com/reconcilelint/reconcilelint/internal/repotest"
)

// TestProgressOnTerminal runs the binary with standard error on a
// pseudo-terminal and the delay set to zero: the progress line is drawn,
// then erased before the findings are printed, and standard output
// (where -json goes) never holds it.
func TestProgressOnTerminal(t *testing.T) {
	t.Parallel()
	dir := repotest.TinyModule(t, map[string]string{"good/good.go": goodFile})
	ptmx, tty, err := pty.Open()
	if err != nil {
		t.Fatalf("no pseudo-terminal: %v", err) // not a skip: the test would pass without running
	}
	defer ptmx.Close()
	cmd := command(dir, binary, "./...")
	cmd.Env = append(cmd.Env, "RECONCILELINT_PROGRESS_DELAY=0s", "TERM=xterm")
	var stdout bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, tty
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	tty.Close() // the child holds its own copy
	var screen bytes.Buffer
	done := make(chan struct{})
	go func() {
		defer close(done)
		_, _ = io.Copy(&screen, ptmx) // ends with EIO once the child exits
	}()
	err = cmd.Wait()
	<-done
	if code := exitCode(err); code != 3 {
		t.Errorf("exit code %d, want 3\n%q", code, screen.String())
	}
	out := screen.String()
	if !strings.Contains(out, "reconcilelint: listing packages") {
		t.Errorf("no progress line on the terminal: %q", out)
	}
	// The last erase comes before the finding: nothing of the line is left.
	erase := strings.LastIndex(out, "\r\x1b[K")
	finding := strings.Index(out, "good/good.go:3:1: malformed")
	if erase < 0 || finding < erase {
		t.Errorf("the line is not erased before the findings: %q", out)
	}
	if rest := out[erase+len("\r\x1b[K"):]; strings.Contains(rest, "listing packages") || strings.Contains(rest, "packages (") {
		t.Errorf("progress text after the last erase: %q", rest)
	}
	if stdout.Len() != 0 {
		t.Errorf("standard output holds %q", stdout.String())
	}
}

// TestNoProgressWithoutTerminal runs the same with standard error on a
// pipe: no progress line, no escape sequence.
func TestNoProgressWithoutTerminal(t *testing.T) {
	t.Parallel()
	dir := repotest.TinyModule(t, map[string]string{"good/good.go": goodFile})
	for _, args := range [][]string{{"./..."}, {"-json", "./..."}} {
		cmd := command(dir, binary, args...)
		cmd.Env = append(cmd.Env, "RECONCILELINT_PROGRESS_DELAY=0s", "TERM=xterm")
		out, _ := cmd.CombinedOutput()
		if bytes.Contains(out, []byte("\x1b")) || bytes.Contains(out, []byte("listing packages")) {
			t.Errorf("%v: progress without a terminal: %q", args, out)
		}
	}
}
