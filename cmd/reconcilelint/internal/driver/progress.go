package driver

// Why this file exists.
//
// On a cold build cache go list compiles the export data of every
// dependency before the first package is checked: minutes on an operator,
// with nothing printed. A user cannot tell that from a hang. So, when
// standard error is a terminal and the run has taken more than
// progressDelay, one line says what is going on and for how long, and is
// overwritten as the run goes and erased at its end. Nothing is shown
// when standard error is not a terminal (CI logs, pipes, -json consumers,
// go vet and golangci-lint, which do not use this driver), so no output
// that a program reads ever holds it.

import (
	"fmt"
	"io"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/term"
)

// progressDelay is how long a run goes before the line appears: a warm run
// of a small module is over before it, and prints nothing extra.
// RECONCILELINT_PROGRESS_DELAY (a Go duration) replaces it, for tests and
// for looking at the line.
const progressDelay = 2 * time.Second

// progress is the line; a nil *progress shows nothing.
type progress struct {
	w     io.Writer
	width func() int
	start time.Time

	total             atomic.Int64 // source packages, once go list answered
	checked, analysed atomic.Int64

	stop    chan struct{}
	stopped sync.WaitGroup
	shown   bool // touched only by the drawing goroutine, then by end
}

// newProgress returns a progress line on w when w is a terminal that can
// overwrite a line, else nil.
func newProgress(w io.Writer) *progress {
	f, ok := w.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) || os.Getenv("TERM") == "dumb" {
		return nil
	}
	width := func() int {
		if cols, _, err := term.GetSize(int(f.Fd())); err == nil && cols > 0 {
			return cols
		}
		return 80
	}
	delay := progressDelay
	if d, err := time.ParseDuration(os.Getenv("RECONCILELINT_PROGRESS_DELAY")); err == nil && d >= 0 {
		delay = d
	}
	return startProgress(w, width, delay, 200*time.Millisecond)
}

// startProgress draws the line on w every tick, from delay on.
func startProgress(w io.Writer, width func() int, delay, tick time.Duration) *progress {
	p := &progress{w: w, width: width, start: time.Now(), stop: make(chan struct{})}
	p.stopped.Add(1)
	go func() {
		defer p.stopped.Done()
		t := time.NewTicker(tick)
		defer t.Stop()
		for {
			if time.Since(p.start) >= delay {
				p.draw()
			}
			select {
			case <-p.stop:
				return
			case <-t.C:
			}
		}
	}()
	return p
}

// listed records how many packages will be type-checked and analysed.
func (p *progress) listed(n int) {
	if p != nil {
		p.total.Store(int64(n))
	}
}

func (p *progress) checkedOne() {
	if p != nil {
		p.checked.Add(1)
	}
}

func (p *progress) analysedOne() {
	if p != nil {
		p.analysed.Add(1)
	}
}

// line is what the progress line says now.
func (p *progress) line() string {
	elapsed := time.Since(p.start).Truncate(time.Second)
	total := p.total.Load()
	if total == 0 {
		return fmt.Sprintf("reconcilelint: listing packages; go list is compiling dependencies (%s)", elapsed)
	}
	checked, analysed := p.checked.Load(), p.analysed.Load()
	if checked < total {
		return fmt.Sprintf("reconcilelint: type-checking %d/%d packages, analysed %d (%s)", checked, total, analysed, elapsed)
	}
	return fmt.Sprintf("reconcilelint: analysing %d/%d packages (%s)", analysed, total, elapsed)
}

// draw overwrites the line, cut to the terminal's width so that it never
// wraps (a wrapped line cannot be overwritten).
func (p *progress) draw() {
	s := p.line()
	if w := p.width() - 1; w > 0 && len(s) > w {
		s = s[:w]
	}
	fmt.Fprintf(p.w, "\r\x1b[K%s", s)
	p.shown = true
}

// end stops the line and erases it, before anything else is printed.
func (p *progress) end() {
	if p == nil {
		return
	}
	close(p.stop)
	p.stopped.Wait()
	if p.shown {
		fmt.Fprint(p.w, "\r\x1b[K")
	}
}
