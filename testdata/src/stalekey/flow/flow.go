// Package flow: a map is an annotations or labels map by where it goes,
// never by what it is called.
package flow

import (
	"context"
	"maps"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/labels"
	appslisters "k8s.io/client-go/listers/apps/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Reconciler struct{ client.Client }

func observe(values map[string]string) {}

// A metrics label map whose name says "label" never reaches an object: its
// conditional key is not an operator-owned label of the Deployment. The
// desired labels come from the caller, so the merge cannot be traced and
// the package's conditional label writes are used: there are none.
func (r *Reconciler) countAndCopy(ctx context.Context, key client.ObjectKey, desired map[string]string, failed bool) error {
	metricLabelValues := map[string]string{"controller": "cache"}
	if failed {
		metricLabelValues["result"] = "error"
	}
	observe(metricLabelValues)

	dep := &appsv1.Deployment{}
	_ = r.Get(ctx, key, dep)
	maps.Copy(dep.Labels, desired)
	return r.Update(ctx, dep)
}

// A map with a neutral name, returned by a builder two calls deep, that
// does reach the live template's annotations: its conditional key strands.
func extras(debug bool) map[string]string {
	m := map[string]string{}
	if debug {
		m["example.com/debug"] = "true"
	}
	return m
}

func build(debug bool) map[string]string {
	out := extras(debug)
	return out
}

func (r *Reconciler) syncTemplate(ctx context.Context, key client.ObjectKey, debug bool) error {
	dep := &appsv1.Deployment{}
	_ = r.Get(ctx, key, dep)
	want := build(debug)
	maps.Copy(dep.Spec.Template.Annotations, want) // want `merge into the live Deployment pod template annotations never deletes operator-owned key "example.com/debug"`
	return r.Update(ctx, dep)
}

// A builder returning labels and annotations together; the annotations,
// with a conditional key, become the desired object's annotations, which
// are merged into the live object's.
func metadata(hash string) (map[string]string, map[string]string) {
	l := map[string]string{"app": "cache"}
	a := map[string]string{}
	if hash != "" {
		a["example.com/spec-hash"] = hash
	}
	return l, a
}

func desiredDeployment(hash string) *appsv1.Deployment {
	l, a := metadata(hash)
	dep := &appsv1.Deployment{}
	dep.Labels = l
	dep.Annotations = a
	return dep
}

func (r *Reconciler) syncMetadata(ctx context.Context, key client.ObjectKey, hash string) error {
	dep := &appsv1.Deployment{}
	_ = r.Get(ctx, key, dep)
	desired := desiredDeployment(hash)
	maps.Copy(dep.Annotations, desired.Annotations) // want `merge into the live Deployment annotations never deletes operator-owned key "example.com/spec-hash"`
	return r.Update(ctx, dep)
}

// A type of this package with a SetLabels method is not an object: the map
// it is given is not a labels map.
type recorder struct{}

func (recorder) SetLabels(values map[string]string) {}

func (r *Reconciler) recordAndCopy(ctx context.Context, key client.ObjectKey, desired map[string]string, failed bool) error {
	values := map[string]string{"controller": "cache"}
	if failed {
		values["outcome"] = "error"
	}
	recorder{}.SetLabels(values)

	dep := &appsv1.Deployment{}
	_ = r.Get(ctx, key, dep)
	maps.Copy(dep.Labels, desired)
	return r.Update(ctx, dep)
}

// Keys held by a helper's map literal, copied in only when a feature is
// enabled: the helper always returns them, but they reach the template
// only sometimes, and stay once the feature is turned off.
func metricsAnnotations() map[string]string {
	return map[string]string{"example.com/scrape": "true"}
}

func podAnnotations(metrics bool) map[string]string {
	ann := map[string]string{"app": "cache"}
	if metrics {
		maps.Copy(ann, metricsAnnotations())
	}
	return ann
}

func (r *Reconciler) syncFeature(ctx context.Context, key client.ObjectKey, metrics bool) error {
	dep := &appsv1.Deployment{}
	_ = r.Get(ctx, key, dep)
	// The builder called in the merge itself.
	maps.Copy(dep.Spec.Template.Annotations, podAnnotations(metrics)) // want `merge into the live Deployment pod template annotations never deletes operator-owned key "example.com/scrape"`
	return r.Update(ctx, dep)
}

// The same helper used on every path: its keys are always desired.
func alwaysAnnotations() map[string]string {
	ann := map[string]string{"app": "cache"}
	maps.Copy(ann, baseAnnotations())
	return ann
}

func baseAnnotations() map[string]string {
	return map[string]string{"example.com/team": "storage"}
}

func (r *Reconciler) syncAlways(ctx context.Context, key client.ObjectKey) error {
	dep := &appsv1.Deployment{}
	_ = r.Get(ctx, key, dep)
	want := alwaysAnnotations()
	maps.Copy(dep.Spec.Template.Annotations, want)
	return r.Update(ctx, dep)
}

// A workload reached through an interface: its template comes from an
// accessor, and is as live as the object it is read from.
type workload interface {
	client.Object
	PodTemplate() *corev1.PodTemplateSpec
}

func (r *Reconciler) syncWorkload(ctx context.Context, key client.ObjectKey, w workload, metrics bool) error {
	_ = r.Get(ctx, key, w)
	tmpl := w.PodTemplate()
	maps.Copy(tmpl.Annotations, podAnnotations(metrics)) // want `merge into the live workload pod template annotations never deletes operator-owned key "example.com/scrape"`
	return r.Update(ctx, w)
}

// Extra labels built on some paths and copied into the live template one
// key at a time: the copy loop makes extra a pod template labels map.
func (r *Reconciler) copiedByLoop(ctx context.Context, key client.ObjectKey, debug bool) error {
	live := &appsv1.Deployment{}
	if err := r.Get(ctx, key, live); err != nil {
		return err
	}
	extra := map[string]string{"app": "cache"}
	if debug {
		extra["example.com/debug"] = "true"
	}
	for k, v := range extra { // want `merge into the live Deployment pod template labels never deletes operator-owned key "example.com/debug"`
		live.Spec.Template.Labels[k] = v
	}
	return r.Update(ctx, live)
}

// A legacy label kept only while the live template still has it, put back
// after the template is replaced: a carry-over from the live object, which
// cannot outlive it there.
func (r *Reconciler) legacyCarried(ctx context.Context, key client.ObjectKey, desired *appsv1.Deployment) error {
	live := &appsv1.Deployment{}
	if err := r.Get(ctx, key, live); err != nil {
		return err
	}
	kept := map[string]string{}
	if zone, ok := live.Spec.Template.Labels["example.com/legacy-zone"]; ok {
		kept["example.com/legacy-zone"] = zone
	}
	live.Spec.Template = desired.Spec.Template
	for k, v := range kept {
		live.Spec.Template.Labels[k] = v
	}
	return r.Update(ctx, live)
}

// The same carry-over, the label's value and presence assigned to
// variables declared first.
func (r *Reconciler) legacyCarriedAssigned(ctx context.Context, key client.ObjectKey, desired *appsv1.Deployment) error {
	live := &appsv1.Deployment{}
	if err := r.Get(ctx, key, live); err != nil {
		return err
	}
	kept := map[string]string{}
	var zone string
	var ok bool
	if zone, ok = live.Spec.Template.Labels["example.com/legacy-zone"]; ok {
		kept["example.com/legacy-zone"] = zone
	}
	live.Spec.Template = desired.Spec.Template
	for k, v := range kept {
		live.Spec.Template.Labels[k] = v
	}
	return r.Update(ctx, live)
}

// Still a carry-over: the value read from the live template is adjusted
// on one path, but the label is written only while the live template has
// it.
func (r *Reconciler) legacyDefaulted(ctx context.Context, key client.ObjectKey, desired *appsv1.Deployment) error {
	live := &appsv1.Deployment{}
	if err := r.Get(ctx, key, live); err != nil {
		return err
	}
	kept := map[string]string{}
	if zone, ok := live.Spec.Template.Labels["example.com/legacy-zone"]; ok {
		if zone == "" {
			zone = "zone-a"
		}
		kept["example.com/legacy-zone"] = zone
	}
	live.Spec.Template = desired.Spec.Template
	for k, v := range kept {
		live.Spec.Template.Labels[k] = v
	}
	return r.Update(ctx, live)
}

// Not a carry-over: the value read from the live template is replaced by
// the one the operator wants before it is written, and only when a
// setting is on; with the setting off the label stays.
func (r *Reconciler) legacyOverridden(ctx context.Context, key client.ObjectKey, desired *appsv1.Deployment, zoned bool, want string) error {
	live := &appsv1.Deployment{}
	if err := r.Get(ctx, key, live); err != nil {
		return err
	}
	kept := map[string]string{}
	zone := live.Spec.Template.Labels["example.com/legacy-zone"]
	zone = want
	if zoned {
		kept["example.com/legacy-zone"] = zone
	}
	live.Spec.Template = desired.Spec.Template
	for k, v := range kept { // want `merge into the live Deployment pod template labels never deletes operator-owned key "example.com/legacy-zone"`
		live.Spec.Template.Labels[k] = v
	}
	return r.Update(ctx, live)
}

// The same carry-over from a StatefulSet the informer cache holds: a
// lister's copy is the server's object too.
func (r *Reconciler) legacyFromLister(ctx context.Context, sets appslisters.StatefulSetLister, desired *appsv1.StatefulSet) error {
	current, err := sets.StatefulSets("default").Get("cache")
	if err != nil {
		return err
	}
	kept := map[string]string{}
	if zone, ok := current.Spec.Template.Labels["example.com/legacy-zone"]; ok {
		kept["example.com/legacy-zone"] = zone
	}
	next := current.DeepCopy()
	next.Spec.Template = desired.Spec.Template
	for k, v := range kept {
		next.Spec.Template.Labels[k] = v
	}
	return r.Update(ctx, next)
}

// The builder's map cloned first, then merged: the clone is still what
// podAnnotations built, so its feature key strands.
func (r *Reconciler) syncCloned(ctx context.Context, key client.ObjectKey, metrics bool) error {
	dep := &appsv1.Deployment{}
	_ = r.Get(ctx, key, dep)
	desired := maps.Clone(podAnnotations(metrics))
	maps.Copy(dep.Spec.Template.Annotations, desired) // want `merge into the live Deployment pod template annotations never deletes operator-owned key "example.com/scrape"`
	return r.Update(ctx, dep)
}

// Cloned from a builder whose keys are written on every path: silent.
func (r *Reconciler) syncClonedAlways(ctx context.Context, key client.ObjectKey) error {
	dep := &appsv1.Deployment{}
	_ = r.Get(ctx, key, dep)
	desired := maps.Clone(alwaysAnnotations())
	maps.Copy(dep.Spec.Template.Annotations, desired)
	return r.Update(ctx, dep)
}

// Override keys derived from the user's options, written only when an
// option is set, merged into the annotations of a copy of the StatefulSet
// the informer cache holds, which is handed back for a later update: a
// lister's copy is live, and the override stays once the option is
// dropped.
func overridesFromLister(sets appslisters.StatefulSetLister, class string) (*appsv1.StatefulSet, error) {
	current, err := sets.StatefulSets("default").Get("cache")
	if err != nil {
		return nil, err
	}
	overrides := map[string]string{}
	if class != "" {
		overrides["example.com/override-class"] = class
	}
	next := current.DeepCopy()
	next.SetAnnotations(labels.Merge(next.GetAnnotations(), overrides)) // want `merge into the live StatefulSet annotations never deletes operator-owned key "example.com/override-class"`
	return next, nil
}

// The same merge over every StatefulSet the cache lists.
func overridesForAll(sets appslisters.StatefulSetLister, class string) ([]*appsv1.StatefulSet, error) {
	all, err := sets.StatefulSets("default").List(labels.SelectorFromSet(labels.Set{"app": "cache"}))
	if err != nil {
		return nil, err
	}
	var out []*appsv1.StatefulSet
	for _, current := range all {
		overrides := map[string]string{}
		if class != "" {
			overrides["example.com/override-class"] = class
		}
		next := current.DeepCopy()
		next.SetAnnotations(labels.Merge(next.GetAnnotations(), overrides)) // want `merge into the live StatefulSet annotations never deletes operator-owned key "example.com/override-class"`
		out = append(out, next)
	}
	return out, nil
}
