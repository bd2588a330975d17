package defaultdrift

// Comparisons: strict drift checks of a live object against a desired one,
// the defaulted fields the desired side leaves unset, and whether the
// unequal branch writes.

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/astutil"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/builders"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/defaults"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/k8s"
)

// comparisons reports fd's strict comparisons of live and desired values.
func (c *checker) comparisons(fd *ast.FuncDecl) []analysis.Diagnostic {
	var out []analysis.Diagnostic
	for _, cm := range c.b.Comparisons(fd) {
		if cm.BothLive || cm.Written {
			continue // a server-defaulted field is in both, or the live side is not sure
		}
		if d, ok := c.compare(fd, cm); ok {
			out = append(out, d)
		}
	}
	return out
}

// compare reports a comparison of a live and a desired value when the
// desired one is built by the operator and leaves server-defaulted fields
// unset that the compared type reaches, and the unequal branch writes.
func (c *checker) compare(fd *ast.FuncDecl, cm builders.Comparison) (analysis.Diagnostic, bool) {
	var none analysis.Diagnostic
	info := c.pass.TypesInfo
	root := astutil.RootVar(info, cm.Live)
	if root == nil || k8s.IsNamed(root.Type(), k8s.CoreV1, "Pod") && !k8s.ThroughTemplate(info, cm.Live) {
		return none, false // a live Pod's spec: admissionclobber reports it
	}
	got, where := c.b.DesiredShape(fd, cm.Desired, cm.Cmp)
	if got == nil || got.Sets("") {
		return none, false // what the desired side sets is not known
	}
	kind := ""
	if n := k8s.Named(root.Type()); n != nil {
		kind = n.Obj().Name()
	}
	unset := c.unsetDefaults(info.TypeOf(cm.Live), kind, got)
	if len(unset) == 0 {
		return none, false
	}
	if !c.b.Flow.Decides(cm.Cmp) {
		return none, false // a log line or a metric, not a loop
	}
	return c.diagnostic(cm.Cmp, cm.Live, root, unset, where), true
}

// unsetDefault is a server-defaulted field the desired side leaves unset,
// by its path from the compared value.
type unsetDefault struct {
	path string
	f    defaults.Field
}

// unsetDefaults walks t's fields (through pointers, slices and maps, at
// most maxFieldDepth deep) for server-defaulted fields that got does not
// set, among the parts got does set: the server defaults a probe's
// periodSeconds only in a probe the operator sent.
func (c *checker) unsetDefaults(t types.Type, kind string, got *builders.Shape) []unsetDefault {
	var out []unsetDefault
	var walk func(t types.Type, path, present string, depth int, seen map[types.Type]bool)
	walk = func(t types.Type, path, present string, depth int, seen map[types.Type]bool) {
		if depth > maxFieldDepth {
			return
		}
		switch u := types.Unalias(t).Underlying().(type) {
		case *types.Pointer:
			walk(u.Elem(), path, path, depth, seen)
			return
		case *types.Slice:
			walk(u.Elem(), path+"[]", path, depth, seen)
			return
		case *types.Array:
			walk(u.Elem(), path+"[]", path, depth, seen)
			return
		}
		n := k8s.Named(t)
		st, ok := types.Unalias(t).Underlying().(*types.Struct)
		if n == nil || !ok || seen[n] || n.Obj().Pkg() == nil || !builders.IsAPI(n) {
			return
		}
		seen[n] = true
		defer delete(seen, n)
		for f := range st.Fields() {
			if !f.Exported() {
				continue
			}
			name := f.Name()
			fp := builders.Join(path, name)
			if f.Embedded() {
				fp = path
			}
			if d, ok := c.defaulted(n, f, kind); ok && !got.Sets(fp) && got.Touches(present) {
				out = append(out, unsetDefault{path: fp, f: d})
			}
			if f.Embedded() || name == "ObjectMeta" || name == "TypeMeta" || name == "Status" {
				continue // metadata and status are not the desired state
			}
			walk(f.Type(), fp, present, depth+1, seen)
		}
	}
	walk(t, "", "", 0, map[types.Type]bool{})
	// Shallow fields first: they are the ones a reader checks first.
	sort.SliceStable(out, func(i, j int) bool { return depthOf(out[i].path) < depthOf(out[j].path) })
	return out
}

func depthOf(path string) int { return strings.Count(path, ".") + strings.Count(path, "[]") }

// maxFieldDepth bounds the walk of a compared type's fields.
const maxFieldDepth = 10

// defaulted returns the table's entry for field f of owner, after the
// settings; only fields filled when unset count.
func (c *checker) defaulted(owner *types.Named, f *types.Var, kind string) (defaults.Field, bool) {
	key := owner.Obj().Name() + "." + f.Name()
	if slices.Contains(c.cfg.IgnoreFields, key) {
		return defaults.Field{}, false
	}
	if slices.Contains(c.cfg.ExtraFields, key) {
		return defaults.Field{Type: owner.Obj().Name(), Name: f.Name(), When: "unset", By: "extra-fields"}, true
	}
	d, ok := defaults.Of(owner, f)
	if !ok || d.When == "" {
		return defaults.Field{}, false // filled only under conditions: not sure
	}
	if d.Root != "" && d.Root != kind {
		return defaults.Field{}, false // a Pod's default, not a template's
	}
	return d, true
}

// diagnostic names the compared part, up to three unset fields and the
// total, and the consequence; the desired value's origin is related.
func (c *checker) diagnostic(cmp, liveSide ast.Expr, root *types.Var, unset []unsetDefault, built token.Pos) analysis.Diagnostic {
	info := c.pass.TypesInfo
	kind := "object"
	if n := k8s.Named(root.Type()); n != nil {
		kind = n.Obj().Name()
	}
	part := "live " + kind
	if p, ok := builders.FieldPath(info, liveSide); ok && p != "" {
		part += "'s " + p
	}
	var names []string
	for i, u := range unset {
		if i == 3 {
			names = append(names, "...")
			break
		}
		names = append(names, u.path)
	}
	noun := "fields"
	if len(unset) == 1 {
		noun = "field"
	}
	msg := fmt.Sprintf("%s compared strictly with a desired value that leaves %d server-defaulted %s unset (%s): never equal, so the %s is updated on every reconcile",
		part, len(unset), noun, strings.Join(names, ", "), kind)
	d := analysis.Diagnostic{Pos: cmp.Pos(), End: cmp.End(), Message: msg}
	if built.IsValid() {
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: built, Message: "the desired value is built here; set the defaults, compare only the fields the operator owns, or use server-side apply"})
	}
	return d
}
