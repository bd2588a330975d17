// Package provenance: names computed from the same things, or not.
package provenance

import (
	"fmt"

	corev1 "k8s.io/api/core/v1"
)

// The engine reads only packages that can name a Kubernetes object.
var _ corev1.ConfigMap

func same(a, b any) {}

type owner struct{ Name string }

func baseName(o *owner) string        { return o.Name }
func maintenanceName(o *owner) string { return o.Name + "-maintenance" }
func withSuffix(s string, o *owner) string {
	return o.Name + "-" + s
}

func target(o *owner) string { return baseName(o) }

func names(o *owner, ext string) {
	base := baseName(o)
	same(base, target(o))                                  // want `apart`
	same(base, baseName(o))                                // want `shared`
	same(maintenanceName(o), baseName(o))                  // want `apart`
	same(withSuffix("server", o), withSuffix("server", o)) // want `shared`
	same(withSuffix("server", o), withSuffix("proxy", o))  // want `shared`
	same(fmt.Sprintf("%s-web", o.Name), o.Name+"-web")     // want `shared`
	same(ext, base)                                        // want `apart`
	workload(base)
	autoscaler(base)
}

func workload(name string)   { use(name) }
func autoscaler(name string) { use(name) }
func use(name string) {
	same(name, name) // want `shared`
}
