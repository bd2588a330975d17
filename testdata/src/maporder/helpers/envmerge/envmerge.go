// Package envmerge overlays the variables an operator wants on a list of
// environment variables that it is given.
package envmerge

import corev1 "k8s.io/api/core/v1"

// Overlay keeps the given variables in their order, fills in the wanted
// value of those left empty, and appends the wanted variables the list
// lacks. Those come out of the map in map order: the given list is a
// parameter, not the list the result replaces, so nothing says that they
// were there before.
func Overlay(given []corev1.EnvVar, wanted map[string]string) []corev1.EnvVar {
	out := make([]corev1.EnvVar, 0, len(given)+len(wanted))
	for _, e := range given {
		if v, ok := wanted[e.Name]; ok {
			if e.Value == "" {
				e.Value = v
			}
			delete(wanted, e.Name)
		}
		out = append(out, e)
	}
	for name, v := range wanted {
		out = append(out, corev1.EnvVar{Name: name, Value: v})
	}
	return out
}

// OverlayList is Overlay with the wanted variables in a list: the ones
// the given list lacks are appended in the list's order.
func OverlayList(given []corev1.EnvVar, wanted []corev1.EnvVar) []corev1.EnvVar {
	byName := make(map[string]string, len(wanted))
	for _, w := range wanted {
		byName[w.Name] = w.Value
	}
	out := make([]corev1.EnvVar, 0, len(given)+len(wanted))
	for _, e := range given {
		if v, ok := byName[e.Name]; ok {
			if e.Value == "" {
				e.Value = v
			}
			delete(byName, e.Name)
		}
		out = append(out, e)
	}
	for _, w := range wanted {
		if _, missing := byName[w.Name]; missing {
			out = append(out, w)
		}
	}
	return out
}
