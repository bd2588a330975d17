// Package logr is a stand-in for github.com/go-logr/logr: the logger
// controller-runtime hands reconcilers.
package logr

// Logger writes log lines.
type Logger struct{}

// Info logs msg with key-value pairs.
func (l Logger) Info(msg string, keysAndValues ...any) {}

// Error logs err and msg with key-value pairs.
func (l Logger) Error(err error, msg string, keysAndValues ...any) {}

// WithValues returns a logger that adds the key-value pairs to each line.
func (l Logger) WithValues(keysAndValues ...any) Logger { return l }
