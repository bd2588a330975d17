// Package helpers holds the module's sorting helpers, behind an interface
// the builders hold.
package helpers

import (
	"sort"

	corev1 "k8s.io/api/core/v1"
)

// Helpers is what a builder is given.
type Helpers interface {
	SortByName(envs []corev1.EnvVar)
	Describe(envs []corev1.EnvVar) string
}

type helpers struct{}

// New returns the module's only Helpers.
func New() Helpers { return helpers{} }

func (helpers) SortByName(envs []corev1.EnvVar) { // want SortByName:`maporder\(sorts param 0\)`
	sort.Slice(envs, func(i, j int) bool { return envs[i].Name < envs[j].Name })
}

func (helpers) Describe(envs []corev1.EnvVar) string { return "" }
