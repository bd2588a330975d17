package driver

import (
	"fmt"
	"io"
	"slices"
	"sync"
	"time"

	"golang.org/x/tools/go/analysis"
)

// timing measures where a run spends its time, for -debug=timing: loading
// (go list, parsing, type-checking), the analysis as a whole, and each
// analyzer summed over packages. Analyzers run in parallel, so their sum
// can exceed the analysis' wall time.
type timing struct {
	load, analysis time.Duration

	mu  sync.Mutex
	per map[*analysis.Analyzer]time.Duration
	all []*analysis.Analyzer // selected ones and their requirements, in order

	restore []func()
}

// newTiming wraps the Run of every analyzer that will run, selected or
// required; print restores them.
func newTiming(selected []*analysis.Analyzer) *timing {
	t := &timing{per: map[*analysis.Analyzer]time.Duration{}}
	var visit func(a *analysis.Analyzer)
	visit = func(a *analysis.Analyzer) {
		if slices.Contains(t.all, a) {
			return
		}
		for _, req := range a.Requires {
			visit(req)
		}
		t.all = append(t.all, a)
	}
	for _, a := range selected {
		visit(a)
	}
	for _, a := range t.all {
		run := a.Run
		a.Run = func(pass *analysis.Pass) (any, error) {
			start := time.Now()
			defer func() {
				d := time.Since(start)
				t.mu.Lock()
				t.per[a] += d
				t.mu.Unlock()
			}()
			return run(pass)
		}
		t.restore = append(t.restore, func() { a.Run = run })
	}
	return t
}

func (t *timing) loaded(d time.Duration) {
	if t != nil {
		t.load = d
	}
}

func (t *timing) analysed(d time.Duration) {
	if t != nil {
		t.analysis = d
	}
}

func (t *timing) print(w io.Writer) {
	for _, restore := range t.restore {
		restore()
	}
	fmt.Fprintf(w, "timing: load (go list, parse, type-check) %8.3fs\n", t.load.Seconds())
	fmt.Fprintf(w, "timing: analysis (wall)                   %8.3fs\n", t.analysis.Seconds())
	t.mu.Lock()
	defer t.mu.Unlock()
	// The checker runs every package's analyzers as soon as their inputs
	// are ready, more at once than there are cores, so an analyzer's summed
	// time includes waiting for a core; its share of the sum is the
	// comparable number.
	var sum time.Duration
	for _, a := range t.all {
		sum += t.per[a]
	}
	for _, a := range t.all {
		share := 0.0
		if sum > 0 {
			share = 100 * float64(t.per[a]) / float64(sum)
		}
		fmt.Fprintf(w, "timing:   %-24s%5.1f%% (%.3fs summed over packages)\n", a.Name, share, t.per[a].Seconds())
	}
}
