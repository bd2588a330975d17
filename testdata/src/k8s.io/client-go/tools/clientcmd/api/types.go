// Package api is a minimal stand-in for k8s.io/client-go/tools/clientcmd/api.
package api

import "k8s.io/apimachinery/pkg/runtime"

// ExecConfig runs a command to get credentials.
type ExecConfig struct {
	Command string
	// Config holds the cluster information handed to the command.
	Config runtime.Object
}
