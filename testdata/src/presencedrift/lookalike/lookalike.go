// Package lookalike declares types named like Kubernetes ones; a presence
// check on their Annotations is not drift of a live object.
package lookalike

type ObjectMeta struct{ Annotations map[string]string }

type Deployment struct{ ObjectMeta }

func hashNeedsUpdate(live *Deployment) bool {
	_, ok := live.Annotations["example.com/hash"]
	return ok
}
