// Package defaults knows which fields of Kubernetes' own API types the API
// server fills in when an object leaves them unset: the defaulting code of
// Kubernetes (SetDefaults_* functions and +default= markers), read by
// tools/defaultgen at a pinned version into table.tsv, and the fields
// that the API server's registry, admission or controllers every cluster
// runs fill in (a Service's clusterIP, a claim's volumeName).
//
// An operator that builds an object without these fields and compares it
// strictly with the live object sees a difference on every reconcile.
package defaults

//go:generate go run ../../../tools/defaultgen -kubernetes v1.37.2 -out table.tsv

import (
	_ "embed"
	"go/types"
	"strings"
)

//go:embed table.tsv
var tableTSV string

// KubernetesVersion is the version of Kubernetes' defaulting code the
// table was read from, as its header says.
var KubernetesVersion string

var table = parse(tableTSV)

// parse reads the generated table: one field per line, tab-separated
// (package, type, field, when, by, root), after # header lines.
func parse(text string) []Field {
	var out []Field
	for line := range strings.Lines(text) {
		line = strings.TrimSuffix(line, "\n")
		if v, ok := strings.CutPrefix(line, "# kubernetes\t"); ok {
			KubernetesVersion = v
			continue
		}
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		c := strings.Split(line, "\t")
		if len(c) != 6 {
			panic("defaults: malformed line in table.tsv: " + line)
		}
		out = append(out, Field{Pkg: c[0], Type: c[1], Name: c[2], When: c[3], By: c[4], Root: c[5]})
	}
	return out
}

// A Field is one defaulted field: the struct declaring it (package path
// and name), its name, when it is filled ("nil", "empty", "zero" or
// "unset" when it is filled only if unset; "" when the condition is more),
// by what (SetDefaults_Deployment, +default="TCP", "allocated by the API
// server"), and the kind it is limited to.
type Field struct {
	Pkg, Type, Name string
	When            string
	By              string
	// Root, when set, is the only kind whose objects get the default: a
	// field of a shared struct defaulted from the kind's own function
	// (SetDefaults_Pod fills a Pod's spec.enableServiceLinks, not a
	// template's).
	Root string
}

var byField = func() map[[3]string]Field {
	m := make(map[[3]string]Field, len(table))
	for _, f := range table {
		m[[3]string{f.Pkg, f.Type, f.Name}] = f
	}
	return m
}()

// Lookup returns the defaulted field name of the struct pkg.typ.
func Lookup(pkg, typ, name string) (Field, bool) {
	f, ok := byField[[3]string{pkg, typ, name}]
	return f, ok
}

// Of returns the entry of a struct field v declared by the named struct
// owner, or false when the field is not defaulted.
func Of(owner *types.Named, v *types.Var) (Field, bool) {
	if owner == nil || owner.Obj().Pkg() == nil {
		return Field{}, false
	}
	return Lookup(owner.Obj().Pkg().Path(), owner.Obj().Name(), v.Name())
}

// All returns the table, in package, type and field order.
func All() []Field { return table }
