// Package hashutil compares the hash of a desired spec with the one an
// object carries in its annotations.
package hashutil

const specHashKey = "example.com/spec-hash"

// SameSpecHash reports whether annotations carry hash as the spec hash.
func SameSpecHash(hash string, annotations map[string]string) bool {
	return sameHash(hash, annotations, specHashKey)
}

func sameHash(hash string, annotations map[string]string, key string) bool {
	if v, ok := annotations[key]; ok && v == hash {
		return true
	}
	return false
}
