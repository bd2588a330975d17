// Package sorting: lists built in map order and then sorted in ways that a
// table of sort functions does not name: through an interface whose only
// implementation sorts, and through sort.Interface methods and
// conversions.
package sorting

import (
	"sort"

	corev1 "k8s.io/api/core/v1"

	"maporder/sorting/helpers"
)

type builder struct {
	helpers helpers.Helpers
}

// Sorted by the interface's implementation in another package.
func (b *builder) env(c *corev1.Container, vars map[string]string) {
	var envs []corev1.EnvVar
	for k, v := range vars {
		envs = append(envs, corev1.EnvVar{Name: k, Value: v})
	}
	b.helpers.SortByName(envs)
	c.Env = envs
}

// The interface's other method does not sort.
func (b *builder) envDescribed(c *corev1.Container, vars map[string]string) string {
	var envs []corev1.EnvVar
	for k, v := range vars { // want `range over map vars feeds Container.Env in map order; sort the keys first`
		envs = append(envs, corev1.EnvVar{Name: k, Value: v})
	}
	d := b.helpers.Describe(envs)
	c.Env = envs
	return d
}

// A local interface with one implementation here that sorts.
type sorter interface{ sortArgs(args []string) }

type byValue struct{}

func (byValue) sortArgs(args []string) { sort.Strings(args) } // want sortArgs:`maporder\(sorts param 0\)`

func args(c *corev1.Container, flags map[string]string, s sorter) {
	var out []string
	for k := range flags {
		out = append(out, "--"+k)
	}
	s.sortArgs(out)
	c.Args = out
}

// sort.StringSlice's own Sort method, on a conversion and on a variable.
func converted(c *corev1.Container, flags map[string]string) {
	var out []string
	for k := range flags {
		out = append(out, k)
	}
	sort.StringSlice(out).Sort()
	c.Args = out
}

func typed(c *corev1.Container, flags map[string]string) {
	var out sort.StringSlice
	for k := range flags {
		out = append(out, k)
	}
	out.Sort()
	c.Command = out
}

// A sort.Interface of the package, through sort.Sort and a conversion.
type byName []corev1.EnvVar

func (b byName) Len() int           { return len(b) }
func (b byName) Less(i, j int) bool { return b[i].Name < b[j].Name }
func (b byName) Swap(i, j int)      { b[i], b[j] = b[j], b[i] }

func sortedByName(c *corev1.Container, vars map[string]string) {
	var envs []corev1.EnvVar
	for k, v := range vars {
		envs = append(envs, corev1.EnvVar{Name: k, Value: v})
	}
	sort.Sort(byName(envs))
	c.Env = envs
}

// Swapping two elements sorts nothing.
func swapped(c *corev1.Container, flags map[string]string) {
	var out sort.StringSlice
	for k := range flags { // want `range over map flags feeds Container.Args in map order; sort the keys first`
		out = append(out, k)
	}
	if len(out) > 1 {
		out.Swap(0, 1)
	}
	c.Args = out
}

// Sorted after it was stored in the object: through a local that shares
// the field's array, and by a helper of the package that sorts its
// parameter.
func sortedThroughLocal(c *corev1.Container, vars map[string]string) {
	for k, v := range vars {
		c.Env = append(c.Env, corev1.EnvVar{Name: k, Value: v})
	}
	envs := c.Env
	sort.Sort(byName(envs))
}

func sortEnv(envs []corev1.EnvVar) { sort.Sort(byName(envs)) } // want sortEnv:`maporder\(sorts param 0\)`

func sortedByHelper(c *corev1.Container, vars map[string]string) {
	for k, v := range vars {
		c.Env = append(c.Env, corev1.EnvVar{Name: k, Value: v})
	}
	sortEnv(c.Env)
}

// The sort comes later in the text, but the branch that fills the field
// returns before it.
func sortedOnAnotherPath(c *corev1.Container, vars map[string]string, fill bool) {
	if fill {
		for k, v := range vars { // want `range over map vars feeds Container.Env in map order; sort the keys first`
			c.Env = append(c.Env, corev1.EnvVar{Name: k, Value: v})
		}
		return
	}
	sort.Sort(byName(c.Env))
}
