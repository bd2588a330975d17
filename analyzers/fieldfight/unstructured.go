package fieldfight

// Objects handled as unstructured: manifests rendered from YAML and
// transformed before they are applied. Their kind is data, so a write is
// checked only where a condition names the kind
// (`if u.GetKind() == "Deployment"`).

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/astutil"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/k8s"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/live"
)

const unstructuredPkg = "k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"

// unstructuredWrite checks `unstructured.SetNestedField(u.Object, v,
// "spec", "replicas")` on an object whose kind an enclosing condition
// names, when u is live or is the object a manifest transformer is handed
// (the manifest is applied after it).
func (c *checker) unstructuredWrite(call *ast.CallExpr, stack []ast.Node) {
	info := c.pass.TypesInfo
	if !k8s.IsFunc(k8s.Callee(info, call), unstructuredPkg, "SetNestedField") || len(call.Args) < 3 || call.Ellipsis.IsValid() {
		return
	}
	sel, ok := ast.Unparen(call.Args[0]).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Object" {
		return
	}
	u := astutil.RootVar(info, sel.X)
	if u == nil {
		return
	}
	var path []string
	for _, a := range call.Args[2:] {
		s := stringConst(info, a)
		if s == "" {
			return // a path not known
		}
		path = append(path, s)
	}
	kind := kindGuard(info, stack, call, u)
	r := rowByJSONPath(kind, path)
	if r == nil {
		return // a kind not named, or a field nobody else owns
	}
	if c.live.At(u, call.Pos()) == live.NotLive && !transformed(info, c.fd, stack, u) {
		return
	}
	ev, ok := c.present(r, nil, true)
	if !ok || c.live.Carries(call.Args[1], sel.X) || c.guarded(stack, call, r.owner) {
		return // no owner, a value read from the object itself, or a guard
	}
	c.report(call, r, ev, fmt.Sprintf("%s %s set on every reconcile while %s", kind, strings.Join(path, "."), c.ownerText(r, ev)))
}

// kindGuard returns the kind that a condition enclosing node compares
// u.GetKind() with, or "".
func kindGuard(info *types.Info, stack []ast.Node, node ast.Node, u *types.Var) string {
	for _, cond := range astutil.GuardingConds(stack, node) {
		b, ok := cond.(*ast.BinaryExpr)
		if !ok || b.Op != token.EQL {
			continue
		}
		for _, pair := range [][2]ast.Expr{{b.X, b.Y}, {b.Y, b.X}} {
			call, ok := ast.Unparen(pair[0]).(*ast.CallExpr)
			if !ok {
				continue
			}
			if s, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && s.Sel.Name == "GetKind" && astutil.RootVar(info, s.X) == u {
				if k := stringConst(info, pair[1]); k != "" {
					return k
				}
			}
		}
	}
	return ""
}

// rowByJSONPath returns the row of kind whose field path, in its JSON
// spelling, is path.
func rowByJSONPath(kind string, path []string) *row {
	for i := range rows {
		r := &rows[i]
		if r.kind != kind || len(r.path) != len(path) {
			continue
		}
		same := true
		for j, name := range r.path {
			if lowerFirst(name) != path[j] {
				same = false
			}
		}
		if same {
			return r
		}
	}
	return nil
}

func lowerFirst(s string) string {
	if strings.HasPrefix(s, "CA") {
		return "ca" + s[2:] // caBundle
	}
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToLower(r)) + s[n:]
}

// transformed reports whether u is the parameter of a function literal
// that the function being checked returns as a manifest transformer (a
// named function type of a package whose path names manifestival): the
// object is applied once every transformer has run.
func transformed(info *types.Info, fd *ast.FuncDecl, stack []ast.Node, u *types.Var) bool {
	for i := len(stack) - 1; i > 0; i-- {
		lit, ok := stack[i].(*ast.FuncLit)
		if !ok {
			continue
		}
		if _, ret := stack[i-1].(*ast.ReturnStmt); !ret || fd.Type.Results == nil || len(fd.Type.Results.List) != 1 {
			return false
		}
		n := k8s.Named(info.TypeOf(fd.Type.Results.List[0].Type))
		if n == nil || n.Obj().Pkg() == nil || !strings.Contains(n.Obj().Pkg().Path(), "manifestival") {
			return false
		}
		params := lit.Type.Params.List
		return len(params) == 1 && len(params[0].Names) == 1 && info.Defs[params[0].Names[0]] == u
	}
	return false
}
