package fix

import (
	corev1 "k8s.io/api/core/v1"
)

func keyValue(c *corev1.Container, env map[string]string) {
	for k, v := range env { // want `range over map env feeds Container.Env in map order`
		c.Env = append(c.Env, corev1.EnvVar{Name: k, Value: v})
	}
}

func valueOnly(c *corev1.Container, byName map[string]corev1.VolumeMount) {
	for _, m := range byName { // want `range over map byName feeds Container.VolumeMounts in map order`
		c.VolumeMounts = append(c.VolumeMounts, m)
	}
}

func keyOnly(c *corev1.Container, flags map[string]bool) {
	for f := range flags { // want `range over map flags feeds Container.Args in map order`
		c.Args = append(c.Args, "--"+f)
	}
}

type ports struct{ byName map[int32]string }

func fieldPath(c *corev1.Container, p ports) {
	for port, name := range p.byName { // want `range over map p.byName feeds Container.Ports in map order`
		c.Ports = append(c.Ports, corev1.ContainerPort{Name: name, ContainerPort: port})
	}
}

// No fix: the body deletes from the map, so sorted keys would not see the
// same entries as the range does.
func mutates(c *corev1.Container, env map[string]string) {
	for k, v := range env { // want `range over map env feeds Container.Env in map order`
		delete(env, k)
		c.Env = append(c.Env, corev1.EnvVar{Name: k, Value: v})
	}
}

type key struct{ a, b string }

// No fix: struct keys are not ordered.
func structKeys(c *corev1.Container, m map[key]string) {
	for k := range m { // want `range over map m feeds Container.Args in map order`
		c.Args = append(c.Args, k.a+k.b)
	}
}

// No fix: the map comes from a call.
func fromCall(c *corev1.Container, get func() map[string]string) {
	for k := range get() { // want `range over map get\(\) feeds Container.Args in map order`
		c.Args = append(c.Args, k)
	}
}
