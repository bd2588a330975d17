package imports

import (
	"context"

	. "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/equality"
	crclient "sigs.k8s.io/controller-runtime/pkg/client"
)

// A Service's spec, with the API types dot-imported: the cluster IP is
// allocated by the API server and the session affinity defaulted.
func dotted(ctx context.Context, c crclient.Client, key crclient.ObjectKey) error {
	live := &Service{}
	if err := c.Get(ctx, key, live); err != nil {
		return err
	}
	want := ServiceSpec{Selector: map[string]string{"app": "db"}, Ports: []ServicePort{{Name: "db", Port: 5432}}}
	if !equality.Semantic.DeepEqual(live.Spec, want) { // want `live Service's Spec compared strictly with a desired value that leaves \d+ server-defaulted fields unset \(ClusterIP, `
		live.Spec = want
		return c.Update(ctx, live)
	}
	return nil
}
