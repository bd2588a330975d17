package a

// A local type with Annotations is not a Kubernetes object.
type ObjectMeta struct {
	Annotations map[string]string
}

func localNeedsUpdate(m *ObjectMeta) bool {
	_, ok := m.Annotations[templateHashKey]
	return ok
}
