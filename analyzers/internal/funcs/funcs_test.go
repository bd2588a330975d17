package funcs

import (
	"fmt"
	"go/ast"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/internal/repotest"
)

// a calls b, b calls c; d is alone; e takes c as a value.
const src = `package p

func a() { b() }
func b() { c() }
func c() {}
func d() {}
func e() { _ = c }
`

func graph(t *testing.T) *Graph {
	f, info := repotest.TypeCheck(t, src)
	return Build(info, []*ast.File{f})
}

func names(fds []*ast.FuncDecl) string {
	s := ""
	for _, fd := range fds {
		s += fd.Name.Name
	}
	return s
}

func TestGraph(t *testing.T) {
	g := graph(t)
	if got := names(g.Decls); got != "abcde" {
		t.Fatalf("Decls = %s", got)
	}
	if got := names(g.Callees(g.Decls[0])); got != "b" {
		t.Errorf("callees of a = %s", got)
	}
	if got := names(g.callers[g.Decls[2]]); got != "be" {
		t.Errorf("callers of c = %s (a function value is a use)", got)
	}
	if r := g.Reachable([]*ast.FuncDecl{g.Decls[0]}, 1); !r[g.Decls[1]] || r[g.Decls[2]] {
		t.Errorf("Reachable(a, 1) = %v, want a and b only", r)
	}
}

// A summary that grows from c up to its callers: c changes in round one,
// b and e in round two, a in round three.
func TestFixpointRevisitsCallers(t *testing.T) {
	g := graph(t)
	has := map[string]bool{}
	var visits string
	converged := g.Fixpoint(10, Callers, func(fd *ast.FuncDecl) bool {
		visits += fd.Name.Name
		if has[fd.Name.Name] {
			return false
		}
		grow := fd.Name.Name == "c"
		for _, callee := range g.Callees(fd) {
			grow = grow || has[callee.Name.Name]
		}
		has[fd.Name.Name] = grow
		return grow
	})
	if !converged {
		t.Error("did not converge")
	}
	if visits != "abcde"+"be"+"a" {
		t.Errorf("visits = %s, want abcde, then be, then a", visits)
	}
	if !has["a"] || has["d"] {
		t.Errorf("summary = %v", has)
	}
}

// Each function's findings are those of its last visit, in source order:
// b and e are visited again once c grows, a once b does, and what each
// found on its first visit, before its callee's summary grew, is dropped.
func TestFixpointFindings(t *testing.T) {
	g := graph(t)
	has := map[string]bool{}
	visits := map[string]int{}
	found := g.FixpointFindings(10, Callers, func(fd *ast.FuncDecl) ([]analysis.Diagnostic, bool) {
		name := fd.Name.Name
		visits[name]++
		msg := fmt.Sprintf("%s visit %d", name, visits[name])
		if has[name] {
			return []analysis.Diagnostic{{Message: msg}}, false
		}
		grow := name == "c"
		for _, callee := range g.Callees(fd) {
			grow = grow || has[callee.Name.Name]
		}
		has[name] = grow
		return []analysis.Diagnostic{{Message: msg}}, grow
	})
	var got []string
	for _, d := range found {
		got = append(got, d.Message)
	}
	want := "a visit 2, b visit 2, c visit 1, d visit 1, e visit 2"
	if strings.Join(got, ", ") != want {
		t.Errorf("findings = %s, want %s", strings.Join(got, ", "), want)
	}
}

// The bound stops a summary that never settles, and says so.
func TestFixpointBound(t *testing.T) {
	g := graph(t)
	rounds := 0
	converged := g.Fixpoint(3, Self, func(fd *ast.FuncDecl) bool {
		if fd.Name.Name == "d" {
			rounds++
			return true
		}
		return false
	})
	if converged || rounds != 3 {
		t.Errorf("converged = %v after %d visits of d, want false after 3", converged, rounds)
	}
}

// Uses lists every function a body uses, of any package, once each, in
// first-use order; the signature does not count. Builtins are kept apart.
func TestUses(t *testing.T) {
	f, info := repotest.TypeCheck(t, `package p

import "strings"

func x(s string) string { strings.ToLower(s); y(); _ = y; return strings.ToLower(s) }
func y() { m := map[string]int{}; delete(m, "k") }
`)
	g := Build(info, []*ast.File{f})
	var got []string
	for _, fn := range g.Uses(g.Decls[0]) {
		got = append(got, fn.FullName())
	}
	if want := "strings.ToLower p.y"; strings.Join(got, " ") != want {
		t.Errorf("Uses(x) = %v, want %s", got, want)
	}
	if len(g.Uses(g.Decls[1])) != 0 {
		t.Errorf("Uses(y) = %v, want none", g.Uses(g.Decls[1]))
	}
	if !g.CallsBuiltin(g.Decls[1], "delete") || g.CallsBuiltin(g.Decls[0], "delete") {
		t.Errorf("CallsBuiltin(delete): x %v, y %v", g.CallsBuiltin(g.Decls[0], "delete"), g.CallsBuiltin(g.Decls[1], "delete"))
	}
}

// distinct keeps first-added order and drops repeats, before and after it
// switches from a list to a set.
func TestDistinct(t *testing.T) {
	var d distinct[int]
	for range 2 {
		for i := range 40 {
			d.add(i)
		}
	}
	if len(d.list) != 40 || d.set == nil {
		t.Fatalf("list %v (set %v)", d.list, d.set != nil)
	}
	for i, x := range d.list {
		if x != i {
			t.Fatalf("list[%d] = %d", i, x)
		}
	}
}

// CallsOf finds each call of a function in its callers, and refuses a
// function that is also used as a value.
func TestCallsOf(t *testing.T) {
	f, info := repotest.TypeCheck(t, `package p

type r struct{}

func (r) m() {}
func a(x r) { b(); b(); x.m() }
func b()    {}
func c()    { _ = d }
func d()    {}
`)
	g := Build(info, []*ast.File{f})
	byName := map[string]*ast.FuncDecl{}
	for _, fd := range g.Decls {
		byName[fd.Name.Name] = fd
	}
	if calls, ok := g.CallsOf(info, byName["b"]); !ok || len(calls) != 2 || calls[0].Caller != byName["a"] || calls[0].Call.Pos() >= calls[1].Call.Pos() {
		t.Errorf("CallsOf(b) = %v, %v; want a's two calls in order", calls, ok)
	}
	if calls, ok := g.CallsOf(info, byName["m"]); !ok || len(calls) != 1 {
		t.Errorf("CallsOf(m) = %v, %v; want the method call x.m()", calls, ok)
	}
	if _, ok := g.CallsOf(info, byName["d"]); ok {
		t.Error("CallsOf(d) = ok; d is used as a value")
	}
}
