// Command perf compares reconcilelint's wall time and peak memory with the
// loading floor (tools/perf/noop) on the same packages of a module:
//
//	perf -dir /path/to/module -floor bin/perf-noop -bin bin/reconcilelint ./...
//
// After one unmeasured run of each (so both find a warm build cache), it
// runs the two interleaved -runs times and prints the medians, their
// ratios, and the median of each round's ratio (paired: the measure for
// comparing two builds of reconcilelint, the old one as -floor). Peak memory is the largest resident set of the process or of any
// child it waited for (go list), as /usr/bin/time reports it. CPU is user
// plus system time of the process and the children it waited for: on a
// shared machine it moves less than wall time when other work competes.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"
)

func main() {
	dir := flag.String("dir", ".", "module directory to run in")
	floor := flag.String("floor", "bin/perf-noop", "the no-op multichecker")
	bin := flag.String("bin", "bin/reconcilelint", "the reconcilelint binary")
	runs := flag.Int("runs", 3, "measured runs of each")
	flag.Parse()
	pkgs := flag.Args()
	if len(pkgs) == 0 {
		pkgs = []string{"./..."}
	}
	if err := run(*dir, abs(*floor), abs(*bin), *runs, pkgs); err != nil {
		fmt.Fprintln(os.Stderr, "perf:", err)
		os.Exit(1)
	}
}

func abs(path string) string {
	if p, err := filepath.Abs(path); err == nil {
		return p
	}
	return path
}

type sample struct {
	wall, cpu time.Duration
	rss       int64 // KB
}

func run(dir, floor, bin string, runs int, pkgs []string) error {
	tools := []struct{ name, path string }{{"floor (no-op multichecker)", floor}, {"reconcilelint", bin}}
	samples := make([][]sample, len(tools))
	for round := -1; round < runs; round++ { // round -1 warms the caches
		for i, tool := range tools {
			s, err := measure(dir, tool.path, pkgs)
			if err != nil {
				return fmt.Errorf("%s: %v", tool.name, err)
			}
			if round >= 0 {
				samples[i] = append(samples[i], s)
			}
		}
	}
	fmt.Printf("packages: %s in %s; medians of %d interleaved runs after a warm-up\n", strings.Join(pkgs, " "), dir, runs)
	med := make([]sample, len(tools))
	for i, tool := range tools {
		med[i] = median(samples[i])
		fmt.Printf("%-28s %7.2f s %8.0f MB %7.2f s CPU   (runs: %s)\n", tool.name, med[i].wall.Seconds(), float64(med[i].rss)/1024, med[i].cpu.Seconds(), show(samples[i]))
	}
	fmt.Printf("%-28s %7.2fx  %7.2fx  %7.2fx\n", "ratio", med[1].wall.Seconds()/med[0].wall.Seconds(), float64(med[1].rss)/float64(med[0].rss), med[1].cpu.Seconds()/med[0].cpu.Seconds())
	p := paired(samples[0], samples[1])
	fmt.Printf("%-28s %7.2fx  %7.2fx  %7.2fx   (median of each round's ratio)\n", "paired", p.wall, p.rss, p.cpu)
	return nil
}

// ratios are b's wall time, peak memory and CPU over a's.
type ratios struct{ wall, rss, cpu float64 }

// paired returns the medians of the rounds' ratios, b's run over a's. The
// two runs of a round follow each other, so their ratio moves less than
// the ratio of the medians when the machine's speed drifts over the
// series: the measure for comparing two builds of reconcilelint
// (-floor the old one, -bin the new).
func paired(a, b []sample) ratios {
	var ws, ms, cs []float64
	for i := range min(len(a), len(b)) {
		ws = append(ws, b[i].wall.Seconds()/a[i].wall.Seconds())
		ms = append(ms, float64(b[i].rss)/float64(a[i].rss))
		cs = append(cs, b[i].cpu.Seconds()/a[i].cpu.Seconds())
	}
	mid := func(xs []float64) float64 {
		if len(xs) == 0 {
			return 0
		}
		slices.Sort(xs)
		return xs[len(xs)/2]
	}
	return ratios{mid(ws), mid(ms), mid(cs)}
}

// measure runs tool once. Exit codes 0 and 3 (findings) are success.
func measure(dir, tool string, pkgs []string) (sample, error) {
	cmd := exec.Command(tool, pkgs...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	var exit *exec.ExitError
	if err != nil && !(errors.As(err, &exit) && exit.ExitCode() == 3) {
		return sample{}, fmt.Errorf("%v\n%s", err, tail(stderr.String()))
	}
	ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	if !ok {
		return sample{}, errors.New("no resource usage on this system")
	}
	return sample{wall: wall, cpu: cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime(), rss: ru.Maxrss}, nil
}

func median(s []sample) sample {
	walls := make([]time.Duration, len(s))
	cpus := make([]time.Duration, len(s))
	rss := make([]int64, len(s))
	for i, x := range s {
		walls[i], cpus[i], rss[i] = x.wall, x.cpu, x.rss
	}
	slices.Sort(walls)
	slices.Sort(cpus)
	slices.Sort(rss)
	return sample{wall: walls[len(s)/2], cpu: cpus[len(s)/2], rss: rss[len(s)/2]}
}

func show(s []sample) string {
	var parts []string
	for _, x := range s {
		parts = append(parts, fmt.Sprintf("%.2fs/%.0fMB", x.wall.Seconds(), float64(x.rss)/1024))
	}
	return strings.Join(parts, " ")
}

func tail(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > 20 {
		lines = lines[len(lines)-20:]
	}
	return strings.Join(lines, "\n")
}
