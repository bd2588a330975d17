package basic

import (
	"fmt"

	corev1 "k8s.io/api/core/v1"
)

// podBuilder collects, per container name, the mounts to add to a
// template it holds.
type podBuilder struct {
	tmpl        corev1.PodTemplateSpec
	mountsByCtr map[string][]corev1.VolumeMount
	calls       int
}

// indexOf returns the index of the container of that name: it only reads
// the template.
func (b *podBuilder) indexOf(name string) (int, error) {
	for i, c := range b.tmpl.Spec.Containers {
		if c.Name == name {
			return i, nil
		}
	}
	return -1, fmt.Errorf("no container %q", name)
}

// RIGHT: each container's mounts go to that container, in the order
// they were collected: the map decides only which container is done
// first.
func (b *podBuilder) render() corev1.PodTemplateSpec {
	out := *b.tmpl.DeepCopy()
	for name, mounts := range b.mountsByCtr {
		i, err := b.indexOf(name)
		if err != nil {
			continue
		}
		for _, m := range mounts {
			out.Spec.Containers[i].VolumeMounts = append(out.Spec.Containers[i].VolumeMounts, m)
		}
	}
	return out
}

// nextSlot hands out the containers in turn: its answer depends on the
// calls before, so the slot is the iteration's, not the entry's.
func (b *podBuilder) nextSlot(name string) int {
	b.calls++
	return (b.calls + len(name)) % len(b.tmpl.Spec.Containers)
}

// The same loop with a slot that counts the calls: which container gets
// which mounts depends on the map's order.
func (b *podBuilder) renderBySlot() corev1.PodTemplateSpec {
	out := *b.tmpl.DeepCopy()
	for name, mounts := range b.mountsByCtr { // want `range over map b.mountsByCtr feeds Container.VolumeMounts in map order`
		i := b.nextSlot(name)
		out.Spec.Containers[i].VolumeMounts = append(out.Spec.Containers[i].VolumeMounts, mounts...)
	}
	return out
}
