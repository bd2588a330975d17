// Flows across packages: an exported builder whose results carry entries
// of a custom resource's maps into their annotations or labels, for the
// packages that merge those results into live objects.

package strand

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/types"
	"path/filepath"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/directive"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/flow"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/funcs"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/k8s"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/live"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/merge"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/uses"
)

// FlowsFact marks an exported function that puts entries of a custom
// resource's maps into annotations or labels, in its body or in the
// functions it calls (of its package, three deep, and of others through
// their facts): a builder whose results a caller may merge into live
// objects.
type FlowsFact struct {
	Flows []Flow
}

// A Flow is one such place: the map (`df.Spec.ServiceSpec.Annotations`),
// the kind it belongs to, the kind of map it flows into, and where
// (file:line).
type Flow struct {
	Kind, From, Owner, At string
}

func (*FlowsFact) AFact() {}

func (f *FlowsFact) String() string {
	var parts []string
	for _, fl := range f.Flows {
		parts = append(parts, fmt.Sprintf("%s into %s at %s", fl.From, fl.Kind, fl.At))
	}
	return "flows(" + strings.Join(parts, "; ") + ")"
}

// Imported gives the flows of the functions of other packages.
type Imported struct {
	of func(*types.Func) *FlowsFact
}

// Of returns the FlowsFact of fn, a function of another package, or nil.
func (i *Imported) Of(fn *types.Func) *FlowsFact {
	if i == nil || i.of == nil || fn == nil {
		return nil
	}
	return i.of(fn.Origin())
}

// Flows computes and exports the FlowsFacts of a package. It takes no
// settings: every strand engine, whatever its prefixes, reads the same
// facts.
var Flows = directive.Guard(&analysis.Analyzer{
	Name:       "strandflows",
	Doc:        "find exported builders that put a custom resource's map entries into annotations or labels (facts of the strand engine)",
	Requires:   []*analysis.Analyzer{flow.Analyzer, live.Analyzer, merge.Analyzer, funcs.Analyzer, uses.Analyzer},
	ResultType: reflect.TypeFor[*Imported](),
	FactTypes:  []analysis.Fact{new(FlowsFact)},
	Run:        runFlows,
})

// flowDepth bounds the calls of the package followed from an exported
// builder.
const flowDepth = 3

func runFlows(pass *analysis.Pass) (any, error) {
	imported := &Imported{of: func(fn *types.Func) *FlowsFact {
		f := new(FlowsFact)
		if fn.Pkg() != pass.Pkg && pass.ImportObjectFact(fn, f) {
			return f
		}
		return nil
	}}
	if k8s.Irrelevant(pass) {
		return imported, nil
	}
	api := k8s.NewAPITypes(nil)
	crs := uses.Of(pass).Any(func(p *types.Package) bool {
		return !strings.HasPrefix(p.Path(), "k8s.io/") && api.IsAPIPackage(p)
	})
	if !crs && len(pass.AllObjectFacts()) == 0 {
		return imported, nil // no custom resource here, and no builder behind
	}
	s := &state{
		pass:   pass,
		live:   pass.ResultOf[live.Analyzer].(*live.Result),
		merges: pass.ResultOf[merge.Analyzer].(*merge.Result),
		funcs:  map[*types.Func]*ast.FuncDecl{},
		graph:  funcs.Of(pass),
		flow:   pass.ResultOf[flow.Analyzer].(*flow.Result),
		api:    api,
	}
	generated := map[*ast.FuncDecl]bool{}
	for _, f := range pass.Files {
		if ast.IsGenerated(f) {
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok {
					generated[fd] = true
				}
			}
		}
	}
	// Builders: exported functions of hand-written files returning
	// objects, lists of them, metadata or maps; the functions they reach
	// are the only ones walked.
	var exported []*ast.FuncDecl
	reaches := map[*ast.FuncDecl]map[*ast.FuncDecl]bool{}
	walked := map[*ast.FuncDecl]bool{}
	for _, fd := range s.graph.Decls {
		fn := s.graph.Func(fd)
		if fn == nil || !fn.Exported() || generated[fd] || !returnsObjects(fn.Signature().Results()) {
			continue
		}
		exported = append(exported, fd)
		reaches[fd] = s.graph.Reachable([]*ast.FuncDecl{fd}, flowDepth)
		for d := range reaches[fd] {
			walked[d] = true
		}
	}
	if len(exported) == 0 {
		return imported, nil
	}
	if crs {
		for _, fd := range s.graph.Decls { // in source order
			if walked[fd] && !generated[fd] {
				s.collectFromCR(fd)
			}
		}
	}
	for _, fd := range exported {
		var flows []Flow
		reach := reaches[fd]
		for _, w := range s.writes {
			if w.from != "" && reach[w.fn] {
				p := pass.Fset.Position(w.pos)
				flows = append(flows, Flow{Kind: string(w.kind), From: w.from, Owner: w.owner,
					At: fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line)})
			}
		}
		// Builders of other packages that the reachable functions call.
		for _, d := range s.graph.Decls {
			if !reach[d] {
				continue
			}
			for _, callee := range s.graph.Uses(d) {
				if callee.Pkg() == pass.Pkg {
					continue
				}
				if f := imported.Of(callee); f != nil {
					flows = append(flows, f.Flows...)
				}
			}
		}
		if len(flows) == 0 {
			continue
		}
		slices.SortStableFunc(flows, func(a, b Flow) int {
			return cmp.Or(cmp.Compare(a.At, b.At), cmp.Compare(a.From, b.From), cmp.Compare(a.Kind, b.Kind))
		})
		flows = slices.Compact(flows)
		if fn := s.graph.Func(fd); fn != nil {
			pass.ExportObjectFact(fn, &FlowsFact{Flows: flows})
		}
	}
	return imported, nil
}

// returnsObjects reports whether a result is, or holds, a Kubernetes
// object, its metadata or a part of a built-in kind, a string map, or an
// object interface: what a builder returns.
func returnsObjects(results *types.Tuple) bool {
	for v := range results.Variables() {
		if holdsObjects(v.Type(), 0) {
			return true
		}
	}
	return false
}

func holdsObjects(t types.Type, depth int) bool {
	if depth > 3 {
		return false
	}
	switch u := types.Unalias(t).(type) {
	case *types.Pointer:
		return holdsObjects(u.Elem(), depth+1)
	case *types.Slice:
		return holdsObjects(u.Elem(), depth+1)
	case *types.Array:
		return holdsObjects(u.Elem(), depth+1)
	case *types.Map:
		return isString(u.Key()) && isString(u.Elem())
	case *types.Named:
		if k8s.IsKind(u) {
			return true
		}
		if pkg := u.Obj().Pkg(); pkg != nil && (strings.HasPrefix(pkg.Path(), "k8s.io/api/") || pkg.Path() == k8s.MetaV1) {
			return true
		}
		if _, iface := u.Underlying().(*types.Interface); iface && (u.Obj().Name() == "Object" || u.Obj().Name() == "ObjectList") {
			return true // client.Object, runtime.Object
		}
		if m, ok := u.Underlying().(*types.Map); ok {
			return isString(m.Key()) && isString(m.Elem())
		}
	}
	return false
}
