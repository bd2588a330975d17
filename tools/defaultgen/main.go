// Command defaultgen writes the table of fields that the Kubernetes API
// server fills in when an object leaves them unset, from Kubernetes' own
// defaulting code: the SetDefaults_* functions of
// k8s.io/kubernetes/pkg/apis/<group>/<version> and the +default= markers
// of k8s.io/api, at a pinned version read from the module cache (the
// module k8s.io/kubernetes cannot be required, only downloaded and read).
// Fields that controllers every cluster runs fill in (a Service's
// clusterIP, a claim's volumeName) are added from a short list here.
//
//	go run ./tools/defaultgen -kubernetes v1.37.2 -out analyzers/internal/defaults/table.tsv
//
// It is run by go generate in analyzers/internal/defaults; its output is
// committed.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// groups are the API groups whose defaulting is read: the kinds an
// operator builds.
var groups = []string{
	"core/v1", "apps/v1", "batch/v1", "autoscaling/v1", "autoscaling/v2",
	"networking/v1", "policy/v1", "rbac/v1", "storage/v1",
}

// filled are fields set by the API server's registry or by controllers
// that every cluster runs, not by SetDefaults: an operator that leaves
// them unset sees them filled after its first write.
var filled = []entry{
	{Pkg: "k8s.io/api/core/v1", Type: "ServiceSpec", Name: "ClusterIP", When: "empty", By: "allocated by the API server"},
	{Pkg: "k8s.io/api/core/v1", Type: "ServiceSpec", Name: "ClusterIPs", When: "empty", By: "allocated by the API server"},
	{Pkg: "k8s.io/api/core/v1", Type: "ServiceSpec", Name: "IPFamilies", When: "empty", By: "set by the API server"},
	{Pkg: "k8s.io/api/core/v1", Type: "ServiceSpec", Name: "IPFamilyPolicy", When: "nil", By: "set by the API server"},
	{Pkg: "k8s.io/api/core/v1", Type: "ServiceSpec", Name: "HealthCheckNodePort", When: "", By: "allocated by the API server for a LoadBalancer with a local traffic policy"},
	{Pkg: "k8s.io/api/core/v1", Type: "ServicePort", Name: "NodePort", When: "", By: "allocated by the API server for NodePort and LoadBalancer Services"},
	{Pkg: "k8s.io/api/core/v1", Type: "PersistentVolumeClaimSpec", Name: "VolumeName", When: "empty", By: "bound by the persistent volume controller"},
	{Pkg: "k8s.io/api/core/v1", Type: "PersistentVolumeClaimSpec", Name: "StorageClassName", When: "nil", By: "set by the DefaultStorageClass admission plugin"},
}

// entry is one defaulted field.
type entry struct {
	Pkg  string // the package of the struct declaring the field
	Type string // the struct declaring the field
	Name string // the field
	When string // "nil", "empty", "zero" or "unset" when the default fills an unset field; "" when its condition is more
	By   string // SetDefaults_X, +default=..., or who fills it
	Root string // the only kind that gets it, for a shared struct defaulted from a kind's function
}

func main() {
	kube := flag.String("kubernetes", "v1.37.2", "version of k8s.io/kubernetes to read")
	out := flag.String("out", "table.tsv", "file to write")
	flag.Parse()
	log.SetFlags(0)
	log.SetPrefix("defaultgen: ")
	apiVersion := "v0." + strings.TrimPrefix(*kube, "v1.")
	kubeDir := download("k8s.io/kubernetes@" + *kube)
	apiDir := download("k8s.io/api@" + apiVersion)

	idx := index{structs: map[typeRef]map[string]typeRef{}}
	var entries []entry
	for _, g := range groups {
		entries = append(entries, idx.load(apiDir, g)...)
	}
	for _, g := range groups {
		file := filepath.Join(kubeDir, "pkg", "apis", g, "defaults.go")
		if _, err := os.Stat(file); err != nil {
			continue // a group without defaulting code
		}
		entries = append(entries, idx.setDefaults(file)...)
	}
	entries = dedupe(append(filled, entries...), len(filled))
	src := render(entries, *kube, apiVersion)
	if err := os.WriteFile(*out, src, 0o644); err != nil {
		log.Fatal(err)
	}
	log.Printf("%d fields written to %s", len(entries), *out)
}

// download returns the directory of module@version in the module cache,
// downloading it through the module proxy if needed.
func download(mod string) string {
	cmd := exec.Command("go", "mod", "download", "-json", mod)
	var stdout bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		log.Fatalf("go mod download %s: %v", mod, err)
	}
	var info struct{ Dir, Error string }
	if err := json.Unmarshal(stdout.Bytes(), &info); err != nil || info.Dir == "" {
		log.Fatalf("go mod download %s: %v %s", mod, err, info.Error)
	}
	return info.Dir
}

// typeRef names a type: its package path and name.
type typeRef struct{ Pkg, Name string }

// index holds the struct types of the API packages: for each, its fields
// and the named type each field holds (through pointers, slices, maps).
type index struct {
	structs map[typeRef]map[string]typeRef
}

// load indexes the struct types of k8s.io/api/<group> and returns the
// fields marked +default=.
func (x *index) load(apiDir, group string) []entry {
	pkg := "k8s.io/api/" + group
	dir := filepath.Join(apiDir, group)
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		log.Fatal(err)
	}
	var out []entry
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ParseComments)
		if err != nil {
			log.Fatal(err)
		}
		imports := importsOf(f)
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.TYPE {
				continue
			}
			for _, spec := range gd.Specs {
				ts := spec.(*ast.TypeSpec)
				st, ok := ts.Type.(*ast.StructType)
				if !ok {
					continue
				}
				fields := map[string]typeRef{}
				x.structs[typeRef{pkg, ts.Name.Name}] = fields
				for _, fl := range st.Fields.List {
					ref, ok := refOf(fl.Type, pkg, imports)
					names := fl.Names
					if len(names) == 0 && ok {
						names = []*ast.Ident{ast.NewIdent(ref.Name)} // embedded
					}
					for _, n := range names {
						if ok {
							fields[n.Name] = ref
						}
						if v, ok := marker(fl.Doc); ok {
							out = append(out, entry{Pkg: pkg, Type: ts.Name.Name, Name: n.Name, When: unsetWord(fl.Type), By: "+default=" + v})
						}
					}
				}
			}
		}
	}
	return out
}

// marker returns the value of a +default= marker in a field's comment.
func marker(doc *ast.CommentGroup) (string, bool) {
	if doc == nil {
		return "", false
	}
	for _, c := range doc.List {
		text := strings.TrimSpace(strings.TrimPrefix(c.Text, "//"))
		if v, ok := strings.CutPrefix(text, "+default="); ok {
			return v, true
		}
	}
	return "", false
}

// unsetWord is how an unset field of type t reads: nil for pointers,
// slices and maps, empty for strings, zero for numbers and bools, and
// unset for a named type the file does not say more of.
func unsetWord(t ast.Expr) string {
	switch t := t.(type) {
	case *ast.StarExpr, *ast.ArrayType, *ast.MapType:
		return "nil"
	case *ast.Ident:
		switch t.Name {
		case "string":
			return "empty"
		case "bool", "int", "int32", "int64":
			return "zero"
		}
	}
	return "unset"
}

func importsOf(f *ast.File) map[string]string {
	m := map[string]string{}
	for _, imp := range f.Imports {
		path, _ := strconv.Unquote(imp.Path.Value)
		name := path[strings.LastIndex(path, "/")+1:]
		if imp.Name != nil {
			name = imp.Name.Name
		}
		m[name] = path
	}
	return m
}

// refOf returns the named type t holds, looking through pointers, slices,
// arrays and map values.
func refOf(t ast.Expr, pkg string, imports map[string]string) (typeRef, bool) {
	switch t := t.(type) {
	case *ast.StarExpr:
		return refOf(t.X, pkg, imports)
	case *ast.ArrayType:
		return refOf(t.Elt, pkg, imports)
	case *ast.MapType:
		return refOf(t.Value, pkg, imports)
	case *ast.Ident:
		return typeRef{pkg, t.Name}, true
	case *ast.SelectorExpr:
		if id, ok := t.X.(*ast.Ident); ok {
			if path, ok := imports[id.Name]; ok {
				return typeRef{path, t.Sel.Name}, true
			}
		}
	}
	return typeRef{}, false
}

// setDefaults reads the SetDefaults_<Type>(obj *v1.<Type>) functions of a
// defaults.go file: every assignment to a field reached from obj (or from
// a local taken from it, `strategy := &obj.Spec.Strategy`) is a defaulted
// field, declared by the struct the path ends in.
func (x *index) setDefaults(file string) []entry {
	f, err := parser.ParseFile(token.NewFileSet(), file, nil, 0)
	if err != nil {
		log.Fatal(err)
	}
	imports := importsOf(f)
	var out []entry
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Body == nil || !strings.HasPrefix(fd.Name.Name, "SetDefaults_") || len(fd.Type.Params.List) != 1 {
			continue
		}
		p := fd.Type.Params.List[0]
		root, ok := refOf(p.Type, "", imports)
		if !ok || root.Pkg == "" || len(p.Names) != 1 {
			continue
		}
		w := &defaultsWalk{idx: x, fn: fd.Name.Name, root: root, roots: map[string][]string{p.Names[0].Name: nil}}
		w.block(fd.Body.List, nil)
		out = append(out, w.out...)
	}
	return out
}

type defaultsWalk struct {
	idx   *index
	fn    string
	root  typeRef
	roots map[string][]string // variables and the path from obj they hold
	out   []entry
}

// path returns the field path from obj that e is (obj.Spec.Replicas,
// *strategy.RollingUpdate, c.Ports[i]), without indexes.
func (w *defaultsWalk) path(e ast.Expr) ([]string, bool) {
	switch e := e.(type) {
	case *ast.Ident:
		p, ok := w.roots[e.Name]
		return p, ok
	case *ast.ParenExpr:
		return w.path(e.X)
	case *ast.StarExpr:
		return w.path(e.X)
	case *ast.UnaryExpr:
		if e.Op == token.AND {
			return w.path(e.X)
		}
	case *ast.IndexExpr:
		return w.path(e.X)
	case *ast.SelectorExpr:
		if p, ok := w.path(e.X); ok {
			return append(append([]string(nil), p...), e.Sel.Name), true
		}
	}
	return nil, false
}

// block walks statements; conds are the conditions of the enclosing ifs.
func (w *defaultsWalk) block(list []ast.Stmt, conds []ast.Expr) {
	for _, st := range list {
		w.stmt(st, conds)
	}
}

func (w *defaultsWalk) stmt(st ast.Stmt, conds []ast.Expr) {
	switch st := st.(type) {
	case *ast.AssignStmt:
		for i, l := range st.Lhs {
			if id, ok := l.(*ast.Ident); ok && i < len(st.Rhs) {
				if p, ok := w.path(st.Rhs[i]); ok && len(p) > 0 {
					w.roots[id.Name] = p // strategy := &obj.Spec.Strategy
				}
				continue
			}
			if p, ok := w.path(l); ok && len(p) > 0 && i < len(st.Rhs) {
				if _, fromObj := w.path(st.Rhs[i]); fromObj {
					continue // copied from another field of the object: kept in sync, not a default
				}
				w.record(p, conds)
			}
		}
	case *ast.IfStmt:
		if st.Init != nil {
			w.stmt(st.Init, conds)
		}
		w.block(st.Body.List, append(conds[:len(conds):len(conds)], st.Cond))
		if st.Else != nil {
			w.stmt(st.Else, append(conds[:len(conds):len(conds)], &ast.UnaryExpr{Op: token.NOT, X: st.Cond}))
		}
	case *ast.BlockStmt:
		w.block(st.List, conds)
	case *ast.RangeStmt:
		if p, ok := w.path(st.X); ok {
			if id, ok := st.Value.(*ast.Ident); ok {
				w.roots[id.Name] = p
			}
		}
		w.block(st.Body.List, conds)
	case *ast.ForStmt:
		w.block(st.Body.List, conds)
	case *ast.SwitchStmt:
		// A case is a condition like an if's: `switch obj.Kind { case
		// "User": obj.APIGroup = ... }` fills the field for some kinds only
		// (for a ServiceAccount subject the default is the empty value).
		if st.Init != nil {
			w.stmt(st.Init, conds)
		}
		for _, c := range st.Body.List {
			cc := c.(*ast.CaseClause)
			var cond ast.Expr = &ast.Ident{Name: "default"} // a default clause: the other cases' negation
			switch {
			case len(cc.List) != 1:
			case st.Tag == nil:
				cond = cc.List[0]
			default:
				cond = &ast.BinaryExpr{X: st.Tag, Op: token.EQL, Y: cc.List[0]}
			}
			w.block(cc.Body, append(conds[:len(conds):len(conds)], cond))
		}
	}
}

// record adds the field at p, with the condition under which it is set:
// "nil", "empty" or "zero" when an enclosing if tests exactly that.
func (w *defaultsWalk) record(p []string, conds []ast.Expr) {
	decl, field, ok := w.resolve(p)
	if !ok {
		return
	}
	// Filled whenever unset: every enclosing condition tests exactly that.
	// Any other condition (a feature gate, another field's value) makes
	// the default conditional.
	when := ""
	for _, c := range conds {
		v, ok := w.unsetTest(c, p)
		if !ok {
			when = ""
			break
		}
		when = v
	}
	e := entry{Pkg: decl.Pkg, Type: decl.Name, Name: field, When: when, By: w.fn}
	if len(p) > 1 && w.shared(decl) {
		e.Root = w.root.Name // SetDefaults_Pod setting obj.Spec.X: a Pod's, not a template's
	}
	w.out = append(w.out, e)
}

// shared reports whether struct t is held by a struct other than the ones
// on the way from the function's root: a PodSpec is in Pods and in every
// pod template.
func (w *defaultsWalk) shared(t typeRef) bool {
	holders := 0
	for _, fields := range w.idx.structs {
		for _, r := range fields {
			if r == t {
				holders++
				break
			}
		}
	}
	return holders > 1
}

// unsetTest reports whether cond is `p == nil`, `p == ""`, `p == 0` or
// `len(p) == 0`, and which.
func (w *defaultsWalk) unsetTest(cond ast.Expr, p []string) (string, bool) {
	b, ok := cond.(*ast.BinaryExpr)
	if !ok {
		return "", false
	}
	if b.Op == token.LAND {
		// Both sides must test p: `other == x && p == nil` is conditional.
		vx, okx := w.unsetTest(b.X, p)
		_, oky := w.unsetTest(b.Y, p)
		return vx, okx && oky
	}
	if b.Op != token.EQL {
		return "", false
	}
	lhs, isLen := b.X, false
	if call, ok := lhs.(*ast.CallExpr); ok {
		if id, ok := call.Fun.(*ast.Ident); ok && id.Name == "len" && len(call.Args) == 1 {
			lhs, isLen = call.Args[0], true
		}
	}
	q, ok := w.path(lhs)
	if !ok || strings.Join(q, ".") != strings.Join(p, ".") {
		return "", false
	}
	switch y := b.Y.(type) {
	case *ast.Ident:
		if y.Name == "nil" {
			return "nil", true
		}
	case *ast.BasicLit:
		if y.Value == `""` {
			return "empty", true
		}
		if y.Value == "0" && isLen {
			return "empty", true
		}
		if y.Value == "0" {
			return "zero", true
		}
	}
	return "", false
}

// resolve walks p from the root type and returns the struct declaring its
// last field.
func (w *defaultsWalk) resolve(p []string) (typeRef, string, bool) {
	cur := w.root
	for _, name := range p[:len(p)-1] {
		next, ok := w.idx.field(cur, name)
		if !ok {
			return typeRef{}, "", false
		}
		cur = next
	}
	if _, ok := w.idx.structs[cur][p[len(p)-1]]; !ok {
		if _, ok := w.idx.field(cur, p[len(p)-1]); !ok {
			return typeRef{}, "", false
		}
	}
	return cur, p[len(p)-1], true
}

// field returns the type of field name of t, looking into embedded
// structs.
func (x *index) field(t typeRef, name string) (typeRef, bool) {
	fields, ok := x.structs[t]
	if !ok {
		return typeRef{}, false
	}
	if r, ok := fields[name]; ok {
		return r, true
	}
	return typeRef{}, false
}

// dedupe keeps one entry per field: the first `fixed` entries (the hand
// list) as they are, else one with a simple condition; and sorts them.
func dedupe(in []entry, fixed int) []entry {
	best := map[[3]string]entry{}
	hand := map[[3]string]bool{}
	for i, e := range in {
		k := [3]string{e.Pkg, e.Type, e.Name}
		if hand[k] {
			continue
		}
		old, ok := best[k]
		switch {
		case !ok || (old.When == "" && e.When != ""):
			best[k] = e
		case old.Root != e.Root:
			old.Root = "" // defaulted from two kinds' functions: not one kind's
			best[k] = old
		}
		hand[k] = i < fixed
	}
	out := make([]entry, 0, len(best))
	for _, e := range best {
		out = append(out, e)
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Pkg != b.Pkg {
			return a.Pkg < b.Pkg
		}
		if a.Type != b.Type {
			return a.Type < b.Type
		}
		return a.Name < b.Name
	})
	return out
}

// render writes the table as tab-separated lines (package, type, field,
// when, by, root) under a header naming the versions read: data, not
// code, embedded by the defaults package.
func render(entries []entry, kube, api string) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "# Generated by tools/defaultgen from k8s.io/kubernetes %s and k8s.io/api %s. DO NOT EDIT.\n", kube, api)
	fmt.Fprintf(&b, "# kubernetes\t%s\n", kube)
	b.WriteString("# package\ttype\tfield\twhen\tby\troot\n")
	for _, e := range entries {
		fmt.Fprintf(&b, "%s\t%s\t%s\t%s\t%s\t%s\n", e.Pkg, e.Type, e.Name, e.When, e.By, e.Root)
	}
	return b.Bytes()
}
