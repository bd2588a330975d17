package controller

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sort"
	"strings"

	"slices"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	api "maporder/crd/api/v1alpha1"
	ac "maporder/crd/pkg/applyconfiguration/api/v1alpha1"
)

func status(w *api.Widget, endpoints map[string]bool) {
	for ep := range endpoints { // want `range over map endpoints feeds WidgetStatus.Endpoints in map order`
		w.Status.Endpoints = append(w.Status.Endpoints, ep)
	}
}

func conditions(w *api.Widget, byType map[string]metav1.Condition) {
	var conds []metav1.Condition
	for _, c := range byType { // want `range over map byType feeds WidgetStatus.Conditions in map order`
		conds = append(conds, c)
	}
	w.Status.Conditions = conds
}

func applyStatus(endpoints map[string]bool) *ac.WidgetStatusApplyConfiguration {
	b := ac.WidgetStatus()
	for ep := range endpoints { // want `range over map endpoints feeds WidgetStatusApplyConfiguration.WithEndpoints in map order`
		b.WithEndpoints(ep)
	}
	return b
}

func applyStatusSorted(endpoints map[string]bool) *ac.WidgetStatusApplyConfiguration {
	return ac.WidgetStatus().WithEndpoints(slices.Sorted(slicesKeys(endpoints))...)
}

func slicesKeys(m map[string]bool) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// The order of a hook request's items is never stored.
func hookItems(req *api.HookRequest, byName map[string]bool) {
	for name := range byName {
		req.Items = append(req.Items, name)
	}
}

// The status field is filled in map order and then sorted where it lies:
// the stored order is stable.
func setEndpointsSortedInPlace(w *api.Widget, endpoints map[string]bool) {
	w.Status.Endpoints = make([]string, 0, len(endpoints))
	for ep := range endpoints {
		w.Status.Endpoints = append(w.Status.Endpoints, ep)
	}
	sort.Strings(w.Status.Endpoints)
}

// The same from a deferred function, as reconcilers collect what they saw.
func setEndpointsDeferred(w *api.Widget, endpoints map[string]bool) {
	defer func() {
		for ep := range endpoints {
			w.Status.Endpoints = append(w.Status.Endpoints, ep)
		}
		sort.Strings(w.Status.Endpoints)
	}()
}

// Sorting another field does not help.
func setEndpointsSortedElsewhere(w, other *api.Widget, endpoints map[string]bool) {
	for ep := range endpoints { // want `range over map endpoints feeds WidgetStatus.Endpoints in map order`
		w.Status.Endpoints = append(w.Status.Endpoints, ep)
	}
	sort.Strings(other.Status.Endpoints)
}

// A hash of the custom resource's own inputs kept in a plain string field
// of its status is the operator's bookkeeping, not a documented sink:
// silent, whether the hash is stored at once or through a local.
func configHash(w *api.Widget, data map[string]string) {
	h := sha256.New()
	for k, v := range data {
		fmt.Fprintf(h, "%s=%s\n", k, v)
	}
	w.Status.ConfigHash = hex.EncodeToString(h.Sum(nil))
	sum := fmt.Sprintf("%x", h.Sum(nil))
	w.Status.ConfigHash = sum
}

// A selector joined in map order and kept in the status is no hash: the
// status text changes from one reconcile to the next, and a status that is
// written when it differs is written every time.
func statusSelector(w *api.Widget, matchLabels map[string]string) {
	exprs := make([]string, 0, len(matchLabels))
	for k, v := range matchLabels { // want `range over map matchLabels feeds WidgetStatus.Selector in map order`
		exprs = append(exprs, k+"="+v)
	}
	w.Status.Selector = strings.Join(exprs, ",")
}

// The same string in a condition message, a field of Kubernetes' own
// Condition type, is sent with the status and reported.
func conditionMessage(w *api.Widget, failed map[string]bool) {
	var names []string
	for n := range failed { // want `range over map failed feeds Condition.Message in map order`
		names = append(names, n)
	}
	if len(w.Status.Conditions) > 0 {
		w.Status.Conditions[0].Message = strings.Join(names, ", ")
	}
}
