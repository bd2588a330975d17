package fieldfight

// Embedded manifests. A CRD has a caBundle only under a webhook
// conversion. When the CRD that replaces a live spec is decoded from a
// manifest the module embeds (`//go:embed crd.yaml`), the manifest says
// whether it converts by webhook: if none of its CRDs does, there is no
// bundle to lose.

import (
	"go/ast"
	"go/token"
	"go/types"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// embedsFact marks a function that reads a manifest the module embeds,
// holding CRDs: Webhook when one of them converts by webhook.
type embedsFact struct {
	Webhook bool
}

func (*embedsFact) AFact() {}

func (f *embedsFact) String() string {
	if f.Webhook {
		return "embeds CRDs with a conversion webhook"
	}
	return "embeds CRDs without a conversion webhook"
}

// maxManifest bounds the bytes read from one embedded file.
const maxManifest = 4 << 20

var (
	crdKind         = regexp.MustCompile(`(?m)^\s*"?kind"?\s*:\s*"?CustomResourceDefinition"?`)
	webhookStrategy = regexp.MustCompile(`(?m)"?strategy"?\s*:\s*"?Webhook"?`)
)

// findEmbeds computes the functions of the package that read an embedded
// manifest holding CRDs, and exports their facts.
func (c *checker) findEmbeds(files []*ast.File) {
	c.embeds = map[*types.Func]*embedsFact{}
	vars := map[*types.Var]*embedsFact{}
	for _, f := range files {
		dir := filepath.Dir(c.pass.Fset.File(f.Pos()).Name())
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				patterns := embedPatterns(gd.Doc, vs.Doc)
				if len(patterns) == 0 || len(vs.Names) != 1 {
					continue
				}
				if v, ok := c.pass.TypesInfo.Defs[vs.Names[0]].(*types.Var); ok {
					if fact := readManifests(dir, patterns); fact != nil {
						vars[v] = fact
					}
				}
			}
		}
	}
	if len(vars) == 0 {
		return
	}
	for _, fd := range c.graph.Decls {
		var fact *embedsFact
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				if v, ok := c.pass.TypesInfo.Uses[id].(*types.Var); ok && vars[v] != nil {
					if fact == nil {
						fact = &embedsFact{}
					}
					fact.Webhook = fact.Webhook || vars[v].Webhook
				}
			}
			return true
		})
		if fn := c.graph.Func(fd); fn != nil && fact != nil {
			c.embeds[fn] = fact
			c.pass.ExportObjectFact(fn, fact)
		}
	}
}

// embedPatterns returns the patterns of the //go:embed directives in the
// comments.
func embedPatterns(groups ...*ast.CommentGroup) []string {
	var out []string
	for _, g := range groups {
		if g == nil {
			continue
		}
		for _, cm := range g.List {
			if rest, ok := strings.CutPrefix(cm.Text, "//go:embed "); ok {
				out = append(out, strings.Fields(rest)...)
			}
		}
	}
	return out
}

// readManifests reads the files the patterns name in dir (a directory
// named: the files below it) and returns what their CRDs show, or nil when
// they hold no CRD or cannot be read. Embedded files are read from the
// package's directory as the compiler reads them: the driver's ReadFile
// does not serve them.
func readManifests(dir string, patterns []string) *embedsFact {
	var fact *embedsFact
	read := func(path string) {
		info, err := os.Stat(path)
		if err != nil || info.Size() > maxManifest {
			return
		}
		b, err := os.ReadFile(path)
		if err != nil || !crdKind.Match(b) {
			return
		}
		if fact == nil {
			fact = &embedsFact{}
		}
		fact.Webhook = fact.Webhook || webhookStrategy.Match(b)
	}
	for _, p := range patterns {
		p = strings.TrimPrefix(strings.Trim(p, "\"`"), "all:")
		matches, _ := filepath.Glob(filepath.Join(dir, filepath.FromSlash(p)))
		for _, m := range matches {
			if rel, err := filepath.Rel(dir, m); err != nil || strings.HasPrefix(rel, "..") {
				continue
			}
			_ = filepath.WalkDir(m, func(path string, d fs.DirEntry, err error) error {
				if err == nil && !d.IsDir() {
					read(path)
				}
				return nil
			})
		}
	}
	return fact
}

// withoutConversionWebhook reports whether the CRD value e is decoded
// from embedded manifests none of whose CRDs converts by webhook: every
// function it comes from reads such a manifest.
func (c *checker) withoutConversionWebhook(r *row, e ast.Expr) bool {
	if r.kind != "CustomResourceDefinition" {
		return false
	}
	o, ok := c.flow.Origin(e)
	if !ok || o.Other || len(o.Params) > 0 || len(o.Funcs) == 0 {
		return false
	}
	for _, fn := range o.Funcs {
		f := c.embeds[fn]
		if f == nil && fn.Pkg() != c.pass.Pkg {
			f = new(embedsFact)
			if !c.pass.ImportObjectFact(fn, f) {
				f = nil
			}
		}
		if f == nil || f.Webhook {
			return false
		}
	}
	return true
}
