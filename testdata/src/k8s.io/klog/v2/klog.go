// Package klog is a stand-in for k8s.io/klog/v2: the structured logging
// calls operators make.
package klog

// KMetadata is what KObj reads of an object.
type KMetadata interface {
	GetName() string
	GetNamespace() string
}

// ObjectRef names an object in a log line.
type ObjectRef struct{ Name, Namespace string }

// KObj returns the reference of obj for a log line.
func KObj(obj KMetadata) ObjectRef {
	return ObjectRef{Name: obj.GetName(), Namespace: obj.GetNamespace()}
}

// InfoS logs msg with key-value pairs.
func InfoS(msg string, keysAndValues ...any) {}

// ErrorS logs err and msg with key-value pairs.
func ErrorS(err error, msg string, keysAndValues ...any) {}
