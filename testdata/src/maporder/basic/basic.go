package basic

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"maps"
	"slices"
	"sort"
	"strings"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/util/sets"
	corev1ac "k8s.io/client-go/applyconfigurations/core/v1"
)

// Loop body appends straight into an API slice field.
func envInBody(c *corev1.Container, env map[string]string) {
	for k, v := range env { // want `range over map env feeds Container.Env in map order; sort the keys first`
		c.Env = append(c.Env, corev1.EnvVar{Name: k, Value: v})
	}
}

// A variadic With* on a builder that outlives the iteration.
func withInBody(c *corev1ac.ContainerApplyConfiguration, env map[string]string) {
	for k, v := range env { // want `range over map env feeds ContainerApplyConfiguration.WithEnv in map order`
		c.WithEnv(corev1ac.EnvVar().WithName(k).WithValue(v))
	}
}

// Scalar With* calls on a fresh builder per iteration are harmless; the
// order leaks through the append, then the spread into WithEnv.
func localSliceThenWith(env map[string]string) *corev1ac.ContainerApplyConfiguration {
	var list []*corev1ac.EnvVarApplyConfiguration
	for k, v := range env { // want `range over map env feeds ContainerApplyConfiguration.WithEnv in map order`
		list = append(list, corev1ac.EnvVar().WithName(k).WithValue(v))
	}
	return corev1ac.Container().WithEnv(list...)
}

// Local slice stored in a field later in the function.
func localSliceThenField(ports map[string]int32) corev1.Container { // want localSliceThenField:`maporder\(result 0 in order of map ports \(basic.go:49\)\)`
	var out []corev1.ContainerPort
	for name, p := range ports { // want `range over map ports feeds Container.Ports in map order`
		out = append(out, corev1.ContainerPort{Name: name, ContainerPort: p})
	}
	return corev1.Container{Name: "app", Ports: out}
}

// Sorting the slice before the sink silences the report.
func sortedBeforeSink(ports map[string]int32) corev1.Container {
	var out []corev1.ContainerPort
	for name, p := range ports {
		out = append(out, corev1.ContainerPort{Name: name, ContainerPort: p})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return corev1.Container{Name: "app", Ports: out}
}

// Keys collected, sorted, then used: the common correct idiom.
func sortedKeys(env map[string]string) []corev1.EnvVar {
	keys := make([]string, 0, len(env))
	for k := range env {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var out []corev1.EnvVar
	for _, k := range keys {
		out = append(out, corev1.EnvVar{Name: k, Value: env[k]})
	}
	c := corev1.Container{Env: out}
	return c.Env
}

// Unsorted keys, then a loop over them: the order carries on.
func unsortedKeysThenLoop(c *corev1.Container, env map[string]string) {
	keys := make([]string, 0, len(env))
	for k := range env { // want `range over map env feeds Container.Env in map order`
		keys = append(keys, k)
	}
	for _, k := range keys {
		c.Env = append(c.Env, corev1.EnvVar{Name: k, Value: env[k]})
	}
}

// Index writes through a counter fill the slice in map order.
func indexFill(c *corev1.Container, flags map[string]string) {
	args := make([]string, len(flags))
	i := 0
	for k, v := range flags { // want `range over map flags feeds Container.Args in map order`
		args[i] = "--" + k + "=" + v
		i++
	}
	c.Args = args
}

// maps.Keys iterator in a range, and slices.Collect of one.
func iterators(c *corev1.Container, vols map[string]corev1.Volume, m map[string]string) []corev1.Volume { // want iterators:`result 0 in order of map vols`
	for name := range maps.Keys(m) { // want `range over map m feeds Container.Args in map order`
		c.Args = append(c.Args, name)
	}
	c.Command = slices.Collect(maps.Keys(m)) // want `slices.Collect\(maps.Keys\(m\)\) is in map order and feeds Container.Command`
	c.Command = slices.Sorted(maps.Keys(m))
	spec := corev1.PodSpec{Volumes: slices.Collect(maps.Values(vols))} // want `slices.Collect\(maps.Values\(vols\)\) is in map order and feeds PodSpec.Volumes`
	return spec.Volumes
}

// sets: UnsortedList is random, sets.List is sorted.
func setsUse(c *corev1.Container, s sets.Set[string]) {
	c.Args = s.UnsortedList() // want `s.UnsortedList\(\) is in map order and feeds Container.Args`
	c.Command = sets.List(s)
}

// Harmless uses of map order: copies, counts, logs, errors, len.
func harmless(env map[string]string, obj *corev1.Pod) (int, error) {
	copyOf := map[string]string{}
	n := 0
	var names []string
	for k, v := range env {
		copyOf[k] = v
		n++
		log.Printf("env %s", k)
		names = append(names, k)
	}
	obj.Labels = copyOf
	if len(names) > 3 {
		return len(names), errors.New("too many: " + strings.Join(names, ","))
	}
	return n, fmt.Errorf("names %v", names)
}

// A hash filled in map order, written into an annotation.
func hashAnnotation(obj *corev1.Pod, cfg map[string]string) {
	h := sha256.New()
	for k, v := range cfg { // want `range over map cfg feeds ObjectMeta.Annotations in map order`
		fmt.Fprintf(h, "%s=%s;", k, v)
	}
	obj.Annotations["example.com/config-hash"] = hex.EncodeToString(h.Sum(nil))
}

// A strings.Builder filled in map order, stored as ConfigMap data.
func builderData(cfg map[string]string) *corev1.ConfigMap { // want builderData:`result 0 in order of map cfg`
	var b strings.Builder
	for k, v := range cfg { // want `range over map cfg feeds ConfigMap.Data in map order`
		b.WriteString(k + "=" + v + "\n")
	}
	return &corev1.ConfigMap{Data: map[string]string{"app.properties": b.String()}}
}

// json.Marshal sorts map keys; labels.Set.String is sorted too.
func sortedEncodings(obj *corev1.Pod, cfg map[string]string) error {
	raw, err := json.Marshal(cfg)
	if err != nil {
		return err
	}
	obj.Annotations = map[string]string{
		"example.com/config":   string(raw),
		"example.com/selector": labels.Set(cfg).String(),
	}
	return nil
}

// A local helper that sorts its argument is a sanitizer.
func sortNames(names []string) { slices.Sort(names) } // want sortNames:`maporder\(sorts param 0\)`

func helperSorted(c *corev1.Container, m map[string]bool) {
	var names []string
	for k := range m {
		names = append(names, k)
	}
	sortNames(names)
	c.Args = names
}

// Promoted field: Annotations reached through the embedded ObjectMeta.
type wrapped struct {
	metav1.ObjectMeta
}

func promoted(w *wrapped, parts map[string]string) {
	var s string
	for k := range parts { // want `range over map parts feeds ObjectMeta.Annotations in map order`
		s += k + ","
	}
	w.Annotations = map[string]string{"example.com/parts": s}
}

// A local type named Container is not an API type.
type Container struct {
	Env []string
}

func localType(c *Container, env map[string]string) {
	for k := range env {
		c.Env = append(c.Env, k)
	}
}

// Setters of API objects are sinks.
func setter(obj *corev1.Pod, m map[string]string) {
	var b strings.Builder
	for k := range m { // want `range over map m feeds ObjectMeta.SetAnnotations in map order`
		b.WriteString(k)
	}
	obj.SetAnnotations(map[string]string{"example.com/keys": b.String()})
}

// Grouping into a map of slices keeps map order inside each group.
func grouping(c *corev1.Container, owners map[string]string) {
	groups := map[string][]string{}
	for name, team := range owners { // want `range over map owners feeds Container.Args in map order`
		groups[team] = append(groups[team], name)
	}
	c.Args = groups["platform"]
}

// false negative: a last-wins assignment picks an arbitrary key; not followed.
func lastWins(c *corev1.Container, images map[string]string) {
	var image string
	for _, img := range images {
		image = img
	}
	c.Image = image
}

// A list handed to an informer (a ListerWatcher's List) is never stored
// on the server, so its order is harmless.
func listForInformer(known map[string]corev1.Pod) *corev1.PodList { // want listForInformer:`result 0 in order of map known`
	list := &corev1.PodList{}
	for _, p := range known {
		list.Items = append(list.Items, p)
	}
	return &corev1.PodList{Items: list.Items}
}

// The only element of a one-element set: indexing an unsorted list gives an
// element, not an order.
func onlyMessage(c *corev1.PodCondition, messages sets.Set[string]) {
	if len(messages) == 1 {
		c.Type = messages.UnsortedList()[0]
	}
}

// false negative: the first element of a larger unsorted list is arbitrary,
// but indexing is not followed (see onlyMessage for why).
func firstOfMany(c *corev1.Container, images sets.Set[string]) {
	c.Image = images.UnsortedList()[0]
}

type ranked struct {
	flag string
	rank int
}

// RIGHT: each entry carries the position it was given when the list was
// first read, and is put back there: the list comes out in that order,
// whatever order the map is walked in.
func placeByRank(c *corev1.Container, flags []string) {
	seen := make(map[string]ranked)
	for i, f := range flags {
		if _, dup := seen[f]; !dup {
			seen[f] = ranked{flag: f, rank: i}
		}
	}
	args := make([]string, len(flags))
	for _, r := range seen {
		args[r.rank] = r.flag
	}
	c.Args = args
}

// The same store with an index that does not depend on the entry: every
// iteration writes the same place, and the last entry the map yields is
// the one that stays.
func lastWinsAtIndex(c *corev1.Container, flags map[string]string) {
	args := make([]string, 1)
	for k := range flags { // want `range over map flags feeds Container.Args in map order`
		args[0] = "--" + k
	}
	c.Args = args
}
