// Package render turns what the controller gathered into the pod template
// of a Deployment. What it gathered arrives in fields of its own structs.
package render

import (
	"maps"
	"path"
	"slices"
	"sort"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
)

// Gathered is what the controller read from the cluster for one app.
type Gathered struct {
	// ConfigFiles holds, by ConfigMap name, the keys to mount as files.
	ConfigFiles map[string][]string // want ConfigFiles:`field reaches Container.VolumeMounts via Workload.mount \(render.go:\d+\)`
	// Secrets holds the keys of each Secret.
	Secrets map[string]SecretKeys
	// Flags are extra command-line flags; the controller sorts them.
	Flags []string
	// Local are hosts answered for without a network.
	Local []string
	// Hosts are the hosts the app answers for.
	Hosts []string // want Hosts:`field reaches Container.Args \(render.go:\d+\)`
}

// SecretKeys lists the keys of a Secret, text and binary apart.
type SecretKeys struct {
	Text   []string // want Text:`field reaches Container.VolumeMounts via Workload.mount \(render.go:\d+\)`
	Binary []string // want Binary:`field reaches Container.VolumeMounts via Workload.mount \(render.go:\d+\)`
}

// KeysOf lists the keys of a Secret's two maps, in map order.
func KeysOf(text map[string]string, binary map[string][]byte) SecretKeys { // want KeysOf:`maporder\(result 0 in order of map text \(render.go:\d+\)\)`
	return SecretKeys{
		Text:   slices.Collect(maps.Keys(text)),   // want `slices.Collect\(maps.Keys\(text\)\) is in map order and feeds Container.VolumeMounts via Workload.mount; sort it first`
		Binary: slices.Collect(maps.Keys(binary)), // want `slices.Collect\(maps.Keys\(binary\)\) is in map order and feeds Container.VolumeMounts via Workload.mount; sort it first`
	}
}

// SortedKeysOf is KeysOf done right: silent.
func SortedKeysOf(text map[string]string) SortedKeys {
	return SortedKeys{Text: slices.Sorted(maps.Keys(text))}
}

// SortedKeys is what SortedKeysOf gives.
type SortedKeys struct{ Text []string } // want Text:`field reaches Container.VolumeMounts via Workload.mount \(render.go:\d+\)`

// All is every key, text first.
func (k SecretKeys) All() []string { return append(k.Text, k.Binary...) } // want All:`maporder\(result 0 in order of map text \(render.go:\d+\)\)`

// Workload is the Deployment being rendered.
type Workload struct{ Dep *appsv1.Deployment }

func (w *Workload) container() *corev1.Container {
	return &w.Dep.Spec.Template.Spec.Containers[0]
}

// mount mounts each key of a volume as a file, in the order given.
func (w *Workload) mount(volume string, keys []string) { // want mount:`maporder\(param 0 reaches VolumeMount.Name \(render.go:\d+\); param 1 reaches Container.VolumeMounts \(render.go:\d+\)\)`
	c := w.container()
	for _, k := range keys {
		c.VolumeMounts = append(c.VolumeMounts, corev1.VolumeMount{Name: volume, MountPath: path.Join("/etc", volume, k), SubPath: k})
	}
}

// Render mounts what g holds, and passes its flags and hosts.
func (w *Workload) Render(g Gathered) {
	for _, name := range slices.Sorted(maps.Keys(g.ConfigFiles)) {
		w.mount(name, g.ConfigFiles[name])
	}
	for _, name := range slices.Sorted(maps.Keys(g.Secrets)) {
		w.mount(name, g.Secrets[name].All())
	}
	c := w.container()
	c.Args = append(c.Args, g.Flags...)
	for _, h := range g.Hosts {
		c.Args = append(c.Args, "--host="+h)
	}
}

// RenderSorted mounts keys that SortedKeysOf listed: silent.
func (w *Workload) RenderSorted(k SortedKeys) {
	w.mount("config", k.Text)
}

// sortFlags is where the flags are put in order; wherever it runs, the
// field is taken as sorted (a sort of a field anywhere in the package
// clears it).
func sortFlags(g *Gathered) {
	sort.Strings(g.Flags)
}

// Defaults reads Local from a literal built here: what noteLocal stores
// into the field elsewhere does not reach this literal's own, so neither
// reports.
func (w *Workload) Defaults() {
	g := Gathered{Local: []string{"localhost"}}
	c := w.container()
	c.Args = append(c.Args, g.Local...)
}

func noteLocal(g *Gathered, names map[string]bool) {
	for n := range names {
		g.Local = append(g.Local, n)
	}
}

// Gather stores map order into Flags, which the package sorts: silent.
func Gather(g *Gathered, flags map[string]bool) {
	for f := range flags {
		g.Flags = append(g.Flags, "--"+f)
	}
	sortFlags(g)
}
