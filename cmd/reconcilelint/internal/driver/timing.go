package driver

import (
	"fmt"
	"io"
	"sync"
	"time"

	"golang.org/x/tools/go/analysis"
)

// timing measures where a run spends its time, for -debug=timing: go list,
// then parsing, type-checking and analysis together (they overlap: a
// package is analysed while others are still being checked), and each of
// those steps, and each analyzer, summed over packages. Every step holds a
// core's token while it runs, so the sums add up to about the cores' busy
// time, and a step's share of them is its share of the work.
type timing struct {
	list, rest time.Duration

	mu    sync.Mutex
	per   map[string]time.Duration
	names []string // parse, export data, type-check, then the analyzers that run, in order

	restore []func()
	loans   []string // the dependency packages checked from source for facts (borrow.go)
}

// newTiming wraps the Run of every analyzer that will run, selected or
// required; print restores them.
func newTiming(selected []*analysis.Analyzer) *timing {
	t := &timing{per: map[string]time.Duration{}, names: []string{"parse", "export data", "type-check"}}
	for _, a := range requirementsFirst(selected) {
		t.names = append(t.names, a.Name)
		run := a.Run
		a.Run = func(pass *analysis.Pass) (any, error) {
			defer t.since(a.Name, time.Now())
			return run(pass)
		}
		t.restore = append(t.restore, func() { a.Run = run })
	}
	return t
}

// since adds the time from start to now to the step's sum.
func (t *timing) since(step string, start time.Time) {
	if t == nil {
		return
	}
	d := time.Since(start)
	t.mu.Lock()
	t.per[step] += d
	t.mu.Unlock()
}

func (t *timing) listed(d time.Duration) {
	if t != nil {
		t.list = d
	}
}

// lent records the dependency packages borrowed for their facts.
func (t *timing) lent(paths []string) {
	if t != nil {
		t.loans = paths
	}
}

func (t *timing) finished(d time.Duration) {
	if t != nil {
		t.rest = d
	}
}

func (t *timing) print(w io.Writer) {
	for _, restore := range t.restore {
		restore()
	}
	fmt.Fprintf(w, "timing: load (go list)                      %8.3fs\n", t.list.Seconds())
	fmt.Fprintf(w, "timing: parse, type-check, analysis (wall)  %8.3fs\n", t.rest.Seconds())
	t.mu.Lock()
	defer t.mu.Unlock()
	var sum time.Duration
	for _, name := range t.names {
		sum += t.per[name]
	}
	for _, name := range t.names {
		share := 0.0
		if sum > 0 {
			share = 100 * float64(t.per[name]) / float64(sum)
		}
		fmt.Fprintf(w, "timing:   %-24s%5.1f%% (%.3fs summed over packages)\n", name, share, t.per[name].Seconds())
	}
	fmt.Fprintf(w, "timing: dependency packages checked from source for facts: %d\n", len(t.loans))
	for _, path := range t.loans {
		fmt.Fprintf(w, "timing:   %s\n", path)
	}
}
