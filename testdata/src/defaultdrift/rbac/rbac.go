// Package rbac: the API server fills a Subject's apiGroup only for User and
// Group subjects; a ServiceAccount subject keeps the empty value, so
// desired ServiceAccount subjects equal the live ones as built.
package rbac

import (
	"context"
	"reflect"

	corev1 "k8s.io/api/core/v1"
	rbacv1 "k8s.io/api/rbac/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Reconciler struct{ client.Client }

func serviceAccountSubjects(sa *corev1.ServiceAccount) []rbacv1.Subject { // want serviceAccountSubjects:`builds\(result sets \d+\)`
	return []rbacv1.Subject{{Kind: rbacv1.ServiceAccountKind, Name: sa.Name, Namespace: sa.Namespace}}
}

func (r *Reconciler) syncSubjects(ctx context.Context, key client.ObjectKey) error {
	rb := &rbacv1.RoleBinding{}
	if err := r.Get(ctx, key, rb); err != nil {
		return err
	}
	want := serviceAccountSubjects(&corev1.ServiceAccount{})
	if !reflect.DeepEqual(rb.Subjects, want) {
		rb.Subjects = want
		return r.Update(ctx, rb)
	}
	return nil
}
