// Package merge: entries of a map appended to an existing list only when
// missing from it. The first write puts them in map order; after that every
// entry is present, nothing is appended, and the list is stable.
package merge

import (
	"slices"
	"strings"

	corev1 "k8s.io/api/core/v1"
)

func hasEnv(list []corev1.EnvVar, name string) bool {
	for _, e := range list {
		if e.Name == name {
			return true
		}
	}
	return false
}

// The existing list is copied, and missing entries go after it.
func appendMissing(current *corev1.Container, env map[string]string) {
	out := current.Env
	for k, v := range env {
		if !slices.ContainsFunc(out, func(e corev1.EnvVar) bool { return e.Name == k }) {
			out = append(out, corev1.EnvVar{Name: k, Value: v})
		}
	}
	current.Env = out
}

// The same, with an index of the names present, appending in place.
func appendMissingIndexed(current *corev1.Container, env map[string]string) {
	present := map[string]bool{}
	for _, e := range current.Env {
		present[e.Name] = true
	}
	for k, v := range env {
		if _, ok := present[k]; !ok {
			current.Env = append(current.Env, corev1.EnvVar{Name: k, Value: v})
		}
	}
}

// A helper tests presence; the list is a clone of the existing one.
func appendMissingHelper(current *corev1.Container, env map[string]string) {
	out := slices.Clone(current.Env)
	for k, v := range env {
		if !hasEnv(out, k) {
			out = append(out, corev1.EnvVar{Name: k, Value: v})
		}
	}
	current.Env = out
}

// Deduplicating into a list that starts empty is still map order.
func dedupe(c *corev1.Container, env map[string]string) {
	var out []corev1.EnvVar
	for k, v := range env { // want `range over map env feeds Container.Env in map order`
		if !hasEnv(out, k) {
			out = append(out, corev1.EnvVar{Name: k, Value: v})
		}
	}
	c.Env = out
}

// A presence test on another list guards nothing about this one.
func otherList(c *corev1.Container, skip []corev1.EnvVar, env map[string]string) {
	out := c.Env
	for k, v := range env { // want `range over map env feeds Container.Env in map order`
		if !hasEnv(skip, k) {
			out = append(out, corev1.EnvVar{Name: k, Value: v})
		}
	}
	c.Env = out
}

// A fresh object's list starts empty: its order is the map's every time.
func fresh(env map[string]string) *corev1.Container {
	c := &corev1.Container{}
	for k, v := range env { // want `range over map env feeds Container.Env in map order`
		if !hasEnv(c.Env, k) {
			c.Env = append(c.Env, corev1.EnvVar{Name: k, Value: v})
		}
	}
	return c
}

// The list handed to a literal is sorted afterwards, which sorts the
// field too: they share one array.
func sortedAfterLiteral(ports map[string]int32) *corev1.Service {
	var list []corev1.ServicePort
	for name, p := range ports {
		list = append(list, corev1.ServicePort{Name: name, Port: p})
	}
	svc := &corev1.Service{Spec: corev1.ServiceSpec{Ports: list}}
	slices.SortFunc(list, func(a, b corev1.ServicePort) int { return strings.Compare(a.Name, b.Name) })
	return svc
}

// Sorted through a differently spelled path to the same list.
func sortedThroughPointer(svc *corev1.Service, ports map[string]int32) {
	for name, p := range ports {
		svc.Spec.Ports = append(svc.Spec.Ports, corev1.ServicePort{Name: name, Port: p})
	}
	slices.SortFunc((*svc).Spec.Ports, func(a, b corev1.ServicePort) int { return strings.Compare(a.Name, b.Name) })
}

// The existing ports are kept in their order, taking each out of the map
// of wanted ones; what is left in the map (ports the list lacks) goes
// after them. After the first write nothing is left: stable.
func keepThenRemainder(svc *corev1.Service, wanted map[string]corev1.ServicePort) {
	var out []corev1.ServicePort
	for _, p := range svc.Spec.Ports {
		if w, ok := wanted[p.Name]; ok {
			w.NodePort = p.NodePort
			out = append(out, w)
			delete(wanted, p.Name)
		}
	}
	for _, w := range wanted {
		out = append(out, w)
	}
	svc.Spec.Ports = out
}

// Entries taken out of another map leave this one whole: map order.
func remainderOfOtherMap(svc *corev1.Service, wanted, seen map[string]corev1.ServicePort) {
	var out []corev1.ServicePort
	for _, p := range svc.Spec.Ports {
		out = append(out, p)
		delete(seen, p.Name)
	}
	for _, w := range wanted { // want `range over map wanted feeds ServiceSpec.Ports in map order`
		out = append(out, w)
	}
	svc.Spec.Ports = out
}

// mergePorts keeps the ports it is given in their order and adds the
// ports of the map that they lack after them, in map order.
func mergePorts(have []corev1.ServicePort, wanted map[string]corev1.ServicePort) []corev1.ServicePort { // want mergePorts:`maporder\(result 0 in order of map wanted \(merge.go:152\) after the entries of param 0; param 0 reaches result 0\)`
	var out []corev1.ServicePort
	for _, p := range have {
		if w, ok := wanted[p.Name]; ok {
			w.NodePort = p.NodePort
			out = append(out, w)
			delete(wanted, p.Name)
		}
	}
	for _, w := range wanted {
		out = append(out, w)
	}
	return out
}

// Given the Service's own ports and assigned back to them: the ports of
// the map that the Service lacks go after its own, once; then nothing moves.
func mergeIntoOwnPorts(svc *corev1.Service, wanted map[string]corev1.ServicePort) {
	svc.Spec.Ports = mergePorts(svc.Spec.Ports, wanted)
}

// mergePortsInto is mergePorts, called below with other lists.
func mergePortsInto(have []corev1.ServicePort, wanted map[string]corev1.ServicePort) []corev1.ServicePort { // want mergePortsInto:`maporder\(result 0 in order of map wanted \(merge.go:174\) after the entries of param 0; param 0 reaches result 0\)`
	var out []corev1.ServicePort
	for _, p := range have {
		if w, ok := wanted[p.Name]; ok {
			w.NodePort = p.NodePort
			out = append(out, w)
			delete(wanted, p.Name)
		}
	}
	for _, w := range wanted { // want `range over map wanted feeds ServiceSpec.Ports in map order`
		out = append(out, w)
	}
	return out
}

// Given another Service's ports, the rest of the map lands in map order
// every time.
func mergeIntoOtherPorts(svc, model *corev1.Service, wanted map[string]corev1.ServicePort) {
	svc.Spec.Ports = mergePortsInto(model.Spec.Ports, wanted)
}

// Given a list built here: nothing was there before.
func mergeIntoNewPorts(svc *corev1.Service, wanted map[string]corev1.ServicePort) {
	svc.Spec.Ports = mergePortsInto(nil, wanted)
}

// mergePortsWrapped is mergePorts again, reached only through a wrapper.
func mergePortsWrapped(have []corev1.ServicePort, wanted map[string]corev1.ServicePort) []corev1.ServicePort { // want mergePortsWrapped:`maporder\(result 0 in order of map wanted \(merge.go:200\) after the entries of param 0; param 0 reaches result 0\)`
	var out []corev1.ServicePort
	for _, p := range have {
		if w, ok := wanted[p.Name]; ok {
			out = append(out, w)
			delete(wanted, p.Name)
		}
	}
	for _, w := range wanted { // want `range over map wanted feeds ServiceSpec.Ports in map order`
		out = append(out, w)
	}
	return out
}

func wrapMergePorts(have []corev1.ServicePort, wanted map[string]corev1.ServicePort) []corev1.ServicePort { // want wrapMergePorts:`maporder\(result 0 in order of map wanted \(merge.go:200\); param 0 reaches result 0\)`
	return mergePortsWrapped(have, wanted)
}

// false positive: through a wrapper, the mark names mergePortsWrapped's
// parameter, which maporder does not map to the wrapper's own; the
// order-preserving merge is reported (at the range above).
func mergeThroughWrapper(svc *corev1.Service, wanted map[string]corev1.ServicePort) {
	svc.Spec.Ports = wrapMergePorts(svc.Spec.Ports, wanted)
}

// The Services of a map are visited in map order, and each one's ports go
// into one list: what an inner remainder loop keeps in order does not
// make the outer order stable.
func portsOfAllServices(svc *corev1.Service, byName map[string]*corev1.Service, extra map[string]corev1.ServicePort) {
	var out []corev1.ServicePort
	for _, other := range byName { // want `range over map byName feeds ServiceSpec.Ports in map order`
		for _, p := range other.Spec.Ports {
			if _, ok := extra[p.Name]; ok {
				out = append(out, p)
				delete(extra, p.Name)
			}
		}
		for _, p := range extra {
			out = append(out, p)
		}
	}
	svc.Spec.Ports = out
}

// mergeEach appends, for each group of a map in map order, the group's
// ports and then what is left of the map of ports: the groups' order
// reaches the result unmarked (through the first inner loop), so no
// caller can drop it; and a group is no existing list, so the leftovers
// after it are in map order too.
func mergeEach(groups map[string][]corev1.ServicePort, wanted map[string]corev1.ServicePort) []corev1.ServicePort { // want mergeEach:`maporder\(result 0 in order of map groups \(merge.go:243\)\)`
	var out []corev1.ServicePort
	for _, have := range groups { // want `range over map groups feeds ServiceSpec.Ports in map order`
		for _, p := range have {
			if w, ok := wanted[p.Name]; ok {
				out = append(out, w)
				delete(wanted, p.Name)
			}
		}
		for _, w := range wanted { // want `range over map wanted feeds ServiceSpec.Ports in map order`
			out = append(out, w)
		}
	}
	return out
}

// Passing the Service's own list does not excuse the order of the groups
// (reported at the ranges above).
func mergeEachIntoOwn(svc *corev1.Service, groups map[string][]corev1.ServicePort, wanted map[string]corev1.ServicePort) {
	svc.Spec.Ports = mergeEach(groups, wanted)
}
