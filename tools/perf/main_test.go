package main

import (
	"testing"
	"time"
)

// TestPaired: the paired ratios are the medians of each round's ratio,
// not the ratio of the medians. Here the machine is slow for a's last run
// and b's last two: the ratio of the medians says 3.30x, two rounds of
// three say 1.10x.
func TestPaired(t *testing.T) {
	s := func(wall float64, rss int64, cpu float64) sample {
		return sample{wall: time.Duration(wall * float64(time.Second)), rss: rss, cpu: time.Duration(cpu * float64(time.Second))}
	}
	a := []sample{s(1, 100, 2), s(1, 100, 2), s(3, 100, 6)}
	b := []sample{s(1.1, 90, 2.4), s(3.3, 110, 6.6), s(3.3, 80, 6.6)}
	got := paired(a, b)
	near := func(x, want float64) bool { return x > want-1e-9 && x < want+1e-9 }
	if !near(got.wall, 1.1) || !near(got.rss, 0.9) || !near(got.cpu, 1.2) {
		t.Errorf("paired = %+v, want wall 1.10, rss 0.90, cpu 1.20", got)
	}
	if m := median(b).wall.Seconds() / median(a).wall.Seconds(); near(m, 1.1) {
		t.Errorf("the example does not tell the two measures apart: ratio of medians %.2f", m)
	}
}
