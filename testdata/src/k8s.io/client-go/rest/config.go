// Package rest is a minimal stand-in for k8s.io/client-go/rest.
package rest

import clientcmdapi "k8s.io/client-go/tools/clientcmd/api"

// Config holds what a client needs to reach the API server.
type Config struct {
	Host         string
	ExecProvider *clientcmdapi.ExecConfig
}
