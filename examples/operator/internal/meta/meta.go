// Package meta merges object metadata for the example operator.
package meta

// MergeAnnotations returns the live annotations with the desired ones
// overlaid, so that annotations written by other tools survive.
func MergeAnnotations(desired, live map[string]string) map[string]string {
	out := make(map[string]string, len(desired)+len(live))
	for k, v := range live {
		out[k] = v
	}
	for k, v := range desired {
		out[k] = v
	}
	return out
}
