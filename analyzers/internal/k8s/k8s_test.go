package k8s

import "testing"

func TestIsGeneratedClientset(t *testing.T) {
	t.Parallel()
	for path, want := range map[string]bool{
		"volcano.sh/apis/pkg/client/clientset/versioned/typed/scheduling/v1beta1": true,
		"example.com/op/pkg/client/clientset/versioned/typed/cache/v1":            true,
		"example.com/op/pkg/generated/clientset/internalversion/typed/cache/v1":   true,
		"example.com/op/pkg/client/clientset/versioned/typed/cache/v1/fake":       false, // tests' fakes
		"example.com/op/pkg/client/clientset/versioned":                           false, // the clientset, not a typed client
		"example.com/op/pkg/client/listers/cache/v1":                              false,
		"example.com/op/pkg/typed/cache/v1":                                       false,
		"k8s.io/client-go/kubernetes/typed/apps/v1":                               false, // client-go's own, named apart
		"example.com/op/internal/clientset/typed":                                 false, // no group and version below typed
	} {
		if got := IsGeneratedClientset(path); got != want {
			t.Errorf("IsGeneratedClientset(%q) = %v, want %v", path, got, want)
		}
	}
}
