package basic

import (
	"path"
	"slices"

	xmaps "golang.org/x/exp/maps"
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
)

// workload wraps the Deployment the operator renders.
type workload struct{ dep *appsv1.Deployment }

// selected returns the containers whose names are listed, or all.
func (w *workload) selected(names []string) []*corev1.Container {
	var out []*corev1.Container
	for i := range w.dep.Spec.Template.Spec.Containers {
		c := &w.dep.Spec.Template.Spec.Containers[i]
		if len(names) == 0 || c.Name == names[0] {
			out = append(out, c)
		}
	}
	return out
}

// mountKeys mounts each key as a file, in the order it is given, or the
// whole volume as a directory, or one file; it keeps the mounts the
// container already has first.
func (w *workload) mountKeys(volume, dir, file string, keys []string) { // want mountKeys:`maporder\(param 0 reaches VolumeMount.Name \(mounts.go:\d+\); param 1 reaches VolumeMount.MountPath \(mounts.go:\d+\); param 2 reaches VolumeMount.MountPath \(mounts.go:\d+\); param 3 reaches Container.VolumeMounts \(mounts.go:\d+\)\)`
	for _, c := range w.selected(nil) {
		var added []corev1.VolumeMount
		if file == "" && len(keys) == 0 {
			added = []corev1.VolumeMount{{Name: volume, MountPath: dir}}
		} else if len(keys) > 0 {
			for _, k := range keys {
				added = append(added, corev1.VolumeMount{Name: volume, MountPath: path.Join(dir, k), SubPath: k})
			}
		} else {
			added = []corev1.VolumeMount{{Name: volume, MountPath: path.Join(dir, file), SubPath: file}}
		}
		var kept []corev1.VolumeMount
		for _, m := range c.VolumeMounts {
			if m.Name != volume {
				kept = append(kept, m)
			}
		}
		c.VolumeMounts = append(kept, added...)
	}
}

// The keys of a ConfigMap reach the mounts in map order.
func (w *workload) mountConfig(cm *corev1.ConfigMap) {
	w.mountKeys(cm.Name, "/etc/app", "", xmaps.Keys(cm.Data)) // want `xmaps.Keys\(cm.Data\) is in map order and feeds Container.VolumeMounts via workload.mountKeys; sort it first`
}

// Sorted first: silent.
func (w *workload) mountConfigSorted(cm *corev1.ConfigMap) {
	keys := xmaps.Keys(cm.Data)
	slices.Sort(keys)
	w.mountKeys(cm.Name, "/etc/app", "", keys)
}

// A sort in one branch clears the order on every path (a documented
// limit, kept through the join of the branches): silent.
func (w *workload) mountConfigSortedSometimes(cm *corev1.ConfigMap, tidy bool) {
	keys := xmaps.Keys(cm.Data)
	if tidy {
		slices.Sort(keys)
	}
	w.mountKeys(cm.Name, "/etc/app", "", keys)
}

// Sorted, then given the keys of another map: in map order again.
func (w *workload) mountConfigResorted(cm, extra *corev1.ConfigMap) {
	keys := xmaps.Keys(cm.Data)
	slices.Sort(keys)
	w.mountKeys(cm.Name, "/etc/app", "", keys)
	keys = xmaps.Keys(extra.Data) // want `xmaps.Keys\(extra.Data\) is in map order and feeds Container.VolumeMounts via workload.mountKeys; sort it first`
	if len(keys) > 1 {
		w.mountKeys(extra.Name, "/etc/extra", "", keys)
	}
}

// An assignment on one path keeps the order the other path left: the
// keys reach the mounts unless the first branch ran.
func (w *workload) mountConfigOrDefault(cm *corev1.ConfigMap, fallback bool) {
	keys := xmaps.Keys(cm.Data) // want `xmaps.Keys\(cm.Data\) is in map order and feeds Container.VolumeMounts via workload.mountKeys; sort it first`
	if fallback {
		keys = []string{"app.yaml"}
	}
	w.mountKeys(cm.Name, "/etc/app", "", keys)
}

// A branch that returns does not reach what follows: silent.
func (w *workload) mountConfigOrNothing(cm *corev1.ConfigMap, fallback bool) {
	keys := []string{"app.yaml"}
	if !fallback {
		keys = xmaps.Keys(cm.Data)
		slices.Sort(keys)
	} else if len(cm.Data) == 0 {
		return
	}
	w.mountKeys(cm.Name, "/etc/app", "", keys)
}

// A case that ends in break leaves the switch, not the function: the
// order it gives reaches the mounts.
func (w *workload) mountConfigBySource(cm *corev1.ConfigMap, source string) {
	var keys []string
	switch source {
	case "data":
		keys = xmaps.Keys(cm.Data) // want `xmaps.Keys\(cm.Data\) is in map order and feeds Container.VolumeMounts via workload.mountKeys; sort it first`
		break
	case "none":
		return
	default:
		keys = []string{"app.yaml"}
	}
	w.mountKeys(cm.Name, "/etc/app", "", keys)
}
