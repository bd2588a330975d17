// Package controller fills model's settings. Each function below that
// reaches a sink has a single mark through which map order can enter it.
package controller

import (
	"maps"
	"slices"
	"sort"
	"strings"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/util/sets"

	"maporder/exposure/model"
	"maporder/exposure/store"
)

// fill stores map order into a field whose reads reach a sink in model.
func fill(s *model.Settings, flags map[string]bool) {
	for f := range flags { // want `range over map flags feeds Container.Args via Settings.Flags in map order; sort the keys first`
		s.Flags = append(s.Flags, f)
	}
}

// collect stores map order into a field of another package that this
// package reads itself.
func collect(s *model.Settings, extra map[string]string) {
	for k := range extra { // want `range over map extra feeds Container.Command in map order; sort the keys first`
		s.Extra = append(s.Extra, k)
	}
}

// emit takes no list and ranges over no map: only the field it reads,
// which collect fills in map order, carries order into it.
func emit(s *model.Settings, c *corev1.Container) {
	c.Command = s.Extra
}

// collectNames fills a field that tidy sorts in place: wherever the sort
// runs, the field is taken as sorted.
func collectNames(s *model.Settings, names map[string]int) {
	for n := range names {
		s.Names = append(s.Names, n)
	}
}

func tidy(s *model.Settings) { sort.Strings(s.Names) }

func emitNames(s *model.Settings, c *corev1.Container) {
	c.Args = s.Names
}

// joined passes its parameter's order to its result: callers that hand
// it map order put that order where the result goes.
func joined(xs []string) string { return strings.Join(xs, ",") } // want joined:`maporder\(param 0 reaches result 0\)`

func labelsArg(labels map[string]string, c *corev1.Container) {
	var keys []string
	for k := range labels { // want `range over map labels feeds Container.Args in map order; sort the keys first`
		keys = append(keys, k)
	}
	c.Args = []string{joined(keys)}
}

func labelsArgSorted(labels map[string]string, c *corev1.Container) {
	c.Args = []string{joined(slices.Sorted(maps.Keys(labels)))}
}

// ports has no parameter of ordered content and no range: the keys it
// collects are its one mark.
type ports struct{ byName map[string]int32 }

func (p *ports) names(c *corev1.Container) {
	c.Args = slices.Collect(maps.Keys(p.byName)) // want `slices.Collect\(maps.Keys\(p.byName\)\) is in map order and feeds Container.Args; sort it first`
}

// fromGenerated takes its order from helpers in generated files, which
// the analyzer leaves out (exposure.go): known false negatives, kept so
// that a change to them is seen. Package model is built for the question
// only (nothing in it is live), store as a whole (it reads the cluster).
func fromGenerated(env map[string]string, c *corev1.Container) {
	c.Args = model.GeneratedKeys(env)
	c.Command = store.GeneratedNames(env)
}

// setKeys ranges over nothing and takes no list: the set's unsorted list
// is its one mark.
func setKeys(c *corev1.Container, s sets.Set[string]) {
	c.Args = s.UnsortedList() // want `s.UnsortedList\(\) is in map order and feeds Container.Args; sort it first`
}
