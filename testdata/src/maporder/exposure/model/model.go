// Package model declares the settings the controller fills. Its one
// function has no mark of map order but a list field it reads.
package model

import corev1 "k8s.io/api/core/v1"

// Settings are filled by the controller and rendered here.
type Settings struct {
	Flags []string // want Flags:`field reaches Container.Args \(model.go:\d+\)`
	Extra []string
	Names []string
}

// Apply takes no list and ranges over no map: only the field it reads can
// carry a caller's order, which reaches the container's arguments.
func (s *Settings) Apply(c *corev1.Container) {
	c.Args = s.Flags
}
