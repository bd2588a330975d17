// Kinds: which map an expression is (annotations or labels, of an object
// or of a pod template), and how a kind flows through local variables and
// the results of the package's functions.

package strand

import (
	"go/ast"
	"go/types"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/funcs"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/k8s"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/merge"
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
			return s.varKind[v]
		}
		if v, ok := info.Defs[x].(*types.Var); ok {
			return s.varKind[v]
		}
	}
	return ""
}

// kindFlows records which local map variables flow into Annotations or
// Labels: assigned to the field, set with SetAnnotations/WithAnnotations,
// given as a struct literal's field, or merged into one of those
// (`pod.Labels = labels.Merge(pod.Labels, podLabels)`, maps.Copy). The
// kind flows back through assignments (`desired := podAnnotations(spec)`)
// into package functions, whose returned variables get it in turn. The
// rounds are bounded by maxFlowRounds. A variable's name plays no part.
func (s *state) kindFlows() {
	funcKind := s.funcKind
	s.graph.Fixpoint(maxFlowRounds, funcs.Self|funcs.Callers|funcs.Callees, func(fd *ast.FuncDecl) bool {
		changed := s.kindFlowsIn(fd, funcKind)
		fn := s.graph.Func(fd)
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			if _, ok := n.(*ast.FuncLit); ok {
				return false
			}
			if ret, ok := n.(*ast.ReturnStmt); ok {
				for i, r := range ret.Results {
					if s.markFlow(r, funcKind[funcResult{fn, i}], funcKind) {
						changed = true
					}
				}
			}
			return true
		})
		return changed
	})
}

// maxFlowRounds bounds the rounds of kindFlows (a funcs.Fixpoint): a map
// is followed to an Annotations or Labels field through this many rounds
// of assignments and builder functions.
const maxFlowRounds = 6

// A funcResult is one result of a package function.
type funcResult struct {
	fn *types.Func
	i  int
}

// markResult gives kind k to result i of the package function call calls,
// when that result is a map; it reports whether that was new.
func (s *state) markResult(call *ast.CallExpr, i int, k kind, funcKind map[funcResult]kind) bool {
	fn := k8s.Callee(s.pass.TypesInfo, call)
	if k == "" || fn == nil || s.funcs[fn.Origin()] == nil {
		return false
	}
	r := funcResult{fn.Origin(), i}
	sig, ok := fn.Type().(*types.Signature)
	if !ok || funcKind[r] != "" || i >= sig.Results().Len() {
		return false
	}
	if _, isMap := sig.Results().At(i).Type().Underlying().(*types.Map); !isMap {
		return false
	}
	funcKind[r] = k
	return true
}

// markFlow gives kind k to the local variable e is, to the package
// function e calls, or to the maps a merge e calls combines; it reports
// whether anything was new.
func (s *state) markFlow(e ast.Expr, k kind, funcKind map[funcResult]kind) bool {
	if k == "" {
		return false
	}
	info := s.pass.TypesInfo
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		if v, ok := info.Uses[x].(*types.Var); ok && !v.IsField() && s.varKind[v] == "" {
			s.varKind[v] = k
			return true
		}
	case *ast.CallExpr:
		if m, ok := s.merges.Call(x); ok && m.Kind == merge.Union {
			a := s.markFlow(m.A, k, funcKind)
			b := s.markFlow(m.B, k, funcKind)
			return a || b
		}
		return s.markResult(x, 0, k, funcKind)
	}
	return false
}

// kindFlowsIn marks the flows of one function; it reports whether
// anything was new.
func (s *state) kindFlowsIn(fd *ast.FuncDecl, funcKind map[funcResult]kind) bool {
	info := s.pass.TypesInfo
	changed := false
	mark := func(e ast.Expr, k kind) {
		if s.markFlow(e, k, funcKind) {
			changed = true
		}
	}
	ast.Inspect(fd, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if len(n.Lhs) == len(n.Rhs) {
				for i, l := range n.Lhs {
					switch ast.Unparen(l).(type) {
					case *ast.SelectorExpr, *ast.Ident:
						mark(n.Rhs[i], s.exprKind(l))
					}
				}
			} else if call, ok := ast.Unparen(n.Rhs[0]).(*ast.CallExpr); ok && len(n.Rhs) == 1 {
				// labels, annotations := build(...)
				for i, l := range n.Lhs {
					if s.markResult(call, i, s.exprKind(l), funcKind) {
						changed = true
					}
				}
			}
		case *ast.ValueSpec:
			if len(n.Names) == len(n.Values) {
				for i, id := range n.Names {
					if v, ok := info.Defs[id].(*types.Var); ok {
						mark(n.Values[i], s.varKind[v])
					}
				}
			}
		case *ast.CompositeLit:
			tmpl := k8s.IsNamed(info.TypeOf(n), k8s.CoreV1, "PodTemplateSpec")
			for _, elt := range n.Elts {
				if kv, ok := elt.(*ast.KeyValueExpr); ok {
					if id, ok := kv.Key.(*ast.Ident); ok {
						v, _ := info.Uses[id].(*types.Var)
						mark(kv.Value, inTemplate(fieldKind(v), tmpl))
					}
				}
			}
		case *ast.CallExpr:
			if m, ok := s.merges.Call(n); ok && m.Kind == merge.Into {
				mark(m.Src, s.exprKind(m.Dst))
			}
			if field, recv := k8s.MetadataSetter(info, n); field != "" {
				mark(n.Args[0], inTemplate(kindOf(field), k8s.ThroughTemplate(info, recv)))
			}
		}
		return true
	})
	return changed
}
