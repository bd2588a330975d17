// Package framework hands callbacks that build lists to a framework of
// another package, which writes their results into the object it
// updates: the order a callback returns is the order stored.
package framework

import (
	"context"
	"sort"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"maporder/framework/status"
)

func fromMap(ctx context.Context, c client.Client, dep *appsv1.Deployment, failing map[string]string) error {
	return status.Sync(ctx, c, dep, status.Hooks{
		Conditions: func() []appsv1.DeploymentCondition {
			var conds []appsv1.DeploymentCondition
			for name, msg := range failing { // want `range over map failing feeds the result of a callback that status.Sync writes into an object in map order`
				conds = append(conds, appsv1.DeploymentCondition{Type: appsv1.DeploymentConditionType(name), Status: corev1.ConditionStatus("False"), Message: msg})
			}
			return conds
		},
		Describe: func() []string {
			var names []string
			for name := range failing { // only logged: not a sink
				names = append(names, name)
			}
			return names
		},
	}, func(...any) {})
}

// The same callback with the conditions sorted before they are returned.
func fromMapSorted(ctx context.Context, c client.Client, dep *appsv1.Deployment, failing map[string]string) error {
	return status.Sync(ctx, c, dep, status.Hooks{
		Conditions: func() []appsv1.DeploymentCondition {
			var conds []appsv1.DeploymentCondition
			for name, msg := range failing {
				conds = append(conds, appsv1.DeploymentCondition{Type: appsv1.DeploymentConditionType(name), Message: msg})
			}
			sort.Slice(conds, func(i, j int) bool { return conds[i].Type < conds[j].Type })
			return conds
		},
		Describe: func() []string { return nil },
	}, func(...any) {})
}

// Handed as an argument rather than a field of a struct of callbacks.
func asArgument(ctx context.Context, c client.Client, dep *appsv1.Deployment, failing map[string]string) error {
	return status.Store(ctx, c, dep, func() []appsv1.DeploymentCondition {
		var conds []appsv1.DeploymentCondition
		for name := range failing { // want `range over map failing feeds the result of a callback that status.Store writes into an object in map order`
			conds = append(conds, appsv1.DeploymentCondition{Type: appsv1.DeploymentConditionType(name)})
		}
		return conds
	})
}

// A callback the function calls itself: its result is followed by the
// syntax-level rules, not as a framework's callback.
func calledHere(failing map[string]string) []string {
	f := func() []string {
		var names []string
		for name := range failing {
			names = append(names, name)
		}
		return names
	}
	names := f()
	sort.Strings(names)
	return names
}
