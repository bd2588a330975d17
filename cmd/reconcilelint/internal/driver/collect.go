package driver

// The collector's pace over a run (measured in docs/performance.md, "At
// the collector's pace").

import (
	"os"
	"runtime"
	"runtime/debug"
)

// analysisPercent is the collector's goal while the packages are checked
// and analysed: the heap may grow 50% over what the last collection left
// live. Most of what is live is the export data, which stays to the end
// (vitess-operator: 60 MB when the analysis starts, 65-79 MB during it),
// so a higher goal buys only garbage left standing, and the run's peak
// comes at its end. vitess-operator's peak (docs/performance.md, "At the
// collector's pace, again"): 139-142 MB at 80%, 132-136 MB at 50%, in
// the same rounds as the floor's 130-149; cluster-api's 0.69x and 0.62x
// of the floor, at the same time. Below 50% the concurrent marks add
// growth of their own (40%: 134 MB).
const analysisPercent = 50

// A pacer holds the collector from the start of the run until the export
// data is read, and collects twice in the reads, when half of their bytes
// and when all are read, while nothing else runs.
//
// go list keeps about one and a half cores busy: the rest parses the files
// the patterns name in the meantime. Cycles then could free little (the
// parsed files stay for their packages), and they ran on the core that go
// list and the decoding of its answer need: with them, the listing took
// 12% longer on cluster-api and 10% on toolhive (paired runs). A
// collection right after go list, while nothing else runs, lowered no
// peak, and it waits for its marking.
//
// The export data is read on one core, before any check (readImports).
// Half of what a read allocates is its buffer, dropped at once. A cycle
// running beside the reads counts what they allocate while it marks as
// live, and the goal it sets for the analysis is that much higher: on
// vitess-operator it ended with 76 MB live where 60 MB was, and the heap
// reached 145 MB before the run's end. A collection made between two reads
// finds what is live; the one half-way keeps the reads' own peak under the
// analysis's.
//
// A GOGC or GOMEMLIMIT the user sets is left alone: then the pacer does
// nothing, as does a nil pacer (a loader made by a test).
type pacer struct {
	on      bool
	percent int // before the run
}

// holdCollector stops the collector's cycles until analyse, unless the
// user set GOGC or GOMEMLIMIT.
func holdCollector() *pacer {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return &pacer{}
	}
	return &pacer{on: true, percent: debug.SetGCPercent(-1)}
}

// collect runs a whole collection now, while the collector is held.
func (p *pacer) collect() {
	if p != nil && p.on {
		runtime.GC()
	}
}

// analyse collects and sets the collector's goal for the analysis.
func (p *pacer) analyse() {
	if p != nil && p.on {
		runtime.GC()
		debug.SetGCPercent(analysisPercent)
	}
}

// restore gives the collector back the percent it had before the run.
func (p *pacer) restore() {
	if p != nil && p.on {
		debug.SetGCPercent(p.percent)
	}
}
