// Package use never imports core/v1: the API values come from helpers.
package use

import (
	ac "k8s.io/client-go/applyconfigurations/core/v1"

	"maporder/helpers/apply"
	"maporder/helpers/builder"
	"maporder/helpers/flags"
	"maporder/helpers/podexec"
)

func resultFromOtherPackage(m map[string]string) {
	c := builder.New()
	c.Args = flags.Flags(m) // want `flags.Flags returns values in the order of map m \(flags.go:12\) and they feed Container.Args; sort them first`
}

func sortedFromOtherPackage(m map[string]string) {
	builder.New().Args = flags.SortedFlags(m)
}

func filledByOtherPackage(m map[string]string) {
	var xs []string
	flags.Fill(m, &xs) // want `flags.Fill fills &xs in the order of map m \(flags.go:27\), and it feeds Container.Command; sort it first`
	builder.New().Command = xs
}

func sortedByOtherPackage(m map[string]string) {
	var xs []string
	for k := range m {
		xs = append(xs, k)
	}
	flags.Sort(xs)
	builder.New().Args = xs
}

func passedThroughOtherPackage(m map[string]string) {
	var xs []string
	for k := range m { // want `range over map m feeds Container.Args in map order`
		xs = append(xs, k)
	}
	builder.New().Args = []string{"--names=" + flags.Join(xs)}
}

func sinkInOtherPackage(m map[string]string) *ac.ContainerApplyConfiguration {
	var env []*ac.EnvVarApplyConfiguration
	for k, v := range m { // want `range over map m feeds ContainerApplyConfiguration.WithEnv via apply.Configure in map order`
		env = append(env, ac.EnvVar().WithName(k).WithValue(v))
	}
	return apply.Configure(ac.Container(), env)
}

// A command built in map order and run in a Pod: the exec request is read
// once and never stored, so its order churns nothing.
func execInMapOrder(m map[string]string) {
	var remap []string
	for k, v := range m {
		remap = append(remap, v+"="+k)
	}
	_ = podexec.Run("db", append([]string{"restore", "--remap"}, remap...))
	_ = podexec.RunStdout(remap)
}
