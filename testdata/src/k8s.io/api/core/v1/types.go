// Minimal stand-in for testing reconcilelint. Mirrors k8s.io/api v0.37.0 core/v1;
// only the declarations the tests use, with upstream field names and types.
package v1

import (
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/intstr"
)

type Protocol string

const (
	ProtocolTCP Protocol = "TCP"
	ProtocolUDP Protocol = "UDP"
)

type PullPolicy string

const (
	PullAlways       PullPolicy = "Always"
	PullIfNotPresent PullPolicy = "IfNotPresent"
)

type ResourceName string

type ResourceList map[ResourceName]resource.Quantity

const (
	ResourceCPU    ResourceName = "cpu"
	ResourceMemory ResourceName = "memory"
)

type ResourceRequirements struct {
	Limits   ResourceList
	Requests ResourceList
}

type EnvVar struct {
	Name      string
	Value     string
	ValueFrom *EnvVarSource
}

type EnvVarSource struct {
	SecretKeyRef *SecretKeySelector
}

type SecretKeySelector struct {
	LocalObjectReference
	Key string
}

type EnvFromSource struct {
	Prefix       string
	ConfigMapRef *ConfigMapEnvSource
}

type ConfigMapEnvSource struct {
	LocalObjectReference
}

type LocalObjectReference struct {
	Name string
}

type ContainerPort struct {
	Name          string
	HostPort      int32
	ContainerPort int32
	Protocol      Protocol
}

type VolumeMount struct {
	Name      string
	ReadOnly  bool
	MountPath string
	SubPath   string
}

type VolumeSource struct {
	ConfigMap             *ConfigMapVolumeSource
	Secret                *SecretVolumeSource
	EmptyDir              *EmptyDirVolumeSource
	PersistentVolumeClaim *PersistentVolumeClaimVolumeSource
}

type PersistentVolumeClaimVolumeSource struct {
	ClaimName string
	ReadOnly  bool
}

type ConfigMapVolumeSource struct {
	LocalObjectReference
	Items       []KeyToPath
	DefaultMode *int32
}

type SecretVolumeSource struct {
	SecretName  string
	Items       []KeyToPath
	DefaultMode *int32
}

type EmptyDirVolumeSource struct{}

type KeyToPath struct {
	Key  string
	Path string
}

type Volume struct {
	Name string
	VolumeSource
}

type Capability string

type Capabilities struct {
	Add  []Capability
	Drop []Capability
}

type SELinuxOptions struct {
	User  string
	Role  string
	Type  string
	Level string
}

type SeccompProfile struct {
	Type string
}

type ProcMountType string

type SecurityContext struct {
	Capabilities             *Capabilities
	Privileged               *bool
	SELinuxOptions           *SELinuxOptions
	RunAsUser                *int64
	RunAsGroup               *int64
	RunAsNonRoot             *bool
	ReadOnlyRootFilesystem   *bool
	AllowPrivilegeEscalation *bool
	SeccompProfile           *SeccompProfile
	ProcMount                *ProcMountType
}

func (in *SecurityContext) DeepCopy() *SecurityContext { out := *in; return &out }

type PodSecurityContext struct {
	SELinuxOptions     *SELinuxOptions
	RunAsUser          *int64
	RunAsNonRoot       *bool
	SupplementalGroups []int64
	FSGroup            *int64
	SeccompProfile     *SeccompProfile
}

type Probe struct {
	InitialDelaySeconds int32
	TimeoutSeconds      int32
	PeriodSeconds       int32
}

type Container struct {
	Name            string
	Image           string
	Command         []string
	Args            []string
	WorkingDir      string
	Ports           []ContainerPort
	EnvFrom         []EnvFromSource
	Env             []EnvVar
	Resources       ResourceRequirements
	VolumeMounts    []VolumeMount
	LivenessProbe   *Probe
	ReadinessProbe  *Probe
	ImagePullPolicy PullPolicy
	SecurityContext *SecurityContext

	TerminationMessagePath string
}

func (in *Container) DeepCopy() *Container { out := *in; return &out }

type Toleration struct {
	Key               string
	Operator          string
	Value             string
	Effect            string
	TolerationSeconds *int64
}

type Affinity struct{}

type PodDNSConfig struct {
	Nameservers []string
	Searches    []string
}

type PreemptionPolicy string

type PodSpec struct {
	Volumes                       []Volume
	InitContainers                []Container
	Containers                    []Container
	RestartPolicy                 string
	TerminationGracePeriodSeconds *int64
	DNSPolicy                     string
	NodeSelector                  map[string]string
	ServiceAccountName            string
	NodeName                      string
	SecurityContext               *PodSecurityContext
	ImagePullSecrets              []LocalObjectReference
	Affinity                      *Affinity
	SchedulerName                 string
	Tolerations                   []Toleration
	PriorityClassName             string
	Priority                      *int32
	DNSConfig                     *PodDNSConfig
	EnableServiceLinks            *bool
	PreemptionPolicy              *PreemptionPolicy
	Overhead                      ResourceList
}

func (in *PodSpec) DeepCopy() *PodSpec { out := *in; return &out }

// DeepCopyInto copies in into out (the generated function copies deeply).
func (in *PodSpec) DeepCopyInto(out *PodSpec) { *out = *in }

type PodStatus struct {
	Phase      string
	Conditions []PodCondition
}

type ConditionStatus string

type PodCondition struct {
	Type   string
	Status string
}

type Pod struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec   PodSpec
	Status PodStatus
}

func (in *Pod) DeepCopyObject() runtime.Object { return in }
func (in *Pod) DeepCopy() *Pod                 { out := *in; return &out }

type PodList struct {
	metav1.TypeMeta
	metav1.ListMeta
	Items []Pod
}

func (in *PodList) DeepCopyObject() runtime.Object { return in }

type PodTemplateSpec struct {
	metav1.ObjectMeta
	Spec PodSpec
}

func (in *PodTemplateSpec) DeepCopy() *PodTemplateSpec { out := *in; return &out }

type PodTemplate struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Template PodTemplateSpec
}

func (in *PodTemplate) DeepCopyObject() runtime.Object { return in }

type ServicePort struct {
	Name       string
	Protocol   Protocol
	Port       int32
	TargetPort intstr.IntOrString
	NodePort   int32
}

type ServiceSpec struct {
	Ports     []ServicePort
	Selector  map[string]string
	ClusterIP string
	Type      string
}

type Service struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec ServiceSpec
}

func (in *Service) DeepCopyObject() runtime.Object { return in }

type ConfigMap struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Data       map[string]string
	BinaryData map[string][]byte
}

func (in *ConfigMap) DeepCopyObject() runtime.Object { return in }

type Secret struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Data       map[string][]byte
	StringData map[string]string
	Type       string
}

func (in *Secret) DeepCopyObject() runtime.Object { return in }
func (in *Secret) DeepCopy() *Secret              { out := *in; return &out }

type ServiceAccount struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	ImagePullSecrets []LocalObjectReference
}

func (in *ServiceAccount) DeepCopyObject() runtime.Object { return in }

// PodExecOptions is the query of one exec request: never stored.
type PodExecOptions struct {
	metav1.TypeMeta
	Stdout    bool
	Container string
	Command   []string
}

type PersistentVolumeAccessMode string

type PersistentVolumeClaimSpec struct {
	AccessModes      []PersistentVolumeAccessMode
	StorageClassName *string
	VolumeName       string
}

type PersistentVolumeClaim struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec PersistentVolumeClaimSpec
}

func (in *PersistentVolumeClaim) DeepCopyObject() runtime.Object { return in }
