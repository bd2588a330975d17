// Package toolhive restates, in this project's words, the shapes of the
// StatefulSet that rolled on every proxy restart: env vars, container ports
// and service ports built from maps into server-side apply configurations.
package toolhive

import (
	"strconv"

	corev1 "k8s.io/api/core/v1"
	appsv1ac "k8s.io/client-go/applyconfigurations/apps/v1"
	corev1ac "k8s.io/client-go/applyconfigurations/core/v1"
)

type PortBinding struct{ HostPort string }

type Options struct {
	ExposedPorts map[string]struct{}
	PortBindings map[string][]PortBinding
}

// Deploy applies the workload's StatefulSet.
func Deploy(name string, env map[string]string, opts *Options) *appsv1ac.StatefulSetApplyConfiguration { // want Deploy:`param 0 reaches ContainerApplyConfiguration.WithName via toolhive.podTemplate`
	var envList []*corev1ac.EnvVarApplyConfiguration
	for k, v := range env { // want `range over map env feeds ContainerApplyConfiguration.WithEnv via toolhive.podTemplate in map order`
		envList = append(envList, corev1ac.EnvVar().WithName(k).WithValue(v))
	}
	tmpl := podTemplate(name, envList, opts)
	return appsv1ac.StatefulSet(name, "ns").WithSpec(appsv1ac.StatefulSetSpec().WithTemplate(tmpl))
}

func podTemplate(name string, envList []*corev1ac.EnvVarApplyConfiguration, opts *Options) *corev1ac.PodTemplateSpecApplyConfiguration { // want podTemplate:`param 1 reaches ContainerApplyConfiguration.WithEnv via toolhive.container`
	c := container(name, envList)
	c = withPorts(c, opts)
	return corev1ac.PodTemplateSpec().WithSpec(corev1ac.PodSpec().WithContainers(c))
}

func container(name string, env []*corev1ac.EnvVarApplyConfiguration) *corev1ac.ContainerApplyConfiguration { // want container:`param 1 reaches ContainerApplyConfiguration.WithEnv \(workload.go:38\)`
	return corev1ac.Container().WithName(name).WithEnv(env...)
}

func withPorts(c *corev1ac.ContainerApplyConfiguration, opts *Options) *corev1ac.ContainerApplyConfiguration {
	seen := map[int32]bool{}
	var ports []*corev1ac.ContainerPortApplyConfiguration
	for p := range opts.ExposedPorts { // want `range over map opts.ExposedPorts feeds ContainerApplyConfiguration.WithPorts in map order`
		n, _ := strconv.Atoi(p)
		if !seen[int32(n)] {
			ports = append(ports, corev1ac.ContainerPort().WithContainerPort(int32(n)).WithProtocol(corev1.ProtocolTCP))
			seen[int32(n)] = true
		}
	}
	for p := range opts.PortBindings { // want `range over map opts.PortBindings feeds ContainerApplyConfiguration.WithPorts in map order`
		n, _ := strconv.Atoi(p)
		if !seen[int32(n)] {
			ports = append(ports, corev1ac.ContainerPort().WithContainerPort(int32(n)))
			seen[int32(n)] = true
		}
	}
	if len(ports) > 0 {
		c = c.WithPorts(ports...)
	}
	return c
}

// collectExposed fills a map from a map: no order escapes here.
func collectExposed(opts *Options, byPort map[int32]*corev1ac.ServicePortApplyConfiguration) {
	for p := range opts.ExposedPorts {
		n, _ := strconv.Atoi(p)
		if _, ok := byPort[int32(n)]; !ok {
			byPort[int32(n)] = corev1ac.ServicePort().WithPort(int32(n))
		}
	}
}

// servicePorts converts the port map to a slice in map order.
func servicePorts(opts *Options) []*corev1ac.ServicePortApplyConfiguration { // want servicePorts:`result 0 in order of map byPort`
	byPort := map[int32]*corev1ac.ServicePortApplyConfiguration{}
	collectExposed(opts, byPort)
	var out []*corev1ac.ServicePortApplyConfiguration
	for _, sp := range byPort { // want `range over map byPort feeds ServiceSpecApplyConfiguration.WithPorts in map order`
		out = append(out, sp)
	}
	return out
}

// ApplyService builds the Service from the ports.
func ApplyService(name string, opts *Options) *corev1ac.ServiceApplyConfiguration {
	return corev1ac.Service(name, "ns").WithSpec(corev1ac.ServiceSpec().WithPorts(servicePorts(opts)...))
}
