// Package hashutil compares the hash of a desired spec with the one an
// object carries in its annotations.
package hashutil

const specHashKey = "example.com/spec-hash"

// SameSpecHash reports whether annotations carry hash as the spec hash.
func SameSpecHash(hash string, annotations map[string]string) bool { // want SameSpecHash:`compares param 1\["example.com/spec-hash"\] == param 0`
	return sameHash(hash, annotations, specHashKey)
}

// SpecHashChanged is its negation.
func SpecHashChanged(hash string, annotations map[string]string) bool { // want SpecHashChanged:`compares param 1\["example.com/spec-hash"\] != param 0`
	return !SameSpecHash(hash, annotations)
}

func sameHash(hash string, annotations map[string]string, key string) bool { // want sameHash:`compares param 1\[param 2\] == param 0`
	if v, ok := annotations[key]; ok && v == hash {
		return true
	}
	return false
}

// Direct is the one-line form.
func Direct(annotations map[string]string, hash string) bool { // want Direct:`compares param 0\["example.com/spec-hash"\] != param 1`
	return annotations[specHashKey] != hash
}
