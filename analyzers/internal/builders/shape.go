package builders

// Shapes: which fields of an object the operator's code sets.

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"sort"
	"strings"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/astutil"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/k8s"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/live"
)

// A Shape is what is known of the fields a value sets: paths from the
// value ("Spec.Replicas", "Spec.Template.Spec.Containers[].Name"), and
// prefixes under which anything may be set (a field given a parameter, a
// call not summarised). Opaque "" is the whole value.
type Shape struct {
	Set    []string
	Opaque []string
	// Empty holds the paths given a slice or map that may be empty and
	// not nil ([]T{}, make([]T, 0), map[K]V{}, or a local built from one
	// whose appends do not run on every path); Empty "" is the value.
	Empty []string
	// Now holds the paths given the current time with its sub-second
	// part (metav1.Now(), metav1.NewTime(time.Now())), which the API
	// server drops.
	Now []string
}

func (s *Shape) now(path string) {
	if !slices.Contains(s.Now, path) {
		s.Now = append(s.Now, path)
	}
}

func (s *Shape) empty(path string) {
	if !slices.Contains(s.Empty, path) {
		s.Empty = append(s.Empty, path)
	}
}

func (s *Shape) add(path string) {
	if !slices.Contains(s.Set, path) {
		s.Set = append(s.Set, path)
	}
}

func (s *Shape) opaque(path string) {
	if !slices.Contains(s.Opaque, path) {
		s.Opaque = append(s.Opaque, path)
	}
}

// merge adds o's paths under prefix.
func (s *Shape) merge(prefix string, o *Shape) {
	if o == nil {
		s.opaque(prefix)
		return
	}
	for _, p := range o.Set {
		s.add(Join(prefix, p))
	}
	for _, p := range o.Opaque {
		s.opaque(Join(prefix, p))
	}
	for _, p := range o.Empty {
		s.empty(Join(prefix, p))
	}
	for _, p := range o.Now {
		s.now(Join(prefix, p))
	}
}

// sub returns the shape of the part of s at path.
func (s *Shape) Sub(path string) *Shape {
	if path == "" {
		return s
	}
	out := &Shape{}
	for _, p := range s.Empty {
		if p == path {
			out.empty("")
		} else if rest, ok := cutPath(p, path); ok {
			out.empty(rest)
		}
	}
	for _, p := range s.Now {
		if p == path {
			out.now("")
		} else if rest, ok := cutPath(p, path); ok {
			out.now(rest)
		}
	}
	for _, p := range s.Opaque {
		if p == "" || p == path || strings.HasPrefix(path, p+".") || strings.HasPrefix(path, p+"[]") {
			out.Opaque, out.Set = []string{""}, nil
			return out // a part of something unknown
		}
		if rest, ok := cutPath(p, path); ok {
			out.opaque(rest)
		}
	}
	for _, p := range s.Set {
		if rest, ok := cutPath(p, path); ok {
			out.add(rest)
		}
	}
	return out
}

// cutPath returns p relative to prefix when p lies under it.
func cutPath(p, prefix string) (string, bool) {
	if rest, ok := strings.CutPrefix(p, prefix+"."); ok {
		return rest, true
	}
	if rest, ok := strings.CutPrefix(p, prefix+"[]"); ok {
		return "[]" + rest, true // the elements of a list: "[]", "[].Name"
	}
	return "", false
}

// sets reports whether s sets path, or may (it lies under an opaque part).
func (s *Shape) Sets(path string) bool {
	for _, p := range s.Opaque {
		if p == "" || p == path || strings.HasPrefix(path, p+".") || strings.HasPrefix(path, p+"[]") {
			return true
		}
	}
	return slices.Contains(s.Set, path)
}

// touches reports whether s sets anything at or under path (or may).
func (s *Shape) Touches(path string) bool {
	if path == "" || s.Sets(path) {
		return true
	}
	for _, p := range append(s.Set, s.Opaque...) {
		if _, ok := cutPath(p, path); ok {
			return true
		}
	}
	return false
}

// equal reports whether two sorted shapes (or two nils) are the same.
func (s *Shape) equal(o *Shape) bool {
	if s == nil || o == nil {
		return s == o
	}
	return slices.Equal(s.Set, o.Set) && slices.Equal(s.Opaque, o.Opaque) && slices.Equal(s.Empty, o.Empty) && slices.Equal(s.Now, o.Now)
}

func (s *Shape) sort() {
	sort.Strings(s.Set)
	sort.Strings(s.Opaque)
	sort.Strings(s.Empty)
	sort.Strings(s.Now)
}

func Join(prefix, p string) string {
	switch {
	case prefix == "":
		return p
	case p == "":
		return prefix
	case strings.HasPrefix(p, "[]"):
		return prefix + p
	}
	return prefix + "." + p
}

// shapeOf returns the shape of the value of e in fd: a composite literal,
// a builder's result (summary or fact), a local variable built in fd, or
// nil when it is not known (a parameter, a field of something else).
func (c *Result) shapeOf(fd *ast.FuncDecl, e ast.Expr, depth int) *Shape {
	info := c.pass.TypesInfo
	switch x := ast.Unparen(e).(type) {
	case *ast.CompositeLit:
		s := &Shape{}
		c.literal(fd, x, "", s, depth)
		return s
	case *ast.UnaryExpr:
		if x.Op == token.AND {
			return c.shapeOf(fd, x.X, depth)
		}
	case *ast.CallExpr:
		if fn := k8s.Callee(info, x); fn != nil {
			if s := c.resultShape(fn); s != nil || !computesQuantities(fn) {
				return s
			}
			return &Shape{Set: []string{""}}
		}
	case *ast.StarExpr:
		return c.shapeOf(fd, x.X, depth)
	case *ast.Ident:
		if v := astutil.IdentVar(info, x); v != nil && depth > 0 {
			return c.varShape(fd, v, depth-1)
		}
	case *ast.SelectorExpr:
		if _, ok := info.Selections[x]; ok {
			if base := c.shapeOf(fd, x.X, depth); base != nil {
				return base.Sub(x.Sel.Name)
			}
		}
	case *ast.IndexExpr:
		// An element of a list the operator built: what every element
		// is given.
		if _, ok := types.Unalias(info.TypeOf(x.X)).Underlying().(*types.Slice); ok {
			if base := c.shapeOf(fd, x.X, depth); base != nil {
				return base.Sub("[]")
			}
		}
	}
	return nil
}

// literal records the fields a composite literal sets, under prefix.
func (c *Result) literal(fd *ast.FuncDecl, lit *ast.CompositeLit, prefix string, s *Shape, depth int) {
	info := c.pass.TypesInfo
	t := info.TypeOf(lit)
	if t == nil {
		return
	}
	switch u := types.Unalias(t).Underlying().(type) {
	case *types.Struct:
		for field, val := range astutil.StructFields(info, lit, u) {
			c.value(fd, val, Join(prefix, field.Name()), s, depth)
		}
	case *types.Slice, *types.Array:
		if _, ok := u.(*types.Slice); ok && len(lit.Elts) == 0 {
			s.empty(prefix)
		}
		for _, elt := range lit.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				elt = kv.Value
			}
			c.value(fd, elt, prefix+"[]", s, depth)
		}
	case *types.Map:
		s.add(prefix) // keys and values are data, not defaulted fields
		if len(lit.Elts) == 0 {
			s.empty(prefix)
		}
	}
}

// writeOnlyReadBack reports whether val, given to the field at path, is
// that field of an object read from the server, for a field the API
// server takes in but never returns (a Secret's StringData): the value is
// always empty, so the field is not set.
func (c *Result) writeOnlyReadBack(path string, val ast.Expr) bool {
	sel, ok := val.(*ast.SelectorExpr)
	if !ok || path != "StringData" || sel.Sel.Name != "StringData" {
		return false
	}
	if !k8s.IsNamed(c.pass.TypesInfo.TypeOf(sel.X), k8s.CoreV1, "Secret") {
		return false
	}
	return live.IsReadOrCopy(c.live.Expr(sel.X))
}

// value records that the field at path is given val.
func (c *Result) value(fd *ast.FuncDecl, val ast.Expr, path string, s *Shape, depth int) {
	val = ast.Unparen(val)
	if c.writeOnlyReadBack(path, val) {
		return // empty: the server never returns it
	}
	s.add(path)
	if u, ok := val.(*ast.UnaryExpr); ok && u.Op == token.AND {
		val = u.X
	}
	if lit, ok := val.(*ast.CompositeLit); ok {
		c.literal(fd, lit, path, s, depth)
		return
	}
	if c.mayBeEmpty(fd, val) {
		s.empty(path)
	}
	if c.isNow(val) {
		s.now(path)
	}
	if !holdsStruct(c.pass.TypesInfo.TypeOf(val)) {
		return // a string, a number, a pointer to one: the field is set
	}
	s.merge(path, c.shapeOf(fd, val, depth))
}

// holdsStruct reports whether values of t have fields of their own.
func holdsStruct(t types.Type) bool {
	if t == nil {
		return false
	}
	switch u := types.Unalias(t).Underlying().(type) {
	case *types.Pointer:
		return holdsStruct(u.Elem())
	case *types.Slice:
		return holdsStruct(u.Elem())
	case *types.Array:
		return holdsStruct(u.Elem())
	case *types.Struct:
		return true
	}
	return false
}

// varShape returns what fd sets of the local variable v: its initial value
// and every assignment to a path rooted at it, appends included, and the
// fields set by functions it is handed to (their summaries); nil when v is
// not declared in fd or is handed to a function not known.
func (c *Result) varShape(fd *ast.FuncDecl, v *types.Var, depth int) *Shape {
	if fd == nil || fd.Body == nil || v.Pos() < fd.Body.Pos() || v.Pos() >= fd.Body.End() {
		return nil
	}
	return c.assigned(fd, v, depth)
}

// assigned returns what fd gives v and sets on the object v holds,
// directly or through locals pointing into it (spec := &d.Spec.Template.Spec,
// c := &spec.Containers[i]).
func (c *Result) assigned(fd *ast.FuncDecl, v *types.Var, depth int) *Shape {
	info := c.pass.TypesInfo
	s := &Shape{}
	// pathOf returns the path from v of e, a path rooted at v or at a
	// local pointing into its object.
	pathOf := func(e ast.Expr) (string, bool) {
		base, ok := c.aliasPath(e, v)
		if !ok {
			return "", false
		}
		p, ok := FieldPath(info, e)
		if !ok {
			return "", true // reached, but not as a field path: unknown
		}
		return Join(base, p), true
	}
	// filled holds the paths appended to or stored into by index: a list
	// or map made empty and then filled is not left empty (on some path
	// it may be, but that is not known here).
	filled := map[string]bool{}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.AssignStmt:
			for i, l := range x.Lhs {
				var r ast.Expr
				if len(x.Rhs) == len(x.Lhs) {
					r = x.Rhs[i]
				} else if i == 0 && len(x.Rhs) == 1 {
					r = x.Rhs[0] // d, err := build()
				}
				if r == nil || !c.beforeUntil(fd, r) {
					continue
				}
				if id, ok := ast.Unparen(l).(*ast.Ident); ok && astutil.IdentVar(info, id) == v {
					s.merge("", c.shapeOf(fd, r, depth))
					continue
				}
				if id, ok := ast.Unparen(l).(*ast.Ident); ok {
					if p, alias := c.aliasPath(id, v); alias && p != "" {
						continue // a pointer into the object given its target
					}
				}
				p, ok := pathOf(l)
				if !ok {
					continue
				}
				if _, isField := FieldPath(info, l); !isField {
					s.opaque(p)
					continue
				}
				if call, ok := ast.Unparen(r).(*ast.CallExpr); ok && astutil.IsAppend(info, call) {
					for _, a := range call.Args[1:] {
						c.value(fd, a, p+"[]", s, depth)
					}
					s.add(p)
					filled[p] = true
					continue
				}
				if ix, ok := ast.Unparen(l).(*ast.IndexExpr); ok {
					if q, ok := pathOf(ix.X); ok {
						filled[q] = true // m[k] = v: the map is filled here
					}
				}
				c.value(fd, r, p, s, depth)
			}
		case *ast.ValueSpec:
			for i, name := range x.Names {
				if astutil.IdentVar(info, name) == v && i < len(x.Values) {
					s.merge("", c.shapeOf(fd, x.Values[i], depth))
				}
			}
		case *ast.CallExpr:
			// Handed to a function: its summary says what it sets; a
			// function not known may set anything. The call being checked
			// is what receives the value, not a change to it.
			if x == c.handedTo || !c.beforeUntil(fd, x) {
				return true
			}
			fn := k8s.Callee(info, x)
			for i, a := range x.Args {
				if !holdsStruct(info.TypeOf(a)) {
					continue
				}
				p, ok := pathOf(a)
				if !ok {
					continue
				}
				if fn != nil && c.isReadOnly(fn) {
					continue
				}
				s.merge(p, c.paramShape(fn, i))
			}
		}
		return true
	})
	if len(filled) > 0 {
		s.Empty = slices.DeleteFunc(s.Empty, func(p string) bool { return filled[p] })
	}
	return s
}

// aliasPath returns the path from v of the object that the variable at
// the root of e points into where e is evaluated: "" for v itself,
// "Spec.Template.Spec" for `spec` after `spec := &d.Spec.Template.Spec`,
// read off the value the variable holds there (the flow engine's
// Locate), so a pointer given another object later is followed as it
// is. False when the variable is not rooted at v, or only at a copy of
// it.
func (c *Result) aliasPath(e ast.Expr, v *types.Var) (string, bool) {
	id, ok := ast.Unparen(astutil.Root(c.pass.TypesInfo, e)).(*ast.Ident)
	if !ok {
		return "", false
	}
	w := astutil.IdentVar(c.pass.TypesInfo, id)
	if w == nil {
		return "", false
	}
	if w == v {
		return "", true
	}
	if !refersInto(c.pass.TypesInfo, id) {
		return "", false // a copy, not a pointer into the object
	}
	loc := c.Flow.Locate(id)
	if loc.Root != v || loc.Copy != nil {
		return "", false
	}
	return loc.Path(len(loc.Hops)), true
}

// refersInto reports whether the value of e shares its object's memory:
// &x.f, or a pointer, slice or map.
func refersInto(info *types.Info, e ast.Expr) bool {
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		return true
	}
	switch types.Unalias(info.TypeOf(e)).Underlying().(type) {
	case *types.Pointer, *types.Slice, *types.Map:
		return true
	}
	return false
}

// fieldPath returns e's field path from its root variable (obj.Spec.Template
// is "Spec.Template", c.Ports[0] is "Ports[]", &obj.Spec is "Spec").
func FieldPath(info *types.Info, e ast.Expr) (string, bool) {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		return "", true
	case *ast.UnaryExpr:
		if x.Op == token.AND {
			return FieldPath(info, x.X)
		}
	case *ast.StarExpr:
		return FieldPath(info, x.X)
	case *ast.IndexExpr:
		p, ok := FieldPath(info, x.X)
		return p + "[]", ok
	case *ast.SelectorExpr:
		if sel := info.Selections[x]; sel != nil && sel.Kind() == types.FieldVal {
			p, ok := FieldPath(info, x.X)
			return Join(p, x.Sel.Name), ok
		}
	}
	return "", false
}

// computesQuantities reports a function of the Kubernetes libraries that
// computes the quantities it returns: parsing or making a Quantity, the
// arithmetic of quota lists (k8s.io/apiserver's quota/v1), a pod's summed
// requests and limits. Its result is a value built here, in whatever form
// the parsing or the arithmetic left it ("1500m" for a sum the server
// gives back as "1.5"), not a copy of an object read from the server.
func computesQuantities(fn *types.Func) bool {
	if fn.Pkg() == nil {
		return false
	}
	switch fn.Pkg().Path() {
	case "k8s.io/apimachinery/pkg/api/resource":
		switch fn.Name() {
		case "MustParse", "ParseQuantity", "NewQuantity", "NewMilliQuantity", "NewScaledQuantity", "NewDecimalQuantity":
			return fn.Type().(*types.Signature).Recv() == nil
		}
	case "k8s.io/apiserver/pkg/quota/v1":
		switch fn.Name() {
		case "Add", "Subtract", "SubtractWithNonNegativeResult", "Max":
			return true
		}
	case "k8s.io/component-helpers/resource":
		return fn.Name() == "PodRequests" || fn.Name() == "PodLimits"
	case "k8s.io/kubectl/pkg/util/resource":
		return fn.Name() == "PodRequestsAndLimits"
	}
	return false
}

// isResourceList reports a core/v1 ResourceList, or a pointer to one: a
// map, which a builder may return on its own.
func isResourceList(t types.Type) bool {
	return k8s.IsNamed(k8s.Deref(t), k8s.CoreV1, "ResourceList")
}
