package k8s

import (
	"go/types"
	"testing"
)

// pkgs builds packages by path with the given imports (path -> imports).
func pkgs(graph map[string][]string) map[string]*types.Package {
	out := map[string]*types.Package{}
	for path := range graph {
		out[path] = types.NewPackage(path, "p")
	}
	for path, imports := range graph {
		var list []*types.Package
		for _, imp := range imports {
			list = append(list, out[imp])
		}
		out[path].SetImports(list)
	}
	return out
}

func TestDependsOn(t *testing.T) {
	t.Parallel()
	p := pkgs(map[string][]string{
		"example.com/op/controllers": {"example.com/op/pods", "example.com/op/util"},
		"example.com/op/pods":        {CoreV1},
		CoreV1:                       {MetaV1},
		MetaV1:                       nil,
		"example.com/op/util":        {"strings"},
		"strings":                    nil,
		// An import cycle (a build error) that reaches Kubernetes, entered
		// at either end.
		"example.com/cyc/a": {"example.com/cyc/b"},
		"example.com/cyc/b": {"example.com/cyc/a", "example.com/cyc/c"},
		"example.com/cyc/c": {"example.com/cyc/b", MetaV1},
		"example.com/cyc/d": {"example.com/cyc/e", MetaV1},
		"example.com/cyc/e": {"example.com/cyc/d"},
		"example.com/cyc/x": {"example.com/cyc/y"},
		"example.com/cyc/y": {"example.com/cyc/x"},
	})
	for _, tc := range []struct {
		pkg, path string // path "" asks DependsOnKubernetes
		want      bool
	}{
		{"example.com/op/controllers", CoreV1, true}, // through a helper package only
		{"example.com/op/controllers", "", true},
		{"example.com/op/controllers", AppsV1, false},
		{"example.com/op/util", "", false},
		{CoreV1, CoreV1, true}, // itself
		{"example.com/cyc/a", "", true},
		{"example.com/cyc/c", "", true},
		{"example.com/cyc/b", "", true},
		{"example.com/cyc/d", "", true},
		{"example.com/cyc/e", "", true}, // asked after d: e was seen while d was open
		{"example.com/cyc/x", "", false},
	} {
		var got bool
		if tc.path == "" {
			got = DependsOnKubernetes(p[tc.pkg])
		} else {
			got = DependsOn(p[tc.pkg], tc.path)
		}
		if got != tc.want {
			t.Errorf("depends(%s, %q) = %v, want %v", tc.pkg, tc.path, got, tc.want)
		}
	}
	if DependsOnKubernetes(nil) {
		t.Error("DependsOnKubernetes(nil) = true")
	}
}
