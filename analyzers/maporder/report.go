package maporder

// Reporting: findings, their messages and related locations.

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/k8s"
)

type finding struct {
	origin *origin
	sinks  []sink
}

// via names a sink reached through a call of fn: the sink itself and the
// function called at this site, not the whole chain.
func via(desc, fn string) string {
	base, _, _ := strings.Cut(desc, " via ")
	return base + " via " + fn
}

// where describes an origin's position for a fact.
func (p *pkgState) where(o *origin) string {
	if o.kind == remoteOrigin {
		return o.remote
	}
	return p.posText(o.node.Pos())
}

func (p *pkgState) posText(pos token.Pos) string {
	position := p.pass.Fset.Position(pos)
	return fmt.Sprintf("%s:%d", filepath.Base(position.Filename), position.Line)
}

// report emits one diagnostic per origin, in position order.
func (p *pkgState) report() {
	var list []*finding
	for _, f := range p.findings {
		pos := f.origin.node.Pos()
		if len(f.sinks) > 0 && !p.generated[p.pass.Fset.File(pos)] && p.churns(f) {
			list = append(list, f)
		}
	}
	sort.Slice(list, func(i, j int) bool { return list[i].origin.node.Pos() < list[j].origin.node.Pos() })
	for _, f := range list {
		sort.Slice(f.sinks, func(i, j int) bool { return f.sinks[i].pos < f.sinks[j].pos })
		p.pass.Report(p.diagnostic(f))
	}
}

// churns reports whether some sink of f may be sent again or compared: an
// object that is only created, or only encoded for a user, gets its order
// once and never churns (see the doc's Limits).
func (p *pkgState) churns(f *finding) bool {
	for _, sk := range f.sinks {
		if sk.object == nil {
			return true // an apply configuration, a writer, a helper's sink
		}
		_, lit := sk.object.(*ast.CompositeLit)
		if p.flow.WhereAcross(sk.object, !lit).Set.Churns() {
			return true
		}
	}
	return false
}

func (p *pkgState) diagnostic(f *finding) analysis.Diagnostic {
	o := f.origin
	first := f.sinks[0].desc
	var msg string
	pos, end := o.node.Pos(), o.node.End()
	switch o.kind {
	case rangeOrigin:
		rs := o.node.(*ast.RangeStmt)
		end = rs.X.End()
		msg = fmt.Sprintf("range over map %s feeds %s in map order; sort the keys first", o.mapName, first)
	case callOrigin:
		if o.listed {
			msg = fmt.Sprintf("%s lists from the informer cache in no fixed order, and the list feeds %s; sort it first",
				exprText(o.node.(ast.Expr)), first)
		} else {
			msg = fmt.Sprintf("%s is in map order and feeds %s; sort it first", exprText(o.node.(ast.Expr)), first)
		}
	case remoteOrigin:
		switch {
		case o.filled != nil && o.listed:
			msg = fmt.Sprintf("%s fills %s from the informer cache's list (%s), in no fixed order, and it feeds %s; sort it first",
				o.callee, exprText(o.filled), o.remote, first)
		case o.filled != nil:
			msg = fmt.Sprintf("%s fills %s in the order of %s (%s), and it feeds %s; sort it first",
				o.callee, exprText(o.filled), o.source(), o.remote, first)
		default:
			msg = fmt.Sprintf("%s returns values in the order of %s (%s) and they feed %s; sort them first",
				o.callee, o.source(), o.remote, first)
		}
	}
	d := analysis.Diagnostic{Pos: pos, End: end, Message: msg}
	order := "map order"
	if o.listed {
		order = "the cache's order"
	}
	for _, sk := range f.sinks {
		d.Related = append(d.Related, analysis.RelatedInformation{
			Pos: sk.pos, Message: order + " reaches " + sk.desc + " here",
		})
	}
	if o.kind == rangeOrigin {
		if fix, ok := p.sortedKeysFix(o.node.(*ast.RangeStmt)); ok {
			d.SuggestedFixes = []analysis.SuggestedFix{fix}
		}
	}
	return d
}

// describeField names a field as Type.Field.
func describeField(v *types.Var) string {
	// The struct that declares the field is found through its package scope.
	if pkg := v.Pkg(); pkg != nil {
		scope := pkg.Scope()
		for _, name := range scope.Names() {
			tn, ok := scope.Lookup(name).(*types.TypeName)
			if !ok {
				continue
			}
			if st, ok := tn.Type().Underlying().(*types.Struct); ok {
				for f := range st.Fields() {
					if f == v {
						return tn.Name() + "." + v.Name()
					}
				}
			}
		}
	}
	return v.Name()
}

func calleeName(fn *types.Func) string {
	if sig, ok := fn.Type().(*types.Signature); ok && sig.Recv() != nil {
		return k8s.ReceiverName(sig) + "." + fn.Name()
	}
	if fn.Pkg() != nil {
		return fn.Pkg().Name() + "." + fn.Name()
	}
	return fn.Name()
}

// exprText renders e compactly for messages.
func exprText(e ast.Expr) string {
	s := types.ExprString(e)
	if len(s) > 40 {
		s = s[:37] + "..."
	}
	return s
}
