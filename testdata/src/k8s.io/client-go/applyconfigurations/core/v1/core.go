// Minimal stand-in for testing reconcilelint. Mirrors k8s.io/client-go v0.37.0 applyconfigurations/core/v1;
// only the declarations the tests use, with upstream signatures.
package v1

import (
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/util/intstr"
	metav1 "k8s.io/client-go/applyconfigurations/meta/v1"
)

type EnvVarApplyConfiguration struct {
	Name  *string
	Value *string
}

func EnvVar() *EnvVarApplyConfiguration { return &EnvVarApplyConfiguration{} }

func (b *EnvVarApplyConfiguration) WithName(value string) *EnvVarApplyConfiguration {
	b.Name = &value
	return b
}

func (b *EnvVarApplyConfiguration) WithValue(value string) *EnvVarApplyConfiguration {
	b.Value = &value
	return b
}

type ContainerPortApplyConfiguration struct {
	Name          *string
	ContainerPort *int32
	Protocol      *corev1.Protocol
}

func ContainerPort() *ContainerPortApplyConfiguration { return &ContainerPortApplyConfiguration{} }

func (b *ContainerPortApplyConfiguration) WithName(value string) *ContainerPortApplyConfiguration {
	b.Name = &value
	return b
}

func (b *ContainerPortApplyConfiguration) WithContainerPort(value int32) *ContainerPortApplyConfiguration {
	b.ContainerPort = &value
	return b
}

func (b *ContainerPortApplyConfiguration) WithProtocol(value corev1.Protocol) *ContainerPortApplyConfiguration {
	b.Protocol = &value
	return b
}

type VolumeMountApplyConfiguration struct {
	Name      *string
	MountPath *string
}

func VolumeMount() *VolumeMountApplyConfiguration { return &VolumeMountApplyConfiguration{} }

func (b *VolumeMountApplyConfiguration) WithName(value string) *VolumeMountApplyConfiguration {
	b.Name = &value
	return b
}

type ContainerApplyConfiguration struct {
	Name         *string
	Image        *string
	Command      []string
	Args         []string
	Ports        []ContainerPortApplyConfiguration
	Env          []EnvVarApplyConfiguration
	VolumeMounts []VolumeMountApplyConfiguration
}

func Container() *ContainerApplyConfiguration { return &ContainerApplyConfiguration{} }

func (b *ContainerApplyConfiguration) WithName(value string) *ContainerApplyConfiguration {
	b.Name = &value
	return b
}

func (b *ContainerApplyConfiguration) WithPorts(values ...*ContainerPortApplyConfiguration) *ContainerApplyConfiguration {
	for i := range values {
		b.Ports = append(b.Ports, *values[i])
	}
	return b
}

func (b *ContainerApplyConfiguration) WithEnv(values ...*EnvVarApplyConfiguration) *ContainerApplyConfiguration {
	for i := range values {
		b.Env = append(b.Env, *values[i])
	}
	return b
}

type PodSpecApplyConfiguration struct {
	Containers   []ContainerApplyConfiguration
	NodeSelector map[string]string
}

func PodSpec() *PodSpecApplyConfiguration { return &PodSpecApplyConfiguration{} }

func (b *PodSpecApplyConfiguration) WithContainers(values ...*ContainerApplyConfiguration) *PodSpecApplyConfiguration {
	for i := range values {
		b.Containers = append(b.Containers, *values[i])
	}
	return b
}

type PodTemplateSpecApplyConfiguration struct {
	*metav1.ObjectMetaApplyConfiguration
	Spec *PodSpecApplyConfiguration
}

func PodTemplateSpec() *PodTemplateSpecApplyConfiguration {
	return &PodTemplateSpecApplyConfiguration{}
}

func (b *PodTemplateSpecApplyConfiguration) ensureObjectMetaApplyConfigurationExists() {
	if b.ObjectMetaApplyConfiguration == nil {
		b.ObjectMetaApplyConfiguration = &metav1.ObjectMetaApplyConfiguration{}
	}
}

func (b *PodTemplateSpecApplyConfiguration) WithLabels(entries map[string]string) *PodTemplateSpecApplyConfiguration {
	b.ensureObjectMetaApplyConfigurationExists()
	b.ObjectMetaApplyConfiguration.WithLabels(entries)
	return b
}

func (b *PodTemplateSpecApplyConfiguration) WithAnnotations(entries map[string]string) *PodTemplateSpecApplyConfiguration {
	b.ensureObjectMetaApplyConfigurationExists()
	b.ObjectMetaApplyConfiguration.WithAnnotations(entries)
	return b
}

func (b *PodTemplateSpecApplyConfiguration) WithSpec(value *PodSpecApplyConfiguration) *PodTemplateSpecApplyConfiguration {
	b.Spec = value
	return b
}

type ServicePortApplyConfiguration struct {
	Name       *string
	Protocol   *corev1.Protocol
	Port       *int32
	TargetPort *intstr.IntOrString
	NodePort   *int32
}

func ServicePort() *ServicePortApplyConfiguration { return &ServicePortApplyConfiguration{} }

func (b *ServicePortApplyConfiguration) WithName(value string) *ServicePortApplyConfiguration {
	b.Name = &value
	return b
}

func (b *ServicePortApplyConfiguration) WithPort(value int32) *ServicePortApplyConfiguration {
	b.Port = &value
	return b
}

type ServiceSpecApplyConfiguration struct {
	Ports    []ServicePortApplyConfiguration
	Selector map[string]string
}

func ServiceSpec() *ServiceSpecApplyConfiguration { return &ServiceSpecApplyConfiguration{} }

func (b *ServiceSpecApplyConfiguration) WithPorts(values ...*ServicePortApplyConfiguration) *ServiceSpecApplyConfiguration {
	for i := range values {
		b.Ports = append(b.Ports, *values[i])
	}
	return b
}

type ServiceApplyConfiguration struct {
	metav1.TypeMetaApplyConfiguration
	*metav1.ObjectMetaApplyConfiguration
	Spec *ServiceSpecApplyConfiguration
}

func Service(name, namespace string) *ServiceApplyConfiguration {
	b := &ServiceApplyConfiguration{ObjectMetaApplyConfiguration: &metav1.ObjectMetaApplyConfiguration{}}
	b.WithName(name)
	b.WithNamespace(namespace)
	return b
}

func (b *ServiceApplyConfiguration) WithSpec(value *ServiceSpecApplyConfiguration) *ServiceApplyConfiguration {
	b.Spec = value
	return b
}

func (b *ServiceApplyConfiguration) IsApplyConfiguration() {}

type ConfigMapApplyConfiguration struct {
	metav1.TypeMetaApplyConfiguration
	*metav1.ObjectMetaApplyConfiguration
	Data map[string]string
}

func ConfigMap(name, namespace string) *ConfigMapApplyConfiguration {
	b := &ConfigMapApplyConfiguration{ObjectMetaApplyConfiguration: &metav1.ObjectMetaApplyConfiguration{}}
	b.WithName(name)
	b.WithNamespace(namespace)
	return b
}

func (b *ConfigMapApplyConfiguration) IsApplyConfiguration() {}
