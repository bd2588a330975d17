package basic

import (
	"bytes"
	"cmp"
	"io"
	"maps"
	"slices"
	"sort"
	"strings"

	xmaps "golang.org/x/exp/maps"
	corev1 "k8s.io/api/core/v1"
)

type byName []corev1.EnvVar

func (b byName) Len() int           { return len(b) }
func (b byName) Less(i, j int) bool { return b[i].Name < b[j].Name }
func (b byName) Swap(i, j int)      { b[i], b[j] = b[j], b[i] }

func envList(m map[string]string) []corev1.EnvVar { // want envList:`result 0 in order of map m`
	var out []corev1.EnvVar
	for k, v := range m { // want `range over map m feeds Container.Env in map order`
		out = append(out, corev1.EnvVar{Name: k, Value: v})
	}
	return out
}

// Every in-place sort clears the order before the sink. Each case has its
// own range, so a sanitizer that stopped working would be reported.
func sliceStable(c *corev1.Container, m map[string]string) {
	var a []corev1.EnvVar
	for k, v := range m {
		a = append(a, corev1.EnvVar{Name: k, Value: v})
	}
	sort.SliceStable(a, func(i, j int) bool { return a[i].Name < a[j].Name })
	c.Env = a
}

func sortSort(c *corev1.Container, m map[string]string) {
	b := make([]corev1.EnvVar, 0, len(m))
	for k := range m {
		b = append(b, corev1.EnvVar{Name: k, Value: m[k]})
	}
	sort.Sort(byName(b))
	c.Env = b
}

func sortStable(c *corev1.Container, m map[string]string) {
	d := make([]corev1.EnvVar, len(m))
	i := 0
	for k, v := range m {
		d[i] = corev1.EnvVar{Name: k, Value: v}
		i++
	}
	sort.Stable(byName(d))
	c.Env = d
}

func sortFunc(c *corev1.Container, m map[string]string) {
	var e []corev1.EnvVar
	for k := range maps.Keys(m) {
		e = append(e, corev1.EnvVar{Name: k, Value: m[k]})
	}
	slices.SortFunc(e, func(x, y corev1.EnvVar) int { return cmp.Compare(x.Name, y.Name) })
	c.Env = e
}

func sortStableFunc(c *corev1.Container, m map[string]string) {
	var f []corev1.EnvVar
	for k, v := range m {
		ev := corev1.EnvVar{Name: k}
		ev.Value = v
		f = append(f, ev)
	}
	slices.SortStableFunc(f, func(x, y corev1.EnvVar) int { return cmp.Compare(x.Name, y.Name) })
	c.Env = f
}

func expKeysSorted(c *corev1.Container, m map[string]string) {
	keys := xmaps.Keys(m)
	sort.Strings(keys)
	c.Args = keys
}

// Unsorted, the same helper result is reported at the helper's range.
func unsorted(c *corev1.Container, m map[string]string) {
	c.EnvFrom = nil
	c.Env = envList(m)
}

func expMaps(c *corev1.Container, m map[string]string) {
	c.Args = xmaps.Keys(m)      // want `xmaps.Keys\(m\) is in map order and feeds Container.Args`
	c.Command = xmaps.Values(m) // want `xmaps.Values\(m\) is in map order and feeds Container.Command`
}

func rangeAll(c *corev1.Container, m map[string]string) {
	for k, v := range maps.All(m) { // want `range over map m feeds Container.Args in map order`
		c.Args = append(c.Args, k+"="+v)
	}
}

// A bytes.Buffer filled in map order, stored as Secret data.
func bufferSecret(creds map[string]string) *corev1.Secret { // want bufferSecret:`result 0 in order of map creds`
	var buf bytes.Buffer
	for user, pass := range creds { // want `range over map creds feeds Secret.Data in map order`
		buf.WriteString(user + ":" + pass + "\n")
	}
	return &corev1.Secret{Data: map[string][]byte{"htpasswd": buf.Bytes()}}
}

// io.WriteString into a builder, stored as Secret string data.
func writeStringSecret(s *corev1.Secret, creds map[string]string) {
	var b strings.Builder
	for user := range creds { // want `range over map creds feeds Secret.StringData in map order`
		io.WriteString(&b, user+"\n")
	}
	s.StringData = map[string]string{"users": b.String()}
}

// The same writer filled from sorted keys is fine.
func sortedSecret(s *corev1.Secret, creds map[string]string) {
	var b strings.Builder
	for _, user := range slices.Sorted(maps.Keys(creds)) {
		io.WriteString(&b, user+"\n")
	}
	s.StringData = map[string]string{"users": b.String()}
}
