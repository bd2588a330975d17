// Minimal stand-in for testing reconcilelint. Mirrors k8s.io/apimachinery v0.37.0 pkg/api/equality;
// only the declarations the tests use, with upstream signatures.
package equality

import "k8s.io/apimachinery/pkg/conversion"

var Semantic = conversion.EqualitiesOrDie()
