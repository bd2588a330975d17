// Package summary declares a custom resource and, beside it, a struct the
// operator fills for its own use. The package declares a kind, so its
// structs are taken for API types; a field without a JSON name is not in
// the resource's schema and the API server prunes it.
package summary

import (
	"errors"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Inventory is the custom resource.
type Inventory struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Status            InventoryStatus `json:"status,omitempty"`
}

// InventoryStatus is stored: its fields are named in the schema.
type InventoryStatus struct {
	Members []string `json:"members,omitempty"`
}

// Check is what one pass over the members found: Problems holds Go errors,
// which no schema names.
type Check struct {
	Members  []string `json:"members,omitempty"`
	Problems []error
}

// WRONG: Members is a schema field, filled in map order.
func Collect(seen map[string]bool) *Check { // want Collect:`maporder\(result 0 in order of map seen \(summary.go:35\)\)`
	var members []string
	for name := range seen { // want `range over map seen feeds Check.Members in map order; sort the keys first`
		members = append(members, name)
	}
	return &Check{Members: members}
}

// RIGHT: Problems has no JSON name; the server would prune it, so its
// order reaches no object.
func Problems(failed map[string]string) *Check { // want Problems:`maporder\(result 0 in order of map failed \(summary.go:45\)\)`
	var problems []error
	for name, why := range failed {
		problems = append(problems, errors.New(name+": "+why))
	}
	return &Check{Problems: problems}
}

// RIGHT: the same, set through a selector.
func MoreProblems(c *Check, failed map[string]string) {
	for name, why := range failed {
		c.Problems = append(c.Problems, errors.New(name+": "+why))
	}
}

// Round embeds a Check; its Problems are the Check's, still unnamed.
type Round struct {
	Check
	Number int `json:"number"`
}

// RIGHT: a promoted field without a JSON name.
func (r *Round) Fail(failed map[string]string) {
	for name, why := range failed {
		r.Problems = append(r.Problems, errors.New(name+": "+why))
	}
}

// WRONG: a promoted field with one.
func (r *Round) Add(seen map[string]bool) {
	for name := range seen { // want `range over map seen feeds Check.Members in map order; sort the keys first`
		r.Members = append(r.Members, name)
	}
}
