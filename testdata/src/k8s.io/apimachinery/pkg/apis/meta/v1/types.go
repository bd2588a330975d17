// Minimal stand-in for testing reconcilelint. Mirrors k8s.io/apimachinery v0.37.0 pkg/apis/meta/v1;
// only the declarations the tests use, with upstream signatures.
package v1

import (
	"time"

	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
)

type TypeMeta struct {
	Kind       string
	APIVersion string
}

func (obj *TypeMeta) GetObjectKind() schema.ObjectKind { return nil }

type ListMeta struct {
	ResourceVersion string
}

type Time struct{ time.Time }

func Now() Time                    { return Time{time.Now()} }
func NewTime(t time.Time) Time     { return Time{t} }
func (t Time) Rfc3339Copy() Time   { return t }
func (t *Time) IsZero() bool       { return t == nil || t.Time.IsZero() }
func (t *Time) Equal(u *Time) bool { return t == u }

type MicroTime struct{ time.Time }

func NowMicro() MicroTime                { return MicroTime{time.Now()} }
func NewMicroTime(t time.Time) MicroTime { return MicroTime{t} }

type OwnerReference struct {
	APIVersion string
	Kind       string
	Name       string
	UID        types.UID
	Controller *bool
}

type ObjectMeta struct {
	Name              string
	GenerateName      string
	Namespace         string
	UID               types.UID
	ResourceVersion   string
	Generation        int64
	CreationTimestamp Time
	DeletionTimestamp *Time
	Labels            map[string]string
	Annotations       map[string]string
	OwnerReferences   []OwnerReference
	Finalizers        []string
}

type Object interface {
	GetNamespace() string
	SetNamespace(namespace string)
	GetName() string
	SetName(name string)
	GetGeneration() int64
	GetResourceVersion() string
	SetResourceVersion(version string)
	GetLabels() map[string]string
	SetLabels(labels map[string]string)
	GetAnnotations() map[string]string
	SetAnnotations(annotations map[string]string)
	GetFinalizers() []string
	SetFinalizers(finalizers []string)
	GetOwnerReferences() []OwnerReference
	SetOwnerReferences([]OwnerReference)
}

func (meta *ObjectMeta) GetNamespace() string                  { return meta.Namespace }
func (meta *ObjectMeta) SetNamespace(namespace string)         { meta.Namespace = namespace }
func (meta *ObjectMeta) GetName() string                       { return meta.Name }
func (meta *ObjectMeta) SetName(name string)                   { meta.Name = name }
func (meta *ObjectMeta) GetGeneration() int64                  { return meta.Generation }
func (meta *ObjectMeta) GetResourceVersion() string            { return meta.ResourceVersion }
func (meta *ObjectMeta) SetResourceVersion(version string)     { meta.ResourceVersion = version }
func (meta *ObjectMeta) GetLabels() map[string]string          { return meta.Labels }
func (meta *ObjectMeta) SetLabels(labels map[string]string)    { meta.Labels = labels }
func (meta *ObjectMeta) GetAnnotations() map[string]string     { return meta.Annotations }
func (meta *ObjectMeta) SetAnnotations(a map[string]string)    { meta.Annotations = a }
func (meta *ObjectMeta) GetFinalizers() []string               { return meta.Finalizers }
func (meta *ObjectMeta) SetFinalizers(finalizers []string)     { meta.Finalizers = finalizers }
func (meta *ObjectMeta) GetOwnerReferences() []OwnerReference  { return meta.OwnerReferences }
func (meta *ObjectMeta) SetOwnerReferences(r []OwnerReference) { meta.OwnerReferences = r }

// SetMetaDataAnnotation sets the annotation and value (helpers.go).
func SetMetaDataAnnotation(obj *ObjectMeta, ann string, value string) {
	if obj.Annotations == nil {
		obj.Annotations = map[string]string{}
	}
	obj.Annotations[ann] = value
}

type LabelSelector struct {
	MatchLabels map[string]string
}

type Condition struct {
	Type               string
	Status             string
	ObservedGeneration int64
	LastTransitionTime Time
	Reason             string
	Message            string
}

const (
	ConditionTrue  = "True"
	ConditionFalse = "False"
)

type GetOptions struct{ TypeMeta }
type ListOptions struct {
	TypeMeta
	LabelSelector string
}
type CreateOptions struct {
	TypeMeta
	FieldManager string
}
type UpdateOptions struct {
	TypeMeta
	FieldManager string
}
type PatchOptions struct {
	TypeMeta
	Force        *bool
	FieldManager string
}
type ApplyOptions struct {
	TypeMeta
	Force        bool
	FieldManager string
}
type DeleteOptions struct{ TypeMeta }
