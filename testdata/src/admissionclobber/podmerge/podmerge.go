// Package podmerge holds merge helpers for Pods and templates, called from
// other packages, in the shapes real operators use.
package podmerge

import corev1 "k8s.io/api/core/v1"

// SecurityContextKeepingFive replaces the context wholesale, then puts back
// five fields when the desired context leaves them unset. The fields that
// OpenShift's SCC admission injects (runAsUser, runAsNonRoot, seLinuxOptions,
// seccompProfile) are not among them.
func SecurityContextKeepingFive(dst **corev1.SecurityContext, src *corev1.SecurityContext) { // want SecurityContextKeepingFive:`replaces\(param 0 Container.SecurityContext at podmerge/podmerge.go:13; param 0 SecurityContext at podmerge/podmerge.go:22\)`
	if *dst == nil || src == nil {
		*dst = src // with src nil, the live context is dropped altogether
		return
	}
	procMount := (*dst).ProcMount
	escalation := (*dst).AllowPrivilegeEscalation
	caps := (*dst).Capabilities
	readOnly := (*dst).ReadOnlyRootFilesystem
	group := (*dst).RunAsGroup

	**dst = *src

	if (*dst).ProcMount == nil {
		(*dst).ProcMount = procMount
	}
	if (*dst).AllowPrivilegeEscalation == nil {
		(*dst).AllowPrivilegeEscalation = escalation
	}
	if (*dst).Capabilities == nil {
		(*dst).Capabilities = caps
	}
	if (*dst).ReadOnlyRootFilesystem == nil {
		(*dst).ReadOnlyRootFilesystem = readOnly
	}
	if (*dst).RunAsGroup == nil {
		(*dst).RunAsGroup = group
	}
}

// SecurityContextOverwrite is the oldest shape: the live context is
// simply swapped for the desired one.
func SecurityContextOverwrite(dst **corev1.SecurityContext, src *corev1.SecurityContext) { // want SecurityContextOverwrite:`replaces\(param 0 Container.SecurityContext at podmerge/podmerge.go:44\)`
	*dst = src
}

// SecurityContextFieldwise keeps every field the desired context leaves
// unset and the live context when the desired one is nil; where the
// operator has an opinion, it wins.
func SecurityContextFieldwise(dst **corev1.SecurityContext, src *corev1.SecurityContext) {
	if src == nil {
		return
	}
	if *dst == nil {
		*dst = src.DeepCopy()
		return
	}
	merged := (*dst).DeepCopy()
	if src.RunAsUser != nil {
		merged.RunAsUser = src.RunAsUser
	}
	if src.RunAsNonRoot != nil {
		merged.RunAsNonRoot = src.RunAsNonRoot
	}
	if src.SELinuxOptions != nil {
		merged.SELinuxOptions = src.SELinuxOptions
	}
	if src.Capabilities != nil {
		merged.Capabilities = src.Capabilities
	}
	*dst = merged
}

// Container replaces the container wholesale and puts back the merged
// resources, security context, mounts and pull policy; Env is not put back.
func Container(dst, src *corev1.Container) { // want Container:`replaces\(param 0 Container.SecurityContext at .*:13; param 0 Container at .*:88; param 0 SecurityContext at .*:22\)`
	resources := dst.Resources
	resources.Limits = src.Resources.Limits
	securityContext := dst.SecurityContext
	SecurityContextKeepingFive(&securityContext, src.SecurityContext)
	mounts := dst.VolumeMounts
	VolumeMounts(&mounts, src.VolumeMounts)
	pullPolicy := dst.ImagePullPolicy
	if src.ImagePullPolicy != "" {
		pullPolicy = src.ImagePullPolicy
	}

	*dst = *src

	dst.Resources = resources
	dst.SecurityContext = securityContext
	dst.VolumeMounts = mounts
	dst.ImagePullPolicy = pullPolicy
}

// ContainerKeepingAll is Container with Env merged too, and the
// security context merged field by field: nothing admission added is lost.
func ContainerKeepingAll(dst, src *corev1.Container) {
	resources := dst.Resources
	securityContext := dst.SecurityContext
	SecurityContextFieldwise(&securityContext, src.SecurityContext)
	mounts := dst.VolumeMounts
	VolumeMounts(&mounts, src.VolumeMounts)
	env := dst.Env
	Env(&env, src.Env)
	pullPolicy := dst.ImagePullPolicy

	*dst = *src

	dst.Resources = resources
	dst.SecurityContext = securityContext
	dst.VolumeMounts = mounts
	dst.Env = env
	dst.ImagePullPolicy = pullPolicy
}

// Containers merges containers by name with Container, keeping injected
// sidecars.
func Containers(dst *[]corev1.Container, src []corev1.Container) { // want Containers:`replaces\(param 0 Container.SecurityContext at .*:13; param 0 Container at .*:88; param 0 SecurityContext at .*:22\)`
next:
	for i := range src {
		for j := range *dst {
			if (*dst)[j].Name == src[i].Name {
				Container(&(*dst)[j], &src[i])
				continue next
			}
		}
		*dst = append(*dst, src[i])
	}
}

// TemplateContainers is for pod templates: only the operator writes a
// template, so replacing the security context there is right.
func TemplateContainers(dst *[]corev1.Container, src []corev1.Container) { // want TemplateContainers:`replaces\(param 0 Container.SecurityContext at .*:44\)`
	for i := range *dst {
		for j := range src {
			if (*dst)[i].Name == src[j].Name {
				SecurityContextOverwrite(&(*dst)[i].SecurityContext, src[j].SecurityContext)
			}
		}
	}
}

// VolumeMounts merges mounts by path, keeping mounts admission added.
func VolumeMounts(dst *[]corev1.VolumeMount, src []corev1.VolumeMount) {
next:
	for i := range src {
		for j := range *dst {
			if (*dst)[j].MountPath == src[i].MountPath {
				(*dst)[j] = src[i]
				continue next
			}
		}
		*dst = append(*dst, src[i])
	}
}

// Env merges variables by name.
func Env(dst *[]corev1.EnvVar, src []corev1.EnvVar) {
next:
	for i := range src {
		for j := range *dst {
			if (*dst)[j].Name == src[i].Name {
				(*dst)[j] = src[i]
				continue next
			}
		}
		*dst = append(*dst, src[i])
	}
}

// LocalObjectReferences merges references by name: the safe form for
// pull secrets.
func LocalObjectReferences(dst *[]corev1.LocalObjectReference, src []corev1.LocalObjectReference) {
next:
	for i := range src {
		for j := range *dst {
			if (*dst)[j].Name == src[i].Name {
				continue next
			}
		}
		*dst = append(*dst, src[i])
	}
}

// SetPullSecrets replaces a spec's pull secrets.
func SetPullSecrets(spec *corev1.PodSpec, secrets []corev1.LocalObjectReference) { // want SetPullSecrets:`replaces\(param 0 PodSpec.ImagePullSecrets at .*\)`
	spec.ImagePullSecrets = secrets
}

// ContainerMergingResources replaces the container wholesale and puts
// back its resources, merged by a helper that is handed the saved copy and
// the desired resources and only reads the desired ones. Env, mounts and
// the security context are not put back.
func ContainerMergingResources(dst, src *corev1.Container) { // want ContainerMergingResources:`replaces\(param 0 Container at podmerge/podmerge.go:198\)`
	resources := dst.Resources
	mergeLimits(&resources, &src.Resources)
	*dst = *src
	dst.Resources = resources
}

// mergeLimits takes the desired limits into dst; it changes nothing in src.
func mergeLimits(dst, src *corev1.ResourceRequirements) {
	if src.Limits != nil {
		dst.Limits = src.Limits
	}
}
