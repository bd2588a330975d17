package admissionclobber

import (
	"go/token"
	"slices"
	"strings"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/settings"
)

// field is a Pod field that admission mutates.
type field struct {
	owner, name string // "PodSpec", "ImagePullSecrets"
	// source says who mutates it, as the start of a clause:
	// "the ServiceAccount admission plugin adds ..."
	source string
	// whenUnset: admission fills the field only when the Pod leaves it
	// empty, so assigning a value that is known to be set is safe.
	whenUnset bool
}

func (f field) key() string { return f.owner + "." + f.name }

// defaultFields is the list of ../../DOMAIN §3, in the order of the doc.
var defaultFields = []field{
	{"PodSpec", "ImagePullSecrets", "the ServiceAccount admission plugin adds the service account's pull secrets when the Pod has none", true},
	{"PodSpec", "Volumes", "the ServiceAccount admission plugin adds the projected kube-api-access token volume", false},
	{"PodSpec", "Tolerations", "DefaultTolerationSeconds, RuntimeClass and PodTolerationRestriction admission add tolerations", false},
	{"PodSpec", "NodeSelector", "RuntimeClass and PodNodeSelector admission add node selector entries", false},
	{"PodSpec", "SecurityContext", "OpenShift's SCC admission sets fsGroup, seLinuxOptions, supplementalGroups and seccompProfile", false},
	{"PodSpec", "ServiceAccountName", `the ServiceAccount admission plugin sets it to "default" when it is empty`, true},
	{"PodSpec", "Priority", "Priority admission sets it from the priority class", true},
	{"PodSpec", "PriorityClassName", "Priority admission sets the default priority class when it is empty", true},
	{"PodSpec", "PreemptionPolicy", "Priority admission sets it from the priority class", true},
	{"PodSpec", "Overhead", "RuntimeClass admission sets it", true},
	{"PodSpec", "InitContainers", "sidecar injectors (Istio, Linkerd, Vault) add init containers", false},
	{"PodSpec", "Containers", "sidecar injectors (Istio, Linkerd, Vault) add containers", false},
	{"PodSpec", "DNSConfig", "DNS admission webhooks add nameservers and options", false},
	{"PodSpec", "EnableServiceLinks", "API defaulting sets it when it is unset", true},
	{"PodSpec", "Affinity", "some platforms' admission webhooks add affinity terms", false},
	{"Container", "SecurityContext", "OpenShift's SCC admission sets runAsUser, runAsNonRoot, seLinuxOptions and capabilities", false},
	{"Container", "VolumeMounts", "the ServiceAccount admission plugin mounts the API token, and workload identity webhooks add mounts", false},
	{"Container", "Env", "IRSA, EKS Pod Identity and Azure workload identity webhooks add variables", false},
	{"Container", "Resources", "LimitRanger and VPA set requests and limits", false},
	{"Container", "ImagePullPolicy", "AlwaysPullImages admission sets it to Always", false},
}

// securityFields are the security context fields that OpenShift's SCC
// admission injects, by security context type; a whole-struct replacement
// that restores all of them afterwards keeps admission's values.
var securityFields = map[string][]string{
	"SecurityContext":    {"RunAsUser", "RunAsNonRoot", "SELinuxOptions", "Capabilities", "AllowPrivilegeEscalation", "SeccompProfile"},
	"PodSecurityContext": {"FSGroup", "SELinuxOptions", "SupplementalGroups", "SeccompProfile"},
}

// fieldSet is the active list: defaults plus extra-fields minus ignore-fields.
type fieldSet map[string]field

func newFieldSet(cfg Config) fieldSet {
	s := fieldSet{}
	for _, f := range defaultFields {
		s[f.key()] = f
	}
	for _, k := range cfg.ExtraFields {
		owner, name, _ := strings.Cut(k, ".")
		if _, ok := s[k]; !ok {
			s[k] = field{owner, name, "admission mutates it (listed in extra-fields)", false}
		}
	}
	for _, k := range cfg.IgnoreFields {
		delete(s, k)
	}
	return s
}

// of returns the active fields of owner ("PodSpec" or "Container"), sorted.
func (s fieldSet) of(owner string) []string {
	var out []string
	for _, f := range s {
		if f.owner == owner {
			out = append(out, f.name)
		}
	}
	slices.Sort(out)
	return out
}

// table is the list that admissionclobber's settings adjust.
var table = settings.FieldTable{
	Analyzer: "admissionclobber",
	Form:     "PodSpec.Name or Container.Name",
	Spelled: func(k string) bool {
		owner, name, ok := strings.Cut(k, ".")
		return ok && (owner == "PodSpec" || owner == "Container") && token.IsExported(name) && token.IsIdentifier(name)
	},
	Entry: "a default field",
	Holds: func(k string) bool {
		return slices.ContainsFunc(defaultFields, func(f field) bool { return f.key() == k })
	},
}
