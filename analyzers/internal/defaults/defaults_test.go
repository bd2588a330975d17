package defaults

import "testing"

// Known defaults of Kubernetes, each checked against the generated table.
func TestKnownDefaults(t *testing.T) {
	for _, c := range []struct{ pkg, typ, name, when, by string }{
		{"k8s.io/api/apps/v1", "DeploymentSpec", "RevisionHistoryLimit", "nil", "SetDefaults_Deployment"},
		{"k8s.io/api/apps/v1", "DeploymentSpec", "ProgressDeadlineSeconds", "nil", "SetDefaults_Deployment"},
		{"k8s.io/api/apps/v1", "DeploymentStrategy", "Type", "empty", "SetDefaults_Deployment"},
		{"k8s.io/api/apps/v1", "StatefulSetSpec", "PodManagementPolicy", "empty", "SetDefaults_StatefulSet"},
		{"k8s.io/api/core/v1", "PodSpec", "DNSPolicy", "empty", "SetDefaults_PodSpec"},
		{"k8s.io/api/core/v1", "PodSpec", "SchedulerName", "empty", "SetDefaults_PodSpec"},
		{"k8s.io/api/core/v1", "Container", "TerminationMessagePath", "empty", "SetDefaults_Container"},
		{"k8s.io/api/core/v1", "Probe", "TimeoutSeconds", "zero", "SetDefaults_Probe"},
		{"k8s.io/api/core/v1", "HTTPGetAction", "Scheme", "empty", "SetDefaults_HTTPGetAction"},
		{"k8s.io/api/core/v1", "SecretVolumeSource", "DefaultMode", "nil", "SetDefaults_SecretVolumeSource"},
		{"k8s.io/api/core/v1", "ServicePort", "Protocol", "unset", `+default="TCP"`},
		{"k8s.io/api/core/v1", "ServiceSpec", "ClusterIP", "empty", "allocated by the API server"},
		{"k8s.io/api/core/v1", "PersistentVolumeClaimSpec", "VolumeName", "empty", "bound by the persistent volume controller"},
		// Filled for User and Group subjects only (a switch on Kind); a
		// ServiceAccount subject keeps the empty value: conditional.
		{"k8s.io/api/rbac/v1", "Subject", "APIGroup", "", "SetDefaults_Subject"},
	} {
		f, ok := Lookup(c.pkg, c.typ, c.name)
		if !ok {
			t.Errorf("%s.%s.%s: not in the table", c.pkg, c.typ, c.name)
			continue
		}
		if f.When != c.when || f.By != c.by {
			t.Errorf("%s.%s: when %q by %q, want when %q by %q", c.typ, c.name, f.When, f.By, c.when, c.by)
		}
	}
	// Fields the server never fills are not in the table.
	for _, c := range [][3]string{
		{"k8s.io/api/core/v1", "Container", "Image"},
		{"k8s.io/api/apps/v1", "DeploymentSpec", "Selector"},
	} {
		if _, ok := Lookup(c[0], c[1], c[2]); ok {
			t.Errorf("%s.%s: in the table, but never defaulted", c[1], c[2])
		}
	}
	if KubernetesVersion != "v1.37.2" {
		t.Errorf("table read from %s, want the pinned v1.37.2", KubernetesVersion)
	}
}
