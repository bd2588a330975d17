package basic

import (
	"bytes"
	"strings"
	"text/template"

	corev1 "k8s.io/api/core/v1"
)

// The operator's own settings struct, rendered into the container's
// arguments by a template.
type renderConfig struct {
	ExtraFlags string
}

var argsTemplate = template.Must(template.New("args").Parse("--serve {{.ExtraFlags}}"))

// false negative (decided, see the doc's Limits): the key=value pairs are
// joined in map order into a string field of the operator's own struct,
// and text/template renders that struct into the Deployment's arguments.
// A string field of a struct that is not a Kubernetes API type is not a
// sink, and template execution is not followed: the order reaches
// c.Args only through the template's text.
func renderedArgs(c *corev1.Container, flags map[string]string) error {
	var pairs []string
	for k, v := range flags {
		pairs = append(pairs, k+"="+v)
	}
	cfg := renderConfig{ExtraFlags: strings.Join(pairs, " ")}
	var out bytes.Buffer
	if err := argsTemplate.Execute(&out, cfg); err != nil {
		return err
	}
	c.Args = strings.Fields(out.String())
	return nil
}
