package driver

import (
	"bytes"
	"strings"
	"sync"
	"testing"
	"time"
)

// syncBuffer is a bytes.Buffer safe for the drawing goroutine and the test.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestProgressStages checks the words of each stage, that a line is cut to
// the terminal's width, and that end erases what was drawn.
func TestProgressStages(t *testing.T) {
	var buf syncBuffer
	p := startProgress(&buf, func() int { return 60 }, 0, time.Hour) // draws once, at start
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(buf.String(), "listing packages") && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	p.listed(4)
	p.checkedOne()
	if got := p.line(); !strings.HasPrefix(got, "reconcilelint: type-checking 1/4 packages, analysed 0 (") {
		t.Errorf("while checking: %q", got)
	}
	for range 3 {
		p.checkedOne()
	}
	p.analysedOne()
	if got := p.line(); !strings.HasPrefix(got, "reconcilelint: analysing 1/4 packages (") {
		t.Errorf("while analysing: %q", got)
	}
	p.end()
	out := buf.String()
	if !strings.HasPrefix(out, "\r\x1b[Kreconcilelint: listing packages; go list is com") {
		t.Errorf("first draw: %q", out)
	}
	first, _, _ := strings.Cut(strings.TrimPrefix(out, "\r\x1b[K"), "\r")
	if len(first) > 59 {
		t.Errorf("line of %d characters on a 60-column terminal: %q", len(first), first)
	}
	if !strings.HasSuffix(out, "\r\x1b[K") {
		t.Errorf("the line is not erased at the end: %q", out)
	}
}

// TestProgressNotShownEarly checks that a run shorter than the delay
// prints nothing at all.
func TestProgressNotShownEarly(t *testing.T) {
	var buf syncBuffer
	p := startProgress(&buf, func() int { return 80 }, time.Hour, time.Millisecond)
	time.Sleep(20 * time.Millisecond)
	p.end()
	if buf.String() != "" {
		t.Errorf("printed before the delay: %q", buf.String())
	}
}

// TestNoProgressWithoutTerminal checks that a writer that is not a
// terminal gets no progress line.
func TestNoProgressWithoutTerminal(t *testing.T) {
	t.Setenv("RECONCILELINT_PROGRESS_DELAY", "0s")
	if p := newProgress(new(bytes.Buffer)); p != nil {
		t.Error("a progress line on a buffer")
	}
	var nilProgress *progress // every method is safe on nil
	nilProgress.listed(1)
	nilProgress.checkedOne()
	nilProgress.analysedOne()
	nilProgress.end()
}
