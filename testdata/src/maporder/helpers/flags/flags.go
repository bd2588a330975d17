// Package flags builds command lines from maps; it never imports core/v1.
package flags

import (
	"sort"
	"strings"
)

// Flags returns --k=v flags in map order.
func Flags(m map[string]string) []string { // want Flags:`maporder\(result 0 in order of map m \(flags.go:12\)\)`
	var out []string
	for k, v := range m {
		out = append(out, "--"+k+"="+v)
	}
	return out
}

// SortedFlags returns the same flags sorted.
func SortedFlags(m map[string]string) []string {
	out := Flags(m)
	sort.Strings(out)
	return out
}

// Fill appends the keys of m to *dst in map order.
func Fill(m map[string]string, dst *[]string) { // want Fill:`maporder\(fills param 1 in order of map m \(flags.go:27\)\)`
	for k := range m {
		*dst = append(*dst, k)
	}
}

// Sort sorts its argument in place.
func Sort(xs []string) { sort.Strings(xs) } // want Sort:`maporder\(sorts param 0\)`

// Join keeps the order of its argument.
func Join(xs []string) string { return strings.Join(xs, ",") } // want Join:`maporder\(param 0 reaches result 0\)`
