// Minimal stand-in for testing reconcilelint. Mirrors k8s.io/apimachinery v0.37.0 pkg/api/errors;
// only the declarations the tests use, with upstream signatures.
package errors

// IsNotFound returns true if the specified error was created by NewNotFound.
func IsNotFound(err error) bool { return err != nil }
