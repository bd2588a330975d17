// Minimal stand-in for testing reconcilelint. Mirrors k8s.io/client-go v0.37.0 applyconfigurations/apps/v1;
// only the declarations the tests use, with upstream signatures.
package v1

import (
	corev1 "k8s.io/client-go/applyconfigurations/core/v1"
	metav1 "k8s.io/client-go/applyconfigurations/meta/v1"
)

type StatefulSetSpecApplyConfiguration struct {
	Replicas *int32
	Template *corev1.PodTemplateSpecApplyConfiguration
}

func StatefulSetSpec() *StatefulSetSpecApplyConfiguration {
	return &StatefulSetSpecApplyConfiguration{}
}

func (b *StatefulSetSpecApplyConfiguration) WithTemplate(value *corev1.PodTemplateSpecApplyConfiguration) *StatefulSetSpecApplyConfiguration {
	b.Template = value
	return b
}

type StatefulSetApplyConfiguration struct {
	metav1.TypeMetaApplyConfiguration
	*metav1.ObjectMetaApplyConfiguration
	Spec *StatefulSetSpecApplyConfiguration
}

func StatefulSet(name, namespace string) *StatefulSetApplyConfiguration {
	b := &StatefulSetApplyConfiguration{ObjectMetaApplyConfiguration: &metav1.ObjectMetaApplyConfiguration{}}
	b.WithName(name)
	b.WithNamespace(namespace)
	return b
}

func (b *StatefulSetApplyConfiguration) WithSpec(value *StatefulSetSpecApplyConfiguration) *StatefulSetApplyConfiguration {
	b.Spec = value
	return b
}

func (b *StatefulSetApplyConfiguration) IsApplyConfiguration() {}

type DeploymentSpecApplyConfiguration struct {
	Replicas *int32
	Template *corev1.PodTemplateSpecApplyConfiguration
}

func DeploymentSpec() *DeploymentSpecApplyConfiguration { return &DeploymentSpecApplyConfiguration{} }

func (b *DeploymentSpecApplyConfiguration) WithTemplate(value *corev1.PodTemplateSpecApplyConfiguration) *DeploymentSpecApplyConfiguration {
	b.Template = value
	return b
}

type DeploymentApplyConfiguration struct {
	metav1.TypeMetaApplyConfiguration
	*metav1.ObjectMetaApplyConfiguration
	Spec *DeploymentSpecApplyConfiguration
}

func Deployment(name, namespace string) *DeploymentApplyConfiguration {
	b := &DeploymentApplyConfiguration{ObjectMetaApplyConfiguration: &metav1.ObjectMetaApplyConfiguration{}}
	b.WithName(name)
	b.WithNamespace(namespace)
	return b
}

func (b *DeploymentApplyConfiguration) WithSpec(value *DeploymentSpecApplyConfiguration) *DeploymentApplyConfiguration {
	b.Spec = value
	return b
}

func (b *DeploymentApplyConfiguration) IsApplyConfiguration() {}

func (b *DeploymentSpecApplyConfiguration) WithReplicas(value int32) *DeploymentSpecApplyConfiguration {
	b.Replicas = &value
	return b
}

func (b *StatefulSetSpecApplyConfiguration) WithReplicas(value int32) *StatefulSetSpecApplyConfiguration {
	b.Replicas = &value
	return b
}
