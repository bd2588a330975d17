// Package crds stands for a library of another module that reads CRDs
// from files (as a test environment does).
package crds

import apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

func Read(dir string) []*apiextv1.CustomResourceDefinition { return nil }

// Options name the files to read; ReadFiles fills CRDs.
type Options struct {
	Paths []string
	CRDs  []*apiextv1.CustomResourceDefinition
}

func ReadFiles(o *Options) error { return nil }
