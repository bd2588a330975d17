// Package iface: a builder reached through an interface method, held in
// an embedded interface field, implemented in this package by a type that
// ranges over a map.
package iface

import corev1 "k8s.io/api/core/v1"

type Spec struct{ Vars map[string]string }

// EnvSource builds a container's environment.
type EnvSource interface {
	Env(spec Spec) []corev1.EnvVar
}

type Builder struct {
	EnvSource
}

func (b *Builder) Container(spec Spec) corev1.Container { // want Container:`maporder\(result 0 in order of map spec.Vars`
	return corev1.Container{Name: "main", Env: b.Env(spec)}
}

type mapEnv struct{}

func (mapEnv) Env(spec Spec) []corev1.EnvVar { // want Env:`maporder\(result 0 in order of map spec.Vars`
	var out []corev1.EnvVar
	for k, v := range spec.Vars { // want `range over map spec.Vars feeds Container.Env in map order`
		out = append(out, corev1.EnvVar{Name: k, Value: v})
	}
	return out
}

// sortedEnv implements EnvSource too, in a stable order.
type sortedEnv struct{}

func (sortedEnv) Env(spec Spec) []corev1.EnvVar { return nil }

func New() *Builder { return &Builder{EnvSource: mapEnv{}} }
