package roundtripdrift

// Causes: what in a desired value the API server gives back in another
// form.

import (
	"fmt"
	"go/ast"
	"go/types"
	"reflect"
	"slices"
	"strings"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/builders"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/k8s"
)

const resourcePkg = "k8s.io/apimachinery/pkg/api/resource"

type causeKind int

const (
	quantityForm causeKind = iota
	emptyNotNil
	stringData
	subSecond
)

// A cause is why the round trip keeps a comparison unequal.
type cause struct {
	kind causeKind
	path string // the empty part, from the compared value
	// semanticFixes says equality.Semantic.DeepEqual compares it right.
	semanticFixes bool
}

// message completes lead ("live StatefulSet's Spec compared with
// reflect.DeepEqual") with the cause and its consequence for the kind.
func (f *cause) message(lead, how, kind string) string {
	switch f.kind {
	case quantityForm:
		return fmt.Sprintf("%s: the API server returns quantities in canonical form (\"1\" for \"1000m\", \"1536Mi\" for \"1.5Gi\") and %s compares their form, so a quantity written any other way is never equal and the %s is written on every reconcile; use equality.Semantic.DeepEqual or Quantity.Cmp",
			lead, how, kind)
	case emptyNotNil:
		what := "desired value"
		if f.path != "" {
			what = "desired " + f.path
		}
		return fmt.Sprintf("%s: the %s is an empty, non-nil list or map that omitempty leaves out, so the API server returns nil, which %s does not treat as equal, and the %s is written on every reconcile; use equality.Semantic.DeepEqual or leave it nil",
			lead, what, how, kind)
	}
	if f.kind == subSecond {
		what := "desired value"
		if f.path != "" {
			what = "desired " + f.path
		}
		return fmt.Sprintf("%s: the %s is stamped with the current time, sub-second part included, and the API server keeps whole seconds, so the two are never equal and the %s is written on every reconcile; stamp it with metav1.Now().Rfc3339Copy(), or keep the live time",
			lead, what, kind)
	}
	return fmt.Sprintf("%s, and the desired Secret is built with StringData: the API server folds StringData into Data and never returns it, so they are never equal and the Secret is written on every reconcile; build Data instead",
		lead)
}

// causes returns the first cause in the desired side of cm, a comparison
// of values of type t, the part at livePath of an object of rootType; got
// is what the desired side sets (nil: not known), rootShape what its
// whole object sets.
func (c *checker) causes(cm builders.Comparison, t, rootType types.Type, livePath string, got *builders.Shape, rootShape func() *builders.Shape) *cause {
	if k8s.IsNamed(rootType, k8s.CoreV1, "Secret") && (livePath == "" || livePath == "Data" || strings.HasPrefix(livePath, "Data[")) {
		if rs := rootShape(); rs != nil && slices.Contains(rs.Set, "StringData") {
			return &cause{kind: stringData}
		}
	}
	if got != nil && !cm.BothLive && !cm.Written {
		// A snapshot of the live object compared with the object after
		// this reconcile stamped it: the time is sent once, not compared
		// with what the server returned.
		for _, p := range got.Now {
			if isTime(builders.TypeAt(t, p)) {
				return &cause{kind: subSecond, path: p}
			}
		}
	}
	if cm.Semantic {
		return nil // compares quantities by value and nil as empty
	}
	if quantities(t, got, rootShape()) {
		return &cause{kind: quantityForm, semanticFixes: true}
	}
	if cm.Wrapper || got == nil || !nilNotEmpty(cm) {
		return nil // a helper may treat nil and empty alike; slices.Equal and maps.Equal do
	}
	for _, p := range got.Empty {
		if omitEmpty(rootType, builders.Join(livePath, p)) {
			return &cause{kind: emptyNotNil, path: p, semanticFixes: true}
		}
	}
	return nil
}

// nilNotEmpty reports the comparisons that tell a nil list or map from an
// empty one: reflect.DeepEqual and go-cmp's Equal (without
// cmpopts.EquateEmpty, whose options are not read). slices.Equal and
// maps.Equal compare lengths and elements, so nil equals empty.
func nilNotEmpty(cm builders.Comparison) bool {
	return cm.Fn != nil && (k8s.IsFunc(cm.Fn, "reflect", "DeepEqual") || k8s.IsFunc(cm.Fn, "github.com/google/go-cmp/cmp", "Equal") && len(callArgs(cm.Cmp)) == 2)
}

func callArgs(e ast.Expr) []ast.Expr {
	if call, ok := e.(*ast.CallExpr); ok {
		return call.Args
	}
	return nil
}

// quantities reports whether the compared values of type t hold
// quantities the desired side sets. Nothing is said when nothing is known
// of the desired object (a copy of the live one, a parameter). A type
// that is about quantities (a Quantity, a ResourceList,
// ResourceRequirements) counts when the desired side may set it (from a
// value not known, as a user's resources from a custom resource); a
// larger type (a container, a pod spec) counts when the desired side sets
// a part holding quantities.
func quantities(t types.Type, got, root *builders.Shape) bool {
	if got == nil || root == nil || root.Sets("") && len(root.Set) == 0 {
		return false
	}
	holders := quantityHolders(t)
	if aboutQuantities(t) {
		return slices.ContainsFunc(holders, got.Touches)
	}
	return slices.ContainsFunc(holders, func(h string) bool {
		return setsQuantities(t, got, h)
	})
}

// setsQuantities reports whether got sets, explicitly, the holder h of a
// value of type t: h itself, a part below it, or a part above it that is
// about quantities (Resources given whole). A part that is only opaque (a
// value not known, a copy of the live object) is not evidence here: most
// of a pod spec holds no quantity.
func setsQuantities(t types.Type, got *builders.Shape, h string) bool {
	for _, p := range got.Set {
		switch {
		case p == h, strings.HasPrefix(p, h+".") || strings.HasPrefix(p, h+"[]"):
			return true
		case strings.HasPrefix(h, p+".") || strings.HasPrefix(h, p+"[]"):
			if part := builders.TypeAt(t, p); part != nil && aboutQuantities(part) {
				return true
			}
		}
	}
	return false
}

// isTime reports metav1.Time (or a pointer to one); MicroTime keeps
// microseconds and is not.
func isTime(t types.Type) bool {
	return t != nil && k8s.IsNamed(t, k8s.MetaV1, "Time")
}

func isQuantity(t types.Type) bool {
	return k8s.IsNamed(k8s.Deref(t), resourcePkg, "Quantity")
}

// holdsQuantities reports a Quantity, or a map or list of them.
func holdsQuantities(t types.Type) bool {
	t = k8s.Deref(t)
	if isQuantity(t) {
		return true
	}
	switch u := types.Unalias(t).Underlying().(type) {
	case *types.Map:
		return isQuantity(u.Elem())
	case *types.Slice:
		return isQuantity(u.Elem())
	}
	return false
}

// aboutQuantities reports the types whose content is quantities.
func aboutQuantities(t types.Type) bool {
	t = k8s.Deref(t)
	return holdsQuantities(t) || k8s.IsNamed(t, k8s.CoreV1, "ResourceRequirements") || k8s.IsNamed(t, k8s.CoreV1, "VolumeResourceRequirements")
}

// maxDepth bounds the walk of a compared type's fields.
const maxDepth = 10

// quantityHolders returns the paths, from a value of t, of the fields
// holding quantities (a Quantity, or a map or list of them); "" when t is
// one. Metadata and status are left out.
func quantityHolders(t types.Type) []string {
	var out []string
	var walk func(t types.Type, path string, depth int, seen map[types.Type]bool)
	walk = func(t types.Type, path string, depth int, seen map[types.Type]bool) {
		if depth > maxDepth {
			return
		}
		if holdsQuantities(t) {
			out = append(out, path)
			return
		}
		switch u := types.Unalias(t).Underlying().(type) {
		case *types.Pointer:
			walk(u.Elem(), path, depth, seen)
			return
		case *types.Slice:
			walk(u.Elem(), path+"[]", depth, seen)
			return
		case *types.Array:
			walk(u.Elem(), path+"[]", depth, seen)
			return
		case *types.Map:
			walk(u.Elem(), path+"[]", depth, seen)
			return
		}
		n := k8s.Named(t)
		st, ok := types.Unalias(t).Underlying().(*types.Struct)
		if n == nil || !ok || seen[n] || n.Obj().Pkg() == nil || k8s.IsStdlib(n.Obj().Pkg()) {
			return
		}
		seen[n] = true
		defer delete(seen, n)
		for f := range st.Fields() {
			if !f.Exported() || f.Name() == "ObjectMeta" || f.Name() == "TypeMeta" || f.Name() == "Status" || f.Name() == "ListMeta" {
				continue
			}
			fp := builders.Join(path, f.Name())
			if f.Embedded() {
				fp = path
			}
			walk(f.Type(), fp, depth+1, seen)
		}
	}
	walk(t, "", 0, map[types.Type]bool{})
	return out
}

// omitEmpty reports whether the field at path from a value of t is
// tagged omitempty (or omitzero).
func omitEmpty(t types.Type, path string) bool {
	opts := reflect.StructTag(builders.TagAt(t, path)).Get("json")
	return strings.Contains(opts, ",omitempty") || strings.Contains(opts, ",omitzero")
}
