// Package settings holds the value types and validation shared by every
// analyzer's settings, so that a standalone flag and a golangci-lint setting
// with the same key are checked the same way.
package settings

import (
	"flag"
	"fmt"
	"strings"
)

// ValidatePrefixes checks a list of package path prefixes. Errors name the
// key and the index: "maporder.api-packages[1]: empty prefix".
func ValidatePrefixes(key string, list []string) error {
	for i, p := range list {
		switch {
		case p == "":
			return fmt.Errorf("%s[%d]: empty prefix", key, i)
		case strings.ContainsAny(p, " \t\n\\"):
			return fmt.Errorf("%s[%d]: %q is not a package path prefix", key, i, p)
		}
	}
	return nil
}

// List is a flag.Value holding a comma-separated list of strings, checked
// by its validation function as it is set.
type List struct {
	key   string
	dst   *[]string
	check func(key string, list []string) error
}

var _ flag.Value = (*List)(nil)

// NewList returns a flag.Value that validates with check and stores into dst.
func NewList(key string, dst *[]string, check func(key string, list []string) error) *List {
	return &List{key: key, dst: dst, check: check}
}

// NewPrefixList returns a flag.Value for a list of package path prefixes.
func NewPrefixList(key string, dst *[]string) *List {
	return NewList(key, dst, ValidatePrefixes)
}

func (l *List) String() string {
	if l == nil || l.dst == nil {
		return ""
	}
	return strings.Join(*l.dst, ",")
}

// Set replaces the list with the comma-separated values of s.
func (l *List) Set(s string) error {
	var list []string
	if s != "" {
		list = strings.Split(s, ",")
		for i := range list {
			list[i] = strings.TrimSpace(list[i])
		}
	}
	if err := l.check(l.key, list); err != nil {
		return err
	}
	*l.dst = list
	return nil
}
