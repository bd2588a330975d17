package fieldfight

// The table of owned fields: which controller writes which field of which
// kind, and what tells that it is there. Each owner names the document
// that says so.

import (
	"go/types"
	"strings"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/k8s"
)

// Import paths of the kinds whose fields another controller owns.
const (
	batchV1        = "k8s.io/api/batch/v1"
	admissionV1    = "k8s.io/api/admissionregistration/v1"
	admissionV1b1  = "k8s.io/api/admissionregistration/v1beta1"
	apiextV1       = "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apiregV1       = "k8s.io/kube-aggregator/pkg/apis/apiregistration/v1"
	autoscalingPfx = "k8s.io/api/autoscaling/"
	kedaV1alpha1   = "github.com/kedacore/keda/v2/apis/keda/v1alpha1"
	appsApplyV1    = "k8s.io/client-go/applyconfigurations/apps/v1"
	admApplyV1     = "k8s.io/client-go/applyconfigurations/admissionregistration/v1"
)

// presence says when an owner is there.
type presence int

const (
	// always: the owner is part of every cluster (the API server, the
	// volume binder).
	always presence = iota
	// autoscaled: a HorizontalPodAutoscaler (or a KEDA ScaledObject, which
	// makes one) is built in the module for the kind (evidence.go).
	autoscaled
	// injected: the object may carry a CA injection annotation: the module
	// names one, or never sets caBundle itself, so something else fills it.
	injected
)

// An owner is a controller that writes fields the operator also writes.
type owner struct {
	name     string   // as the message names it
	presence presence // when it is there
	// words are lower-case name fragments that make a condition one about
	// the owner (`if cr.Spec.Autoscaling == nil`, `if !hasHPA(...)`): a
	// write under such a condition is taken to happen only where the owner
	// is absent.
	words []string
	// source is the document that names the owner of the field.
	source string
}

var (
	hpa = &owner{
		name:     "HorizontalPodAutoscaler",
		presence: autoscaled,
		words:    []string{"autoscal", "hpa", "scaledobject", "keda"},
		// "When an HPA is enabled, it is recommended that the value of
		// spec.replicas of the Deployment and / or StatefulSet be removed
		// from their manifest(s)."
		source: "https://kubernetes.io/docs/tasks/run-application/horizontal-pod-autoscale/#migrating-deployments-and-statefulsets-to-horizontal-autoscaling",
	}
	injector = &owner{
		name:     "CA injector",
		presence: injected,
		words:    []string{"inject", "cabundle"},
		// cert-manager's cainjector and OpenShift's service-ca operator fill
		// caBundle of annotated webhook configurations, CRDs and APIServices.
		source: "https://cert-manager.io/docs/concepts/ca-injector/ and https://docs.openshift.com/container-platform/4.17/security/certificates/service-serving-certificate.html",
	}
	binder = &owner{
		name:     "volume binder",
		presence: always,
		// "Once bound, PersistentVolumeClaim binds are exclusive"; the
		// claim's spec is immutable after creation but for its requests.
		source: "https://kubernetes.io/docs/concepts/storage/persistent-volumes/#binding",
	}
	jobController = &owner{
		name:     "Job controller",
		presence: always,
		// "the system picks a unique label for the Pods and the selector";
		// a Job's selector and template are immutable.
		source: "https://kubernetes.io/docs/concepts/workloads/controllers/job/#specifying-your-own-pod-selector",
	}
)

// nobody owns nothing: under it, only a condition about the object's
// creation guards a write.
var nobody = &owner{}

// A row is one owned field: the kind it belongs to (package path and type
// name), the path of field names from the object to it (list elements
// leave no step), and what the fight does.
type row struct {
	owner *owner
	pkg   string
	kind  string
	path  []string
	fight string // the consequence, after "while ..."
	// unset is what the API server defaults the field to when an update
	// leaves it nil ("" when it does not): a nil written on the live
	// object is that value, not the owner's.
	unset string
}

var rows = []row{
	{hpa, k8s.AppsV1, "Deployment", []string{"Spec", "Replicas"}, "the two controllers undo each other", "1"},
	{hpa, k8s.AppsV1, "StatefulSet", []string{"Spec", "Replicas"}, "the two controllers undo each other", "1"},
	{hpa, k8s.AppsV1, "ReplicaSet", []string{"Spec", "Replicas"}, "the two controllers undo each other", "1"},
	{injector, admissionV1, "ValidatingWebhookConfiguration", []string{"Webhooks", "ClientConfig", "CABundle"}, "TLS to the webhook fails until it is injected again", ""},
	{injector, admissionV1, "MutatingWebhookConfiguration", []string{"Webhooks", "ClientConfig", "CABundle"}, "TLS to the webhook fails until it is injected again", ""},
	{injector, admissionV1b1, "ValidatingWebhookConfiguration", []string{"Webhooks", "ClientConfig", "CABundle"}, "TLS to the webhook fails until it is injected again", ""},
	{injector, admissionV1b1, "MutatingWebhookConfiguration", []string{"Webhooks", "ClientConfig", "CABundle"}, "TLS to the webhook fails until it is injected again", ""},
	{injector, apiextV1, "CustomResourceDefinition", []string{"Spec", "Conversion", "Webhook", "ClientConfig", "CABundle"}, "conversion calls fail until it is injected again", ""},
	{injector, apiregV1, "APIService", []string{"Spec", "CABundle"}, "the aggregated API is unreachable until it is injected again", ""},
	{binder, k8s.CoreV1, "PersistentVolumeClaim", []string{"Spec", "VolumeName"}, "the update is rejected (the claim's spec is immutable) on every reconcile", ""},
	{jobController, batchV1, "Job", []string{"Spec", "Selector"}, "the update is rejected (a Job's selector is immutable) on every reconcile", ""},
}

// rowsOf returns the rows of the kind t (a named type or a pointer to one).
func rowsOf(t types.Type) []*row {
	n := k8s.Named(t)
	if n == nil || n.Obj().Pkg() == nil {
		return nil
	}
	var out []*row
	for i := range rows {
		r := &rows[i]
		if n.Obj().Name() == r.kind && n.Obj().Pkg().Path() == r.pkg {
			out = append(out, r)
		}
	}
	return out
}

// fieldText is the owned field as the message names it: Spec.Replicas.
func (r *row) fieldText() string { return strings.Join(r.path, ".") }

// aboutOwner reports whether the name of an identifier makes a condition
// one about o.
func (o *owner) aboutOwner(name string) bool {
	name = strings.ToLower(name)
	for _, w := range o.words {
		if strings.Contains(name, w) {
			return true
		}
	}
	return false
}
