// Kinds: which map an expression is (annotations or labels, of an object
// or of a pod template). The kind of a variable or of a function's result
// is the flow engine's answer (flow.Result.VarKind, ResultKind): where
// the map goes on the package's SSA form.

package strand

import (
	"go/ast"
	"go/types"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/k8s"
)

// kind is the map a key lives in.
type kind string

const (
	annotations         kind = "annotations"
	labels              kind = "labels"
	templateAnnotations kind = "pod template annotations"
	templateLabels      kind = "pod template labels"
)

// inTemplate returns the template variant of k when e is reached through a
// pod template (x.Spec.Template.Annotations, a PodTemplateSpec literal).
func inTemplate(k kind, template bool) kind {
	if !template {
		return k
	}
	switch k {
	case annotations:
		return templateAnnotations
	case labels:
		return templateLabels
	}
	return k
}

// fieldKind returns the kind of an ObjectMeta Annotations or Labels field.
func fieldKind(v *types.Var) kind { return kindOf(k8s.MetadataField(v)) }

func kindOf(field string) kind {
	switch field {
	case "Annotations":
		return annotations
	case "Labels":
		return labels
	}
	return ""
}

// exprKind returns the kind of map e is: an Annotations/Labels field, a
// GetAnnotations()/GetLabels() call, or a local variable that flows into one.
func (s *state) exprKind(e ast.Expr) kind {
	info := s.pass.TypesInfo
	switch x := ast.Unparen(e).(type) {
	case *ast.SelectorExpr, *ast.CallExpr:
		return inTemplate(kindOf(k8s.MetadataMap(info, x)), k8s.ThroughTemplate(info, x))
	case *ast.Ident:
		if v, ok := info.Uses[x].(*types.Var); ok {
			return kind(s.flow.VarKind(v))
		}
		if v, ok := info.Defs[x].(*types.Var); ok {
			return kind(s.flow.VarKind(v))
		}
	}
	return ""
}
