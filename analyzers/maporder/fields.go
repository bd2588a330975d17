package maporder

// Fields as channels: map order stored into a field of one of the module's
// own structs (`result.Keys[name] = maps.Keys(cm.Data)`, `Keys{Data:
// maps.Keys(m)}`) is followed to where the field is read, wherever in the
// package, and across packages through a fact on the field.
//
// A field is a channel when it is declared in the module, is not a field
// of a Kubernetes API type (those are sinks), and its values carry order:
// a slice, an array, a string, a map of such values, or a struct holding
// one. Only a field holding a list carries a symbolic origin (isList).
// The flow through a field is flow-insensitive: every store of the package
// reaches every read of it that the function walking it has not assigned
// or sorted itself. A field that the package sorts anywhere is no
// channel at all (a precision bail-out: where the sort runs is not
// followed).
//
// Within a package, the order stored is what a read of the field carries.
// Across packages, the direction of facts is from the package declaring
// a type to the packages that import it, while the store is often in an
// importer (a controller filling a config struct that the model package
// renders). So a read of a field declared in the package carries a
// symbolic origin, like a parameter's; when that origin reaches a sink, a
// fieldFact on the field says so, and a package that stores map order
// into the field reports it at the store.

import (
	"go/ast"
	"go/types"
	"slices"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/astutil"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/funcs"
)

// fieldFact says that what is stored into a field reaches a sink in the
// package declaring it.
type fieldFact struct {
	Sink string
	Pos  string
}

func (*fieldFact) AFact() {}

func (f *fieldFact) String() string { return "field reaches " + f.Sink + " (" + f.Pos + ")" }

// fieldState is what the package knows of its channel fields. It grows
// monotonically over the passes of run.
type fieldState struct {
	stores   map[*types.Var]taint      // real origins stored into each field
	sinks    map[*types.Var]sink       // fields of this package whose reads reach a sink
	sorted   map[*types.Var]bool       // fields sorted somewhere in the package
	origins  map[*types.Var]*origin    // the symbolic origin of each field of the package
	imported map[*types.Var]*fieldFact // facts of other packages' fields, nil for none
}

func newFieldState() fieldState {
	return fieldState{
		stores:   map[*types.Var]taint{},
		sinks:    map[*types.Var]sink{},
		sorted:   map[*types.Var]bool{},
		origins:  map[*types.Var]*origin{},
		imported: map[*types.Var]*fieldFact{},
	}
}

// size measures the state, to tell whether a pass added to it.
func (fs *fieldState) size() int {
	n := len(fs.sinks) + len(fs.sorted)
	for _, t := range fs.stores {
		n += len(t)
	}
	return n
}

// maxFieldPasses bounds the passes over the package: a read of one
// channel stored into another is followed this many fields deep.
const maxFieldPasses = 3

// channel reports whether f is a field that carries map order between the
// functions of the module.
func (p *pkgState) channel(f *types.Var) bool {
	if f == nil || !f.IsField() || p.api.IsAPIField(f) || !funcs.InModule(p.pass, f.Pkg()) {
		return false
	}
	return holds(f.Type(), orderedContent, 2)
}

// holds reports whether values of t are, or hold in a map or struct
// depth levels deep, a value that leaf accepts.
func holds(t types.Type, leaf func(types.Type) bool, depth int) bool {
	if leaf(t) {
		return true
	}
	if depth == 0 {
		return false
	}
	switch u := types.Unalias(t).Underlying().(type) {
	case *types.Map:
		return holds(u.Elem(), leaf, depth-1)
	case *types.Struct:
		for f := range u.Fields() {
			if holds(f.Type(), leaf, depth-1) {
				return true
			}
		}
	}
	return false
}

// isList reports a slice, an array, or a pointer to a slice. Only a field
// holding one carries a symbolic origin: a string field (a name, an
// image) reaches some sink in almost every package, and a fact for each
// would say nothing of order.
func isList(t types.Type) bool { return orderedContent(t) && !isBasic(t, types.IsString) }

// selectedField returns the field e selects (x.f, possibly indexed:
// x.f[k]), or nil.
func (s *fnState) selectedField(e ast.Expr) *types.Var {
	e = ast.Unparen(e)
	if ix, ok := e.(*ast.IndexExpr); ok {
		if _, isMap := types.Unalias(s.p.pass.TypesInfo.TypeOf(ix.X)).Underlying().(*types.Map); !isMap {
			return nil // an element of an ordered list is content, not order
		}
		e = ast.Unparen(ix.X)
	}
	sel, ok := e.(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	if x, ok := s.p.pass.TypesInfo.Selections[sel]; !ok || x.Kind() != types.FieldVal {
		return nil
	}
	f, _ := s.p.pass.TypesInfo.Uses[sel.Sel].(*types.Var)
	return f
}

// storeField records that t is stored into field f at at: for the reads
// of this package, and as a sink when the package declaring f says that
// its reads reach one.
func (s *fnState) storeField(f *types.Var, t taint, at ast.Expr) {
	if !s.final || len(t) == 0 || !s.p.channel(f) {
		return
	}
	fs := &s.p.fields
	for _, o := range t {
		if o.kind == paramOrigin || o.kind == fieldOrigin || containsOrigin(fs.stores[f], o) {
			continue
		}
		fs.stores[f] = append(fs.stores[f], o)
	}
	if f.Pkg() == s.p.pass.Pkg {
		return // this package's reads are walked with the stores
	}
	if fact := s.p.importFieldFact(f); fact != nil {
		s.record(t, sink{desc: via(fact.Sink, describeField(f)), pos: at.Pos()})
	}
}

// channelLit records the stores of a literal of one of the module's
// structs into its channel fields.
func (s *fnState) channelLit(lit *ast.CompositeLit, st *types.Struct) {
	for f, val := range astutil.StructFields(s.p.pass.TypesInfo, lit, st) {
		if s.p.channel(f) && !s.sortedLater(val) {
			s.storeField(f, s.taintOf(val), val)
		}
	}
}

// fieldTaint returns the order a read of field f carries: what the
// package stores into it, and for a field of this package its symbolic
// origin.
func (s *fnState) fieldTaint(f *types.Var) taint {
	fs := &s.p.fields
	if !s.p.channel(f) || fs.sorted[f] {
		return nil
	}
	t := slices.Clone(fs.stores[f])
	if s.p.ownOrder(f) {
		o := fs.origins[f]
		if o == nil {
			o = &origin{node: &ast.Ident{NamePos: f.Pos(), Name: f.Name()}, kind: fieldOrigin, field: f}
			fs.origins[f] = o
		}
		t = append(t, o)
	}
	return t
}

// ownOrder reports whether a read of the channel field f carries a
// symbolic origin of its own: a field of this package that holds a list.
func (p *pkgState) ownOrder(f *types.Var) bool {
	return f.Pkg() == p.pass.Pkg && holds(f.Type(), isList, 2)
}

// sortedField records a sort of a field in place, wherever it happens.
func (s *fnState) sortedField(arg ast.Expr) {
	if f := s.selectedField(arg); f != nil && s.p.channel(f) {
		s.p.fields.sorted[f] = true
	}
}

// reachedField records that the symbolic origin of a field reached a sink.
func (p *pkgState) reachedField(o *origin, sk sink) {
	if _, ok := p.fields.sinks[o.field]; !ok {
		p.fields.sinks[o.field] = sink{desc: sk.desc, pos: sk.pos}
	}
}

func (p *pkgState) importFieldFact(f *types.Var) *fieldFact {
	fact, seen := p.fields.imported[f]
	if !seen {
		fact = new(fieldFact)
		if !p.pass.ImportObjectFact(f, fact) {
			fact = nil
		}
		p.fields.imported[f] = fact
	}
	return fact
}

// exportFieldFacts exports a fact for each field of the package whose
// reads reach a sink, in position order.
func (p *pkgState) exportFieldFacts() {
	var fields []*types.Var
	for f := range p.fields.sinks {
		if !p.fields.sorted[f] {
			fields = append(fields, f)
		}
	}
	slices.SortFunc(fields, func(a, b *types.Var) int { return int(a.Pos() - b.Pos()) })
	for _, f := range fields {
		sk := p.fields.sinks[f]
		p.pass.ExportObjectFact(f, &fieldFact{Sink: sk.desc, Pos: p.posText(sk.pos)})
	}
}

// symbolic reports an origin that stands for a caller's or a store's
// order, never reported itself.
func symbolic(o *origin) bool {
	return o.kind == paramOrigin || o.kind == fieldOrigin || o.kind == methodOrigin
}

// fieldRule is the engine's TaintRules.Field: a read of a field that the
// function did not give a value, of an object it did not build, carries
// what the package stores into the field (a channel).
func (s *fnState) fieldRule(f *types.Var, held taint, stored, local bool) taint {
	if len(held) > 0 || stored || local || !f.IsField() {
		return nil
	}
	return s.fieldTaint(f)
}
