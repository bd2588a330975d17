// Package podexec runs commands in a Pod. A command goes into the options
// of an exec request, which the API server reads once and never stores.
package podexec

import corev1 "k8s.io/api/core/v1"

// Send stands for the REST call that carries the options.
var Send func(opts *corev1.PodExecOptions) error

func Run(container string, command []string) error {
	return Send(&corev1.PodExecOptions{Container: container, Command: command})
}

func RunStdout(command []string) error {
	opts := &corev1.PodExecOptions{Stdout: true}
	opts.Command = command
	return Send(opts)
}
