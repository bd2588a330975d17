// Package values: map order carried through the values the engine
// follows, not only through named variables: an interface asserted back
// to a list, a type switch's case, a closure called in place and the
// parameter it is handed, a list captured by a sort's callback.
package values

import (
	"sort"
	"strings"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// A list boxed in an interface and asserted back keeps its order.
func asserted(c *corev1.Container, env map[string]string) {
	var names []string
	for k := range env { // want `range over map env feeds Container.Args in map order`
		names = append(names, k)
	}
	var boxed any = names
	if list, ok := boxed.([]string); ok {
		c.Args = list
	}
}

// Sorted before it is boxed: silent.
func assertedSorted(c *corev1.Container, env map[string]string) {
	var names []string
	for k := range env {
		names = append(names, k)
	}
	sort.Strings(names)
	var boxed any = names
	if list, ok := boxed.([]string); ok {
		c.Args = list
	}
}

// The case of a type switch holds what was switched on.
func switched(c *corev1.Container, env map[string]string) {
	var names []string
	for k := range env { // want `range over map env feeds Container.Command in map order`
		names = append(names, k)
	}
	var v any = names
	switch x := v.(type) {
	case []string:
		c.Command = x
	case string:
		c.Command = []string{x}
	}
}

// A closure called in place returns what its loop appended.
func fromClosure(c *corev1.Container, env map[string]string) {
	collect := func() []string {
		var out []string
		for k := range env { // want `range over map env feeds Container.Args in map order`
			out = append(out, k)
		}
		return out
	}
	c.Args = collect()
}

// The same closure sorting before it returns: silent.
func fromClosureSorted(c *corev1.Container, env map[string]string) {
	collect := func() []string {
		var out []string
		for k := range env {
			out = append(out, k)
		}
		sort.Strings(out)
		return out
	}
	c.Args = collect()
}

// A closure's parameter holds what its calls hand it.
func throughClosureParam(c *corev1.Container, env map[string]string) {
	var names []string
	for k := range env { // want `range over map env feeds Container.Args in map order`
		names = append(names, k)
	}
	set := func(args []string) { c.Args = args }
	set(names)
}

// A list captured by a sort's callback (a cell, not a plain value) is
// returned empty before the loop and sorted after it: neither return is
// in map order, though the loop fills the same variable.
func envFromData(data map[string]string, skip bool) []corev1.EnvVar {
	list := make([]corev1.EnvVar, 0)
	if skip {
		return list
	}
	for k, v := range data {
		list = append(list, corev1.EnvVar{Name: k, Value: v})
	}
	sort.Slice(list, func(i, j int) bool { return list[i].Name < list[j].Name })
	return list
}

func useEnv(c *corev1.Container, data map[string]string) {
	c.Env = envFromData(data, false)
}

// names returns the keys in map order.
func names(m map[string]int) []string { // want names:`maporder\(result 0 in order of map m \(values.go:\d+\)\)`
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}

// The list a helper returns in map order is sorted before it is joined,
// after a branch that reads it: the message is stable.
func waitingFor(m map[string]int) string {
	list := names(m)
	msg := "waiting for machine"
	if len(list) > 1 {
		msg += "s"
	}
	sort.Strings(list)
	return msg + " " + strings.Join(list, ", ")
}

func setWaiting(c *metav1.Condition, m map[string]int) {
	c.Message = waitingFor(m)
}

// eachEntry calls fn once per entry of m, in the map's order.
func eachEntry(m map[string]string, fn func(k, v string)) { // want eachEntry:`maporder\(calls param 1 in order of map m \(values.go:\d+\)\)`
	for k, v := range m { // want `range over map m feeds Container.Env in map order`
		fn(k, v)
	}
}

// A callback handed to such a helper appends, in map order, to a list its
// caller declared.
func viaCallback(c *corev1.Container, env map[string]string) {
	var out []corev1.EnvVar
	eachEntry(env, func(k, v string) {
		out = append(out, corev1.EnvVar{Name: k, Value: v})
	})
	c.Env = out
}

// eachLabel is eachEntry for the sorted case below.
func eachLabel(m map[string]string, fn func(k, v string)) { // want eachLabel:`maporder\(calls param 1 in order of map m \(values.go:\d+\)\)`
	for k, v := range m {
		fn(k, v)
	}
}

// The list the callback fills is sorted before it is stored: silent.
func viaCallbackSorted(c *corev1.Container, labels map[string]string) {
	var out []corev1.EnvVar
	eachLabel(labels, func(k, v string) {
		out = append(out, corev1.EnvVar{Name: k, Value: v})
	})
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	c.Env = out
}
